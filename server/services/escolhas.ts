import { sql } from 'kysely';
import type { Escolha } from '#common/api/escalacao.ts';
import { limiteDescanso, temDescanso } from '#common/descanso.ts';
import { proximaPreferencia } from '#common/preferencia.ts';
import type { Banco } from '../db/connection.ts';
import { buscarEscala, engajamentosProximos, escolhasDoAvulso } from '../db/repositorios/escalacao.ts';
import type { Db } from '../db/schema.ts';
import { ErroApp } from '../http/erro-app.ts';
import { ColetaDaVolta } from './carga-em-lote.ts';
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
  /** Test users may post to a closed call (decisions.md §3). */
  usuarioTeste: boolean;
}

export interface ResultadoEscolhas {
  escolhas: Escolha[];
  /** True when something was written (the confirmed list of that category changed). */
  alterou: boolean;
  /** The worker's latest typing time left in the category after the post; null when no choice is left. */
  horaMax: string | null;
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

/** The rest rule for the offers being chosen (SQLite; PostgreSQL checks it inside escolher_ofertas). */
async function verificarDescanso(
  db: Db,
  pedido: PedidoEscolhas,
  ofertas: readonly OfertaCompartilhada[],
): Promise<void> {
  const escolhendo = ofertas.filter((_, i) => pedido.escolhas[i]?.escolhida);
  if (escolhendo.length === 0) return;
  let inicio = Number.POSITIVE_INFINITY;
  let fim = 0;
  for (const o of escolhendo) {
    inicio = Math.min(inicio, o.inicio);
    fim = Math.max(fim, o.fim);
  }
  const engajamentos = await engajamentosProximos(db, pedido.codAvulso, inicio, fim, pedido.horasDescanso);
  for (const o of escolhendo) {
    if (!temDescanso(o, engajamentos, pedido.horasDescanso)) {
      throw new ErroApp('SemDescanso', undefined, { dados: { seqCategoria: o.seqCategoria } });
    }
  }
}

/**
 * Applies a post after the route's checks (call in the cache, impediment, offers, qualifications): the call's
 * row read now (no choice on a call closed a moment ago), the rest rule, then the writes, all or none.
 * PostgreSQL does all of it in one statement (escolher_ofertas, migration 2026-11-21-07); SQLite in the
 * group commit.
 */
export async function registrarEscolhas(
  banco: Banco,
  gravacao: GravacaoEmGrupo,
  lotes: LotesDeEscolhas,
  pedido: PedidoEscolhas,
  ofertas: readonly OfertaCompartilhada[],
): Promise<ResultadoEscolhas> {
  if (banco.dialeto === 'postgres') return escolherNoPostgres(lotes, pedido, ofertas);
  const escala = await buscarEscala(banco.db, pedido.numEscalacao);
  if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  if (escala.aberta !== 1 && !pedido.usuarioTeste) throw new ErroApp('EscalaFechada');
  await verificarDescanso(banco.db, pedido, ofertas);
  return aplicarEscolhas(gravacao, pedido, ofertas);
}

export interface RespostaEscolherOfertas {
  situacao: 'ok' | 'NaoEncontrado' | 'EscalaFechada' | 'SemDescanso';
  seq?: number;
  alterou?: boolean;
  horaMax?: string | null;
  escolhas?: { seq: number; id: number; preferencia: number }[];
}

export interface ArgumentosEscolherOfertas {
  avulso: string;
  escalacao: number;
  categoria: number;
  teste: boolean;
  remover: number[];
  escolher: number[];
  limiteFim: string[];
  fim: string[];
  agora: string;
}

/** Most posts in one call of escolher_ofertas_lote: bounds how long one COMMIT holds the workers' rows. */
const MAXIMO_POR_LOTE_PG = 64;

/**
 * PostgreSQL: the posts that arrive in the same turn of the event loop go to the database together, in one
 * statement and one COMMIT (escolher_ofertas_lote, migration 2026-11-22-02; docs/decisions/0026). Each post
 * is still all or none and answered with its own result: a refusal is an answer of the function; an error
 * undoes the batch and each post is retried alone, in arrival order. Posts are sent ordered by worker (arrival
 * order within a worker), so concurrent batches lock the workers' rows in the same order.
 */
interface PostNoLote {
  args: ArgumentosEscolherOfertas;
  resolver: (r: RespostaEscolherOfertas) => void;
  rejeitar: (e: unknown) => void;
}

export class LotesDeEscolhas {
  private readonly db: Db;
  private readonly coleta = new ColetaDaVolta<PostNoLote>(
    (lote) => void this.enviarLote(lote),
    MAXIMO_POR_LOTE_PG,
  );
  /** Batches of more than one post sent, and the largest (diagnostics and tests). */
  readonly estatisticas = { lotes: 0, maior: 0 };

  constructor(db: Db) {
    this.db = db;
  }

  executar(args: ArgumentosEscolherOfertas): Promise<RespostaEscolherOfertas> {
    return new Promise((resolver, rejeitar) => this.coleta.adicionar({ args, resolver, rejeitar }));
  }

