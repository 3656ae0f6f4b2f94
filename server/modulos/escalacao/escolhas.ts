import { sql } from 'kysely';
import { temDescanso } from '#common/descanso.ts';
import { proximaPreferencia } from '#common/preferencia.ts';
import type { Banco } from '../../plataforma/banco/connection.ts';
import type { Db } from '../../plataforma/banco/schema.ts';
import type { GravacaoEmGrupo, UnidadeGravacao } from '../../plataforma/gravacao-em-grupo.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import type { OfertaCompartilhada } from './escala-compartilhada.ts';
import { escolherNoPostgres, LotesDeEscolhas } from './escolhas-postgres.ts';
import {
  deltasDoPost,
  type PedidoEscolhas,
  type ResultadoEscolhas,
  respostaDoPost,
} from './pedido-escolhas.ts';
import { buscarEscala, contagemEscolhas, engajamentosProximos, escolhasDoAvulso } from './repositorio.ts';

/**
 * POST /api/vagas (docs/produto/decisoes.md §3, docs/decisions/0020-escalacao-regras.md): the offers whose `escolhida`
 * changed, applied all or none in one transaction after every check. The server numbers preferences
 * (the client's value is ignored), so they stay distinct; it records its own time as horaDigitacao; a
 * repeated post changes nothing and answers the same state.
 */

/** A read of a category's counts (offers nobody chose are absent) and which posts' changes it holds. */
export interface ContagensLidas {
  contagem: Map<number, number>;
  /** True when the post of this `marca` (MudancaContagens) is already counted in `contagem`. */
  inclui: (marca: string) => boolean;
}

/**
 * PostgreSQL's snapshot as pg_current_snapshot() writes it, `xmin:xmax:xip,…`: a transaction is visible in it
 * when its id is below xmin, or below xmax and not among those in progress (the rule of
 * pg_visible_in_snapshot).
 */
export function instantaneoPostgres(texto: string): (marca: string) => boolean {
  const partes = /^(\d+):(\d+):([\d,]*)$/.exec(texto);
  if (!partes) throw new Error(`instantâneo do PostgreSQL ilegível: ${texto}`);
  const xmin = BigInt(partes[1] as string);
  const xmax = BigInt(partes[2] as string);
  const emCurso = new Set((partes[3] as string).split(',').filter(Boolean).map(BigInt));
  return (marca) => {
    const xid = BigInt(marca);
    return xid < xmin || (xid < xmax && !emCurso.has(xid));
  };
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
  const engajamentos = await engajamentosProximos(
    db,
    pedido.codAvulso,
    pedido.numEscalacao,
    inicio,
    fim,
    pedido.horasDescanso,
  );
  for (const o of escolhendo) {
    if (!temDescanso(o, engajamentos, pedido.horasDescanso)) {
      throw new ErroApp('SemDescanso', undefined, { dados: { seqCategoria: o.seqCategoria } });
    }
  }
}

/**
 * The call's writer: applies posts after the module's checks (call in the cache, impediment, offers,
 * qualifications) and changes a call's state in order with them (docs/decisions/0100).
 *
 * A post: the call's row read now (no choice on a call closed a moment ago), the rest rule, then the writes,
 * all or none. PostgreSQL does all of it in one statement (escolher_ofertas, which takes the call's row
 * FOR SHARE: migration 2026-11-23-50), the posts of one turn of the event loop together (LotesDeEscolhas);
 * SQLite in the app's group commit, where the call's row is read again inside the write unit.
 */
export class GravadorDeEscolhas {
  private readonly banco: Banco;
  private readonly gravacao: GravacaoEmGrupo;
  private readonly lotes: LotesDeEscolhas;
  /** SQLite: the posts that wrote, numbered in the order the group commit ran them (docs/decisions/0173). */
  private readonly marcas = { n: 0 };

  constructor(banco: Banco, gravacao: GravacaoEmGrupo) {
    this.banco = banco;
    this.gravacao = gravacao;
    this.lotes = new LotesDeEscolhas(banco.db);
  }

