import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown, TriangleAlert, Users } from 'lucide-react';
import { useState } from 'react';
import { preencher } from '#common/formato.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';
import { useAvulso } from '../../lib/sessao.ts';
import { horaDigitacao, nomeConfirmado } from './apresentacao.ts';
import { CONFIRMADOS_INICIAL } from './confirmados.ts';
import { atualizarConfirmados, useEstadoEscala } from './loja-escala.ts';

const TITULO = 'Pessoas que já confirmaram escolhas';
const GRUPO_MULTIFUNCIONAIS = 'Multifuncionais';

/**
 * The collapsible panel of the workers who already confirmed choices in this call and category.
 * Each opening shows what was cached and refreshes it; a spinner while loading, a warning icon on error.
 */
export function PainelConfirmados({ codCategoria }: { codCategoria: number }) {
  const { codAvulso } = useAvulso();
  const fuso = useFusoPorto();
  const { confirmados } = useEstadoEscala();
  const { status, dados } = confirmados[codCategoria] ?? CONFIRMADOS_INICIAL;
  const [aberto, setAberto] = useState('');
  const grupos = (dados?.avulsosConfirmados ?? []).filter((g) => g.exibe);
  const total = grupos.reduce((soma, g) => soma + g.avulsos.length, 0);

  return (
    <Accordion.Root
      type="single"
      collapsible
      className="acordeao confirmados"
      value={aberto}
      onValueChange={(valor) => {
        setAberto(valor);
        if (valor) void atualizarConfirmados(codCategoria);
      }}
    >
      <Accordion.Item value="confirmados" className="acordeao-item">
        <Accordion.Header asChild>
          <h2 className="confirmados-cabecalho">
            <Accordion.Trigger className="acordeao-gatilho" data-status={status}>
              <span className="confirmados-titulo">
                <Users aria-hidden size={20} />
                {TITULO}
                {status === 'carregado' || (status === 'carregando' && dados) ? (
                  <span className="confirmados-total">{total}</span>
                ) : null}
              </span>
              <span className="confirmados-estado">
                {status === 'carregando' ? (
                  <span className="spinner" role="img" aria-label="Carregando" />
                ) : null}
                {status === 'erro' ? (
                  <TriangleAlert
                    className="confirmados-erro"
                    role="img"
                    aria-label="Erro ao carregar a lista"
                    size={20}
                  />
                ) : null}
                <ChevronDown aria-hidden size={20} />
              </span>
            </Accordion.Trigger>
          </h2>
        </Accordion.Header>
        <Accordion.Content className="acordeao-conteudo">
          {status === 'erro' ? (
            <p className="texto-erro confirmados-aviso">Não foi possível atualizar a lista.</p>
          ) : null}
          {dados && grupos.length === 0 ? (
            <p className="texto-suave">Ninguém confirmou escolhas ainda.</p>
          ) : null}
          {!dados && status === 'carregando' ? <p className="texto-suave">Carregando...</p> : null}
          {grupos.map((grupo) => (
            <section key={grupo.nome} className="confirmados-grupo" aria-label={grupo.nome}>
              <h3 className="confirmados-grupo-titulo">
                {grupo.nome} <span className="texto-suave">({grupo.avulsos.length})</span>
              </h3>
              <table className="tabela confirmados-tabela">
                <thead>
                  <tr>
                    <th scope="col">Nº</th>
                    <th scope="col">Matrícula</th>
                    <th scope="col">Nome</th>
                    <th scope="col">Hora</th>
                  </tr>
                </thead>
                <tbody>
                  {grupo.avulsos.map((a) => (
                    <tr
                      key={a.codAvulso}
                      className={a.codAvulso === codAvulso ? 'confirmados-eu' : undefined}
                    >
                      <td>{preencher(a.numChamada, 3)}</td>
                      <td>{a.codAvulso}</td>
                      <td>
                        {nomeConfirmado(a.nomeAvulso, a.sindicato, grupo.nome === GRUPO_MULTIFUNCIONAIS)}
                        {/* A published call: who the rotation engaged (docs/decisions/0155). */}
                        {a.escalado ? <span className="confirmados-escalado">Escalado</span> : null}
                      </td>
                      <td className="confirmados-hora">{horaDigitacao(a.horaDigitacao, fuso)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </Accordion.Content>
      </Accordion.Item>
    </Accordion.Root>
  );
}
