import { useQuery } from '@tanstack/react-query';
import { BadgeCheck, CircleSlash } from 'lucide-react';
import { useState } from 'react';
import type { ResultadoAvulso } from '#common/api/gestao.ts';
import { categoriaDaOferta } from '#common/funcoes.ts';
import { nomePorao } from '#common/porao.ts';
import { formatarDataIso, preencher, turno } from '#common/texto.ts';
import { ultimosTrabalhosQuery } from '../lib/api-avulso.ts';
import { confirmadosPublicadaQuery, resultadoEscalaQuery } from '../lib/resultado-escala.ts';
import { useAvulso } from '../lib/sessao.ts';
import './resultado-escala.css';

const dataOperacao = (yyyymmdd: string) =>
  `${yyyymmdd.slice(6, 8)}/${yyyymmdd.slice(4, 6)}/${yyyymmdd.slice(0, 4)}`;

function chamada(r: ResultadoAvulso) {
  return `Escala nº ${r.numEscalacao}, chamada de ${formatarDataIso(r.dataChamada)} às ${r.horaChamada}`;
}

/**
 * Who the rotation engaged in the worker's category, from the published call's confirmed list (issue 16,
 * "the confirmed list of a published call shows who was engaged"): read when opened, in rotation-list order.
 */
function EscaladosDaEscala({ numEscalacao, codCategoria }: { numEscalacao: number; codCategoria: number }) {
  const [aberto, setAberto] = useState(false);
  const { codAvulso } = useAvulso();
  const consulta = useQuery({ ...confirmadosPublicadaQuery(numEscalacao, codCategoria), enabled: aberto });
  const escalados = (consulta.data?.avulsosConfirmados ?? [])
    .flatMap((g) => g.avulsos)
    .filter((a) => a.escalado)
    .sort((a, b) => a.numChamada - b.numChamada);
  return (
    <details className="resultado-escala-motivos" onToggle={(e) => setAberto(e.currentTarget.open)}>
      <summary>Quem foi escalado nesta escala</summary>
      {consulta.isPending && aberto ? <p className="texto-suave">Carregando...</p> : null}
      {consulta.isError ? <p className="texto-erro">Não foi possível carregar a lista.</p> : null}
      {consulta.data ? (
        <>
          <p className="texto-suave">
            {escalados.length === 0
              ? 'Ninguém da sua categoria foi escalado.'
              : `${escalados.length} ${escalados.length === 1 ? 'trabalhador escalado' : 'trabalhadores escalados'} na sua categoria, entre os que escolheram:`}
          </p>
          <ul className="resultado-escala-escalados">
            {escalados.map((a) => (
              <li key={a.codAvulso} className={a.codAvulso === codAvulso ? 'resultado-escala-eu' : undefined}>
                <span className="resultado-escala-num">nº {preencher(a.numChamada, 4)}</span> {a.nomeAvulso}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </details>
  );
}

/**
 * The worker's result of the last published call (issue 16): engaged, with the job (the badge comes with
 * the current job), or not engaged, with the reasons, one per choice. `semEscolhas` also says when the
 * worker chose nothing in that call.
 */
export function ResultadoEscala({ semEscolhas = false }: { semEscolhas?: boolean }) {
  const { data: r } = useQuery(resultadoEscalaQuery);
  const { data: trabalhos } = useQuery(ultimosTrabalhosQuery);
  const { codCategoria } = useAvulso();
  if (!r) return null;
  // The category of the list: the job's when engaged, else the worker's own (one the call offers).
  const categoria = r.resultado === 'escalado' ? categoriaDaOferta(r.trabalho.codFuncao) : codCategoria;
  const lista =
    categoria !== undefined && [1, 2, 4, 6].includes(categoria) ? (
      <EscaladosDaEscala numEscalacao={r.numEscalacao} codCategoria={categoria} />
    ) : null;
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
    // Two jobs at once (issue 29): engaged for a later job while the badge still shows the one of now.
    const corrente = trabalhos?.trabalhoCorrente;
    const antes =
      corrente &&
      !(
        corrente.dataOperacao === t.dataOperacao &&
        corrente.horaInicio === t.horaInicio &&
        corrente.navio === t.navio
      )
        ? corrente
        : null;
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
        {antes ? (
          <p className="resultado-escala-proximo">
            <strong>Este é o seu próximo trabalho.</strong> Antes dele vem o de{' '}
            {dataOperacao(antes.dataOperacao)}, turno {turno(antes.horaInicio, antes.horaFim)} ({antes.navio}
            ), que é o do crachá; o crachá passa a mostrar este quando aquele terminar.
          </p>
        ) : null}
        {lista}
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
      {/* One choice: its sentence is the paragraph already. */}
      {r.escolhas.length > 1 ? (
        <details className="resultado-escala-motivos">
          <summary>Por que, escolha por escolha</summary>
          <ol>
            {r.escolhas.map((e) => (
              <li key={e.ordem}>{e.texto}</li>
            ))}
          </ol>
        </details>
      ) : null}
      {lista}
    </section>
  );
}