  async registrar(
    pedido: PedidoEscolhas,
    ofertas: readonly OfertaCompartilhada[],
  ): Promise<ResultadoEscolhas> {
    if (this.banco.dialeto === 'postgres') return escolherNoPostgres(this.lotes, pedido, ofertas);
    // Read before the queue so refusals keep their order (no call, closed, then rest); read again in the unit.
    exigirAberta(await buscarEscala(this.banco.db, pedido.numEscalacao), pedido.usuarioTeste);
    await verificarDescanso(this.banco.db, pedido, ofertas);
    return aplicarEscolhas(this.gravacao, pedido, ofertas, this.marcas);
  }

  /**
   * A category's counts of choices and how to tell whether they hold a post's change (its `marca`,
   * docs/decisions/0173). PostgreSQL: read in a REPEATABLE READ transaction with the snapshot it uses
   * (pg_current_snapshot): a post is in it when its transaction id is visible there. SQLite: read as one unit
   * of the group commit, in order with the posts (the units before it are in it, those after are not): a post
   * is in it when its number is at most the count of posts numbered when the read ran.
   */
  lerContagens(numEscalacao: number, codCategoria: number): Promise<ContagensLidas> {
    if (this.banco.dialeto === 'postgres') {
      return this.banco.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const { rows } = await sql<{ s: string }>`select pg_current_snapshot()::text as s`.execute(trx);
          const inclui = instantaneoPostgres(rows[0]?.s ?? '');
          return { contagem: await contagemEscolhas(trx, numEscalacao, codCategoria), inclui };
        });
    }
    return this.gravacao.executar(async (trx) => {
      const ate = this.marcas.n;
      const contagem = await contagemEscolhas(trx, numEscalacao, codCategoria);
      return { contagem, inclui: (marca: string) => Number(marca) <= ate };
    });
  }

  /**
   * Runs `alterar` (e.g. the UPDATE that closes the call) in order with the posts: every post acknowledged
   * before it resolves is in; every post applied after it sees the new state. SQLite: one more unit of the
   * group commit's queue (it may run twice, so it must only read and write through `trx`). PostgreSQL: a
   * transaction that takes the call's row FOR UPDATE first, which waits for the posts holding it FOR SHARE
   * and makes the later ones wait for its COMMIT.
   */
  alterarEstado<T>(numEscalacao: number, alterar: UnidadeGravacao<T>): Promise<T> {
    if (this.banco.dialeto === 'sqlite') return this.gravacao.executar(alterar);
    return this.banco.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('escala')
        .select('num_escalacao')
        .where('num_escalacao', '=', numEscalacao)
        .forUpdate()
        .execute();
      return alterar(trx);
    });
  }
}

function exigirAberta(escala: { aberta: number } | undefined, usuarioTeste: boolean): void {
  if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  if (escala.aberta !== 1 && !usuarioTeste) throw new ErroApp('EscalaFechada');
}

async function aplicarEscolhas(
  gravacao: GravacaoEmGrupo,
  pedido: PedidoEscolhas,
  ofertas: readonly OfertaCompartilhada[],
  marcas: { n: number },
): Promise<ResultadoEscolhas> {
  const { codAvulso, numEscalacao, categoria } = pedido;
  const agoraIso = pedido.agora.toISOString();
  // One write unit: it reads the worker's choices and applies the post inside the transaction it is given
  // (possibly shared with other workers' posts, see gravacao-em-grupo.ts).
  const estado = await gravacao.executar(async (trx) => {
    // The call's state as of this unit's place in the queue: a close queued before it is seen here. A
    // refusal is an answer, not an error, so the other posts of the batch are not retried.
    const escala = await buscarEscala(trx, numEscalacao);
    if (!escala || (escala.aberta !== 1 && !pedido.usuarioTeste)) return { recusa: escala } as const;
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
    // Numbered here, in the unit's place in the queue (a unit run again gets a new number).
    const marca = alterou ? String(++marcas.n) : undefined;
    return { porSeq, alterou, horaMax, marca, removidas: remover, inseridas: inserir.map((i) => i.seq) };
  });
  if ('recusa' in estado) {
    exigirAberta(estado.recusa, pedido.usuarioTeste);
    throw new ErroApp('EscalaFechada');
  }

  return {
    alterou: estado.alterou,
    horaMax: estado.horaMax,
    escolhas: respostaDoPost(pedido, ofertas, estado.porSeq),
    ...(estado.marca
      ? { contagens: { marca: estado.marca, deltas: deltasDoPost(estado.removidas, estado.inseridas) } }
      : {}),
  };
}