  private async enviarLote(lote: PostNoLote[]): Promise<void> {
    if (lote.length === 1) {
      const [p] = lote as [(typeof lote)[number]];
      await this.sozinho(p.args).then(p.resolver, p.rejeitar);
      return;
    }
    // Array sort is stable: a worker's posts keep their arrival order.
    const ordem = [...lote].sort((a, b) =>
      a.args.avulso < b.args.avulso ? -1 : a.args.avulso > b.args.avulso ? 1 : 0,
    );
    this.estatisticas.lotes++;
    this.estatisticas.maior = Math.max(this.estatisticas.maior, lote.length);
    let respostas: RespostaEscolherOfertas[] | undefined;
    try {
      const json = JSON.stringify(ordem.map((p) => p.args));
      const { rows } = await sql<{
        r: RespostaEscolherOfertas[];
      }>`select escolher_ofertas_lote(${json}::json) as r`.execute(this.db);
      respostas = rows[0]?.r;
    } catch {
      // The batch was undone: each post alone, in arrival order.
      for (const p of lote) await this.sozinho(p.args).then(p.resolver, p.rejeitar);
      return;
    }
    if (!respostas || respostas.length !== ordem.length) {
      const erro = new Error('escolher_ofertas_lote não respondeu');
      for (const p of ordem) p.rejeitar(erro);
      return;
    }
    for (const [i, p] of ordem.entries()) p.resolver(respostas[i] as RespostaEscolherOfertas);
  }

  private async sozinho(a: ArgumentosEscolherOfertas): Promise<RespostaEscolherOfertas> {
    const { rows } = await sql<{ r: RespostaEscolherOfertas }>`select escolher_ofertas(
      ${a.avulso}, ${a.escalacao}, ${a.categoria}, ${a.teste},
      ${a.remover}::integer[], ${a.escolher}::integer[], ${a.limiteFim}::varchar[], ${a.fim}::varchar[],
      ${a.agora}
    ) as r`.execute(this.db);
    const r = rows[0]?.r;
    if (!r) throw new Error('escolher_ofertas não respondeu');
    return r;
  }
}

async function escolherNoPostgres(
  lotes: LotesDeEscolhas,
  pedido: PedidoEscolhas,
  ofertas: readonly OfertaCompartilhada[],
): Promise<ResultadoEscolhas> {
  const remover: number[] = [];
  const escolher: number[] = [];
  const limitesFim: string[] = [];
  const fins: string[] = [];
  ofertas.forEach((o, i) => {
    if (pedido.escolhas[i]?.escolhida) {
      escolher.push(o.seqCategoria);
      limitesFim.push(new Date(limiteDescanso(o.inicio, pedido.horasDescanso)).toISOString());
      fins.push(new Date(o.fim).toISOString());
    } else {
      remover.push(o.seqCategoria);
    }
  });
  const r = await lotes.executar({
    avulso: pedido.codAvulso,
    escalacao: pedido.numEscalacao,
    categoria: pedido.categoria,
    teste: pedido.usuarioTeste,
    remover,
    escolher,
    limiteFim: limitesFim,
    fim: fins,
    agora: pedido.agora.toISOString(),
  });
  if (r.situacao === 'NaoEncontrado') throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  if (r.situacao === 'EscalaFechada') throw new ErroApp('EscalaFechada');
  if (r.situacao === 'SemDescanso') {
    throw new ErroApp('SemDescanso', undefined, { dados: { seqCategoria: r.seq } });
  }
  const porSeq = new Map((r.escolhas ?? []).map((e) => [e.seq, { id: e.id, preferencia: e.preferencia }]));
  return {
    alterou: r.alterou === true,
    horaMax: r.horaMax ?? null,
    escolhas: respostaDoPost(pedido, ofertas, porSeq),
  };
}

async function aplicarEscolhas(
  gravacao: GravacaoEmGrupo,
  pedido: PedidoEscolhas,
  ofertas: readonly OfertaCompartilhada[],
): Promise<ResultadoEscolhas> {
  const { codAvulso, numEscalacao, categoria } = pedido;
  const agoraIso = pedido.agora.toISOString();
  // One write unit: it reads the worker's choices and applies the post inside the transaction it is given
  // (possibly shared with other workers' posts, see gravacao-em-grupo.ts).
  const estado = await gravacao.executar(async (trx) => {
    const atuais = await escolhasDoAvulso(trx, codAvulso, numEscalacao, categoria);
    const porSeq = new Map(atuais.map((e) => [e.seq_categoria, { id: e.id, preferencia: e.preferencia }]));
    const horaPorSeq = new Map(atuais.map((e) => [e.seq_categoria, e.hora_digitacao]));

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
    // Each choice keeps the server's time it was made; the worker's horaDigitacao in a category is the latest
    // of the rows left: the ones read above that stay, and the new ones (now).
    const alterou = remover.length > 0 || inserir.length > 0;
    let horaMax: string | null = inserir.length > 0 ? agoraIso : null;
    for (const [seq, hora] of horaPorSeq) {
      if (porSeq.has(seq) && (horaMax === null || hora > horaMax)) horaMax = hora;
    }
    return { porSeq, alterou, horaMax };
  });

  return {
    alterou: estado.alterou,
    horaMax: estado.horaMax,
    escolhas: respostaDoPost(pedido, ofertas, estado.porSeq),
  };
}

/** The answer's offers, in the post's order, with the worker's rows after the writes. */
function respostaDoPost(
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
