import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, CircleSlash } from 'lucide-react';
import type { ResultadoAvulso } from '#common/api/gestao.ts';
import { formatarDataIso, turno } from '#common/formato.ts';
import { nomePorao } from '#common/porao.ts';
import { resultadoEscalaQuery } from '../lib/resultado-escala.ts';
import './resultado-escala.css';

const dataOperacao = (yyyymmdd: string) =>
  `${yyyymmdd.slice(6, 8)}/${yyyymmdd.slice(4, 6)}/${yyyymmdd.slice(0, 4)}`;

function chamada(r: ResultadoAvulso) {
  return `Escala nº ${r.numEscalacao}, chamada de ${formatarDataIso(r.dataChamada)} às ${r.horaChamada}`;
}

/**
 * The worker's result of the last published call (issue 16): engaged, with the job (the badge comes with
 * the current job), or not engaged, with the reasons, one per choice. `semEscolhas` also says when the
 * worker chose nothing in that call.
 */
export function ResultadoEscala({ semEscolhas = false }: { semEscolhas?: boolean }) {
  const { data: r } = useQuery(resultadoEscalaQuery);
  if (!r) return null;
  if (r.resultado === 'sem-escolhas') {
    if (!semEscolhas) return null;
    return (
      <section className="cartao resultado-escala" aria-labelledby="titulo-resultado-escala">
        <h2 id="titulo-resultado-escala" className="cartao-titulo">
          Resultado da última escala
        </h2>
        <p className="texto-suave">{chamada(r)}: você não fez escolhas nesta escala.</p>
      </section>
    );
  }
  if (r.resultado === 'escalado') {
    const t = r.trabalho;
    return (
      <section
        className="cartao resultado-escala resultado-escala-escalado"
        aria-labelledby="titulo-resultado-escala"
      >
        <h2 id="titulo-resultado-escala" className="cartao-titulo">
          <BadgeCheck aria-hidden size={24} />
          Você foi escalado!
        </h2>
        <p className="texto-suave">{chamada(r)}</p>
        <p className="resultado-escala-trabalho">
          <strong>{t.funcao}</strong> no <strong>{t.navio}</strong>, {nomePorao(t.numPorao)} ({t.mercadoria}),{' '}
          {dataOperacao(t.dataOperacao)}, turno {turno(t.horaInicio, t.horaFim)}, {t.localAtracacao}.
        </p>
        <p>{r.motivo}</p>
      </section>
    );
  }
  return (
    <section
      className="cartao resultado-escala resultado-escala-nao"
      aria-labelledby="titulo-resultado-escala"
    >
      <h2 id="titulo-resultado-escala" className="cartao-titulo">
        <CircleSlash aria-hidden size={24} />
        Você não foi escalado
      </h2>
      <p className="texto-suave">{chamada(r)}</p>
      <p>{r.motivo}</p>
      {r.escolhas.length > 0 ? (
        <details className="resultado-escala-motivos">
          <summary>Por que, escolha por escolha</summary>
          <ol>
            {r.escolhas.map((e) => (
              <li key={e.ordem}>{e.texto}</li>
            ))}
          </ol>
        </details>
      ) : null}
    </section>
  );
}
