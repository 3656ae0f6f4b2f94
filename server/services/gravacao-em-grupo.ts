import type { Transaction } from 'kysely';
import type { Banco } from '../db/connection.ts';
import type { Database } from '../db/schema.ts';

/**
 * Group commit for the rush of choices (docs/decisions/0022-escalacao-desempenho.md).
 *
 * SQLite has one writer and, with synchronous=FULL, one fsync per COMMIT: committing each worker's post on
 * its own caps the rush at the disk's fsync rate. Here the write units that arrive while a transaction runs
 * wait and go together in the next one, so a single fsync acknowledges many workers; nothing is answered
 * before its COMMIT, so an acknowledged choice is still on disk. If a shared transaction fails, it is rolled
 * back and each of its units is retried in a transaction of its own, so one worker's failure never undoes
 * another's choice. Units must therefore only read and write through `trx` (they can run twice).
 *
 * PostgreSQL takes many connections at once and groups WAL flushes of concurrent commits by itself: each
 * unit runs in its own transaction there.
 */
export type UnidadeGravacao<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pendente {
  unidade: UnidadeGravacao<unknown>;
  resolver: (valor: unknown) => void;
  rejeitar: (erro: unknown) => void;
}

/** Largest number of units in one transaction: bounds the time other requests wait for the connection. */
const MAXIMO_POR_LOTE = 256;

export class GravacaoEmGrupo {
  private readonly banco: Banco;
  private readonly pendentes: Pendente[] = [];
  private drenando = false;

  constructor(banco: Banco) {
    this.banco = banco;
  }

  executar<T>(unidade: UnidadeGravacao<T>): Promise<T> {
    if (this.banco.dialeto !== 'sqlite') return this.banco.db.transaction().execute(unidade);
    return new Promise<T>((resolver, rejeitar) => {
      this.pendentes.push({
        unidade,
        resolver: resolver as (valor: unknown) => void,
        rejeitar,
      });
      if (!this.drenando) {
        this.drenando = true;
        // Let the requests that arrived in this turn of the event loop join the first batch.
        setImmediate(() => void this.drenar());
      }
    });
  }

  private async drenar(): Promise<void> {
    try {
      while (this.pendentes.length > 0) {
        const lote = this.pendentes.splice(0, MAXIMO_POR_LOTE);
        try {
          const resultados = await this.banco.db.transaction().execute(async (trx) => {
            const saida: unknown[] = [];
            for (const p of lote) saida.push(await p.unidade(trx));
            return saida;
          });
          for (const [i, p] of lote.entries()) p.resolver(resultados[i]);
        } catch {
          for (const p of lote) {
            try {
              p.resolver(await this.banco.db.transaction().execute(p.unidade));
            } catch (erro) {
              p.rejeitar(erro);
            }
          }
        }
      }
    } finally {
      this.drenando = false;
    }
  }
}
