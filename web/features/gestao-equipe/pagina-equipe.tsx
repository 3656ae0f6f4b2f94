import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History, UserCog } from 'lucide-react';
import { useState } from 'react';
import type { MembroEquipe } from '#common/api/equipe.ts';
import { NOMES_PAPEIS, PAPEIS, type Papel } from '#common/dominio.ts';
import { formatarNoFuso } from '#common/tempo.ts';
import { MenuGestao } from '../../components/layout/menu-gestao.tsx';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';
import { equipeQuery, mudarPapel } from './api.ts';
import './gestao-equipe.css';

/** /gestao/equipe (issue 30): each staff member's roles, granted and taken away, and the latest changes. */

const mensagemDe = (erro: unknown) => (erro instanceof ErroApi ? erro.message : 'Erro inesperado.');

function Membro({ membro }: { membro: MembroEquipe }) {
  const cliente = useQueryClient();
  const [erro, setErro] = useState<string | null>(null);
  const mutacao = useMutation({
    mutationFn: ({ papel, ter }: { papel: Papel; ter: boolean }) => mudarPapel(membro.codAvulso, papel, ter),
    onMutate: () => setErro(null),
    onError: (e) => setErro(mensagemDe(e)),
    onSettled: () => cliente.invalidateQueries({ queryKey: equipeQuery.queryKey }),
  });
  return (
    <li className="equipe-membro">
      <fieldset>
        <legend>
          {membro.nome} <span className="texto-suave">({membro.codAvulso})</span>
        </legend>
        <div className="equipe-papeis">
          {PAPEIS.map((papel) => (
            <label key={papel} className="equipe-papel">
              <input
                type="checkbox"
                checked={membro.papeis.includes(papel)}
                disabled={mutacao.isPending}
                onChange={(e) => mutacao.mutate({ papel, ter: e.target.checked })}
              />
              {NOMES_PAPEIS[papel]}
            </label>
          ))}
        </div>
        {erro ? <Alerta tipo="erro">{erro}</Alerta> : null}
      </fieldset>
    </li>
  );
}

export function PaginaEquipe() {
  const consulta = useQuery(equipeQuery);
  const fuso = useFusoPorto();
  return (
    <div className="pilha gestao-equipe">
      <MenuGestao />
      <div className="pagina-cabecalho">
        <UserCog aria-hidden size={28} />
        <h1>Equipe do OGMO</h1>
      </div>
      {consulta.isPending ? <Carregando texto="Carregando a equipe..." /> : null}
      {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
      {consulta.data ? (
        <>
          <section className="cartao" aria-labelledby="titulo-papeis">
            <h2 id="titulo-papeis" className="cartao-titulo">
              Papéis
            </h2>
            <p className="texto-suave">
              Cada papel abre uma área da gestão. Toda concessão e retirada fica no histórico, com quem fez e
              quando.
            </p>
            <ul className="equipe-membros">
              {consulta.data.membros.map((m) => (
                <Membro key={m.codAvulso} membro={m} />
              ))}
            </ul>
          </section>
          <section className="cartao" aria-labelledby="titulo-historico-papeis">
            <h2 id="titulo-historico-papeis" className="cartao-titulo">
              <History aria-hidden size={22} />
              Últimas mudanças
            </h2>
            {consulta.data.historico.length === 0 ? (
              <Alerta tipo="info">Nenhuma mudança de papel ainda.</Alerta>
            ) : (
              <ul className="equipe-historico">
                {consulta.data.historico.map((h) => (
                  <li key={h.id}>
                    <strong>{formatarNoFuso(h.em, fuso, 'dd/MM/yyyy HH:mm')}</strong> — {h.porNome}:{' '}
                    {h.descricao.toLowerCase()} <em>{h.antes?.papel ?? h.depois?.papel}</em> de {h.nome} (
                    {h.antes?.papeis} → {h.depois?.papeis})
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
      <BotaoVoltar para={caminhos.inicio} />
    </div>
  );
}
