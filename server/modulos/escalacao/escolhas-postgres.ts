import { sql } from 'kysely';
import { janelaDescanso } from '#common/descanso.ts';
import type { Db } from '../../plataforma/banco/schema.ts';
import { ColetaDaVolta } from '../../plataforma/carga-em-lote.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import type { OfertaCompartilhada } from './escala-compartilhada.ts';
import {
  deltasDoPost,
  type PedidoEscolhas,
  type ResultadoEscolhas,
  respostaDoPost,
} from './pedido-escolhas.ts';

/**
 * PostgreSQL's writer of choices: each post is one call of escolher_ofertas (call's row FOR SHARE, rest rule,
 * worker's row locked, removals and numbered insertions; migrations 2026-11-21-07 and 2026-11-23-50), the
 * posts of one turn of the event loop sent together through escolher_ofertas_lote.
 */

export interface RespostaEscolherOfertas {
  situacao: 'ok' | 'NaoEncontrado' | 'EscalaFechada' | 'SemDescanso';
  seq?: number;
  alterou?: boolean;
  horaMax?: string | null;
  /** Migration 2026-11-23-80: the offers whose choice it removed and inserted, and its transaction's id. */
  removidas?: number[];
  inseridas?: number[];
  xid?: string | null;
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

export async function escolherNoPostgres(
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
      // The rest window both ways (docs/decisions/0210): escolher_ofertas compares `fim` with its `p_fim`.
      const janela = janelaDescanso(o.inicio, o.fim, pedido.horasDescanso);
      limitesFim.push(new Date(janela.fimDepoisDe).toISOString());
      fins.push(new Date(janela.inicioAntesDe).toISOString());
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
    ...(r.alterou && r.xid
      ? { contagens: { marca: r.xid, deltas: deltasDoPost(r.removidas ?? [], r.inseridas ?? []) } }
      : {}),
  };
}
