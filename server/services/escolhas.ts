import type { Escolha } from '#common/api/escalacao.ts';
import { temDescanso } from '#common/descanso.ts';
import { proximaPreferencia } from '#common/preferencia.ts';
import type { Dialeto } from '../db/connection.ts';
import { travarParaAtualizar } from '../db/dialeto.ts';
import { engajamentosProximos, escolhasDoAvulso } from '../db/repositorios/escalacao.ts';
import type { Db } from '../db/schema.ts';
import { ErroApp } from '../http/erro-app.ts';
import type { EscalaCompartilhada, OfertaCompartilhada } from './escala-compartilhada.ts';
import type { GravacaoEmGrupo } from './gravacao-em-grupo.ts';

/**
 * POST /api/vagas (decisions.md §3, docs/decisions/0020-escalacao-regras.md): the offers whose `escolhida`
 * changed, applied all or none in one transaction after every check. The server numbers preferences
 * (the client's value is ignored), so they stay distinct; it records its own time as horaDigitacao; a
 * repeated post changes nothing and answers the same state.
 */

export interface PedidoEscolhas {
  codAvulso: string;
  numEscalacao: number;
  categoria: number;
  escolhas: readonly Escolha[];
  agora: Date;
  horasDescanso: number;
}

export interface ResultadoEscolhas {
  escolhas: Escolha[];
  /** True when something was written (the confirmed list of that category changed). */
  alterou: boolean;
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

/**
 * Qualification, then rest, for the offers being chosen (clearing a choice is always allowed): the first
 * offer that fails names the refusal.
 */
export async function verificarElegibilidade(
  db: Db,
  pedido: PedidoEscolhas,
  ofertas: readonly OfertaCompartilhada[],
  habilitacoes: ReadonlySet<number>,
): Promise<void> {
  const escolhendo = ofertas.filter((_, i) => pedido.escolhas[i]?.escolhida);
  if (escolhendo.length === 0) return;
  let inicio = Number.POSITIVE_INFINITY;
  let fim = 0;
  for (const o of escolhendo) {
    inicio = Math.min(inicio, o.inicio);
    fim = Math.max(fim, o.fim);
  }
  for (const o of escolhendo) {
    if (!habilitacoes.has(o.codFuncao)) {
      throw new ErroApp('SemHabilitacao', `Você não possui habilitação para a função ${o.nomeFuncao}!`, {
        dados: { seqCategoria: o.seqCategoria },
      });
    }
  }
  const engajamentos = await engajamentosProximos(db, pedido.codAvulso, inicio, fim, pedido.horasDescanso);
  for (const o of escolhendo) {
    if (!temDescanso(o, engajamentos, pedido.horasDescanso)) {
      throw new ErroApp('SemDescanso', undefined, { dados: { seqCategoria: o.seqCategoria } });
    }
  }
}

export async function aplicarEscolhas(
  gravacao: GravacaoEmGrupo,
  dialeto: Dialeto,
  pedido: PedidoEscolhas,
  ofertas: readonly OfertaCompartilhada[],
): Promise<ResultadoEscolhas> {
  const { codAvulso, numEscalacao, categoria } = pedido;
  const agoraIso = pedido.agora.toISOString();
  // One write unit: it reads the worker's choices and applies the post inside the transaction it is given
  // (possibly shared with other workers' posts, see gravacao-em-grupo.ts).
  const estado = await gravacao.executar(async (trx) => {
    // Two posts of one worker at once: the second waits here for the first to commit (PostgreSQL).
    await travarParaAtualizar(
      trx.selectFrom('avulso').select('cod_avulso').where('cod_avulso', '=', codAvulso),
      dialeto,
    );
    const atuais = await escolhasDoAvulso(trx, codAvulso, numEscalacao, categoria);
    const porSeq = new Map(atuais.map((e) => [e.seq_categoria, { id: e.id, preferencia: e.preferencia }]));

    const remover: number[] = [];
    const inserir: { seq: number; preferencia: number }[] = [];
    for (const e of pedido.escolhas) {
      const atual = porSeq.get(e.seqCategoria);
      if (!e.escolhida && atual) {
        remover.push(e.seqCategoria);
        porSeq.delete(e.seqCategoria);
      }
    }
    for (const e of pedido.escolhas) {
      if (e.escolhida && !porSeq.has(e.seqCategoria)) {
        const preferencia = proximaPreferencia(
          [...porSeq.values()].map((v) => ({
            escolhida: true,
            habilitado: true,
            preferencia: v.preferencia,
          })),
        );
        inserir.push({ seq: e.seqCategoria, preferencia });
        porSeq.set(e.seqCategoria, { id: 0, preferencia });
      }
    }
    if (remover.length > 0) {
      await trx
        .deleteFrom('escolha')
        .where('cod_avulso', '=', codAvulso)
        .where('seq_categoria', 'in', remover)
        .execute();
    }
    if (inserir.length > 0) {
      const novas = await trx
        .insertInto('escolha')
        .values(
          inserir.map((i) => ({
            num_escalacao: numEscalacao,
            cod_categoria: categoria,
            seq_categoria: i.seq,
            cod_avulso: codAvulso,
            preferencia: i.preferencia,
            hora_digitacao: agoraIso,
          })),
        )
        .returning(['id', 'seq_categoria'])
        .execute();
      for (const n of novas) {
        const v = porSeq.get(n.seq_categoria);
        if (v) v.id = n.id;
      }
    }
    // Each choice keeps the server's time it was made; the worker's horaDigitacao in a category is the latest.
    const alterou = remover.length > 0 || inserir.length > 0;
    return { porSeq, alterou };
  });

  return {
    alterou: estado.alterou,
    escolhas: pedido.escolhas.map((e, i) => {
      const oferta = ofertas[i] as OfertaCompartilhada;
      const escolha = estado.porSeq.get(e.seqCategoria);
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
    }),
  };
}
