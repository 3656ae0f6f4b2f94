import type { Escolha } from '#common/api/escalacao.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import type { MudancaContagens } from './avisos.ts';
import type { EscalaCompartilhada, OfertaCompartilhada } from './escala-compartilhada.ts';

/**
 * A post of choices (POST /api/vagas) as the writer takes it: the request, the checks that need no database
 * (the offers exist as posted, the worker holds their functions) and the answer built from the rows after
 * the writes. Shared by the SQLite writer (escolhas.ts) and the PostgreSQL one (escolhas-postgres.ts).
 */

export interface PedidoEscolhas {
  codAvulso: string;
  numEscalacao: number;
  categoria: number;
  escolhas: readonly Escolha[];
  agora: Date;
  horasDescanso: number;
  /** Test users may post to a closed call (docs/produto/decisoes.md §3). */
  usuarioTeste: boolean;
}

export interface ResultadoEscolhas {
  escolhas: Escolha[];
  /** True when something was written (the confirmed list of that category changed). */
  alterou: boolean;
  /** The worker's latest typing time left in the category after the post; null when no choice is left. */
  horaMax: string | null;
  /** When something was written: what it changed in the counts (docs/decisions/0173). */
  contagens?: MudancaContagens;
}

/** The counts' changes of a post: -1 for each choice removed, +1 for each inserted. */
export function deltasDoPost(removidas: readonly number[], inseridas: readonly number[]): [number, number][] {
  const deltas = new Map<number, number>();
  for (const s of removidas) deltas.set(s, (deltas.get(s) ?? 0) - 1);
  for (const s of inseridas) deltas.set(s, (deltas.get(s) ?? 0) + 1);
  return [...deltas].filter(([, d]) => d !== 0);
}

/** Every posted offer must exist in this call and category, with the function and requisition it claims. */
export function localizarOfertas(
  escala: EscalaCompartilhada,
  categoria: number,
  escolhas: readonly Escolha[],
): OfertaCompartilhada[] {
  return escolhas.map((e) => {
    const oferta = escala.ofertas.get(e.seqCategoria);
    if (
      !oferta ||
      oferta.codCategoria !== categoria ||
      oferta.codFuncao !== e.codFuncao ||
      oferta.numRequisicao !== e.numRequisicao
    ) {
      throw new ErroApp('NaoEncontrado', 'Oferta não encontrada nesta escala e categoria.', {
        dados: { seqCategoria: e.seqCategoria },
      });
    }
    return oferta;
  });
}

/** Qualification of every offer being chosen (clearing a choice is always allowed): the first that fails. */
export function verificarHabilitacao(
  pedido: PedidoEscolhas,
  ofertas: readonly OfertaCompartilhada[],
  habilitacoes: ReadonlySet<number>,
): void {
  ofertas.forEach((o, i) => {
    if (pedido.escolhas[i]?.escolhida && !habilitacoes.has(o.codFuncao)) {
      throw new ErroApp('SemHabilitacao', `Você não possui habilitação para a função ${o.nomeFuncao}!`, {
        dados: { seqCategoria: o.seqCategoria },
      });
    }
  });
}

/** The answer's offers, in the post's order, with the worker's rows after the writes. */
export function respostaDoPost(
  pedido: PedidoEscolhas,
  ofertas: readonly OfertaCompartilhada[],
  porSeq: ReadonlyMap<number, { id: number; preferencia: number }>,
): Escolha[] {
  return pedido.escolhas.map((e, i) => {
    const oferta = ofertas[i] as OfertaCompartilhada;
    const escolha = porSeq.get(e.seqCategoria);
    return {
      numRequisicao: oferta.numRequisicao,
      codOperador: oferta.codOperador,
      codNavio: oferta.codNavio,
      dataOperacao: oferta.dataOperacao,
      codPeriodo: oferta.codPeriodo,
      numPorao: oferta.numPorao,
      numPoraoFuncao: e.numPoraoFuncao,
      codFuncao: oferta.codFuncao,
      nomeFuncao: oferta.nomeFuncao,
      seqCategoria: oferta.seqCategoria,
      seqCategoTPA: escolha?.id ?? 0,
      escolhida: escolha !== undefined,
      preferencia: escolha?.preferencia ?? null,
    };
  });
}
