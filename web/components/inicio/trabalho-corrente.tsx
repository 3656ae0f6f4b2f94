import { useQuery } from '@tanstack/react-query';
import { IdCard } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { turno } from '#common/texto.ts';
import { ultimosTrabalhosQuery } from '../../lib/api-avulso.ts';
import { dataTrabalho } from '../../lib/data-trabalho.ts';
import { useAvulso } from '../../lib/sessao.ts';
import './inicio.css';

/**
 * The badge's dialog (Radix, 12 KB brotli) comes when the worker first opens it, not with the home's first
 * paint (docs/decisions/0124-inicio-mais-leve.md).
 */
const Cracha = lazy(async () => ({ default: (await import('./cracha.tsx')).Cracha }));

/**
 * The current job (docs/produto/escalacao.md §2, 'Escalado para a operação') with the 'Crachá' button; nothing when
 * the worker has no current job. Used on /inicio and /escalacao.
 */
export function TrabalhoCorrente() {
  const avulso = useAvulso();
  const { data } = useQuery(ultimosTrabalhosQuery);
  const [crachaAberto, setCrachaAberto] = useState(false);
  // Once opened, the badge stays mounted, so it closes with its animation instead of vanishing.
  const [crachaUsado, setCrachaUsado] = useState(false);
  const trabalho = data?.trabalhoCorrente;
  if (!trabalho) return null;

  const colunas: [string, string][] = [
    ['Data', dataTrabalho(trabalho.dataOperacao)],
    ['Turno', turno(trabalho.horaInicio, trabalho.horaFim)],
    ['Operador', trabalho.operador],
    ['Navio', trabalho.navio],
    ['Cais', trabalho.localAtracacao],
    ['Mercadoria', trabalho.mercadoria],
    ['Função', trabalho.funcao],
  ];

  return (
    <section className="cartao trabalho-corrente" aria-labelledby="titulo-trabalho-corrente">
      <div className="trabalho-corrente-cabecalho">
        <h2 id="titulo-trabalho-corrente" className="cartao-titulo">
          Escalado para a operação
        </h2>
        <button
          type="button"
          className="botao botao-destaque"
          onClick={() => {
            setCrachaUsado(true);
            setCrachaAberto(true);
          }}
        >
          <IdCard aria-hidden size={20} />
          Crachá
        </button>
      </div>
      {/* Which job the badge is for, said here (with a published later job beside it, issue 29). */}
      <p className="trabalho-corrente-cracha">O crachá mostra este trabalho.</p>
      <table className="tabela tabela-empilhada">
        <thead>
          <tr>
            {colunas.map(([titulo]) => (
              <th key={titulo} scope="col">
                {titulo}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {colunas.map(([titulo, valor]) => (
              <td key={titulo} data-rotulo={titulo}>
                {valor}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
      {crachaUsado ? (
        <Suspense fallback={null}>
          <Cracha aberto={crachaAberto} aoMudar={setCrachaAberto} avulso={avulso} trabalho={trabalho} />
        </Suspense>
      ) : null}
    </section>
  );
}
