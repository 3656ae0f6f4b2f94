import { sql, type Transaction } from 'kysely';
import type { Banco } from './banco/connection.ts';
import type { Database } from './banco/schema.ts';
import { ColetaDaVolta } from './carga-em-lote.ts';

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

/** What the metrics measure of the group commit (server/plataforma/metricas.ts). */
export interface ObservadorGravacao {
  lote(unidades: number): void;
  fsync(segundos: number): void;
}

export class GravacaoEmGrupo {
  private readonly banco: Banco;
  private readonly observador: ObservadorGravacao | undefined;
  private readonly pendentes: Pendente[] = [];
  /** The units of one turn of the event loop join the queue together (the app's one per-turn collector). */
  private readonly coleta = new ColetaDaVolta<Pendente>(
    (lote) => this.enfileirar(lote),
    Number.MAX_SAFE_INTEGER,
  );
  private drenando = false;
  /** Units handed in and not yet answered (esvaziar). */
  private emVoo = 0;
  private readonly aoEsvaziar: (() => void)[] = [];

  constructor(banco: Banco, observador?: ObservadorGravacao) {
    this.banco = banco;
    this.observador = observador;
  }

  executar<T>(unidade: UnidadeGravacao<T>): Promise<T> {
    const feita =
      this.banco.dialeto !== 'sqlite'
        ? this.banco.db.transaction().execute(unidade)
        : new Promise<T>((resolver, rejeitar) => {
            this.coleta.adicionar({ unidade, resolver: resolver as (valor: unknown) => void, rejeitar });
          });
    this.emVoo++;
    const largar = () => {
      if (--this.emVoo === 0) for (const avisar of this.aoEsvaziar.splice(0)) avisar();
    };
    feita.then(largar, largar);
    return feita;
  }

  /**
   * Resolves once every unit handed in so far is committed and on disk (or failed): the server's stop
   * (server/main.ts) waits for it before closing the database, so no acknowledged write is cut short.
   */
  esvaziar(): Promise<void> {
    if (this.emVoo === 0) return Promise.resolve();
    return new Promise((resolver) => this.aoEsvaziar.push(resolver));
  }

  /** Units that arrive while a transaction runs wait for it and go together in the next one. */
  private enfileirar(lote: Pendente[]): void {
    this.pendentes.push(...lote);
    if (this.drenando) return;
    this.drenando = true;
    void this.drenar();
  }

  private async drenar(): Promise<void> {
    try {
      while (this.pendentes.length > 0) {
        const lote = this.pendentes.splice(0, MAXIMO_POR_LOTE);
        this.observador?.lote(lote.length);
        let resultados: unknown[];
        try {
          resultados = await this.emUmaTransacao(lote);
        } catch {
          for (const p of lote) {
            try {
              p.resolver(await this.banco.db.transaction().execute(p.unidade));
            } catch (erro) {
              p.rejeitar(erro);
            }
          }
          continue;
        }
        const sincronizador = this.banco.sincronizadorWal;
        if (!sincronizador) {
          for (const [i, p] of lote.entries()) p.resolver(resultados[i]);
          continue;
        }
        // Committed, not yet on disk: answered after the WAL's fsync, while the next batch already runs.
        const inicioFsync = performance.now();
        sincronizador.sincronizar().then(
          () => {
            this.observador?.fsync((performance.now() - inicioFsync) / 1000);
            for (const [i, p] of lote.entries()) p.resolver(resultados[i]);
          },
          (erro: unknown) => {
            for (const p of lote) p.rejeitar(erro);
          },
        );
      }
    } finally {
      this.drenando = false;
    }
  }

  /**
   * The batch in one transaction. On SQLite its COMMIT skips the fsync (synchronous=NORMAL for this
   * transaction only; the connection is held, so nothing else runs meanwhile) and the caller waits for
   * the WAL's fsync on its own thread. The retry unit by unit uses ordinary (FULL) transactions.
   */
  private emUmaTransacao(lote: Pendente[]): Promise<unknown[]> {
    const todas = async (trx: Transaction<Database>) => {
      const saida: unknown[] = [];
      for (const p of lote) saida.push(await p.unidade(trx));
      return saida;
    };
    if (!this.banco.sincronizadorWal) return this.banco.db.transaction().execute(todas);
    return this.banco.db.connection().execute(async (con) => {
      await sql`pragma synchronous = NORMAL`.execute(con);
      try {
        return await con.transaction().execute(todas);
      } finally {
        await sql`pragma synchronous = FULL`.execute(con);
      }
    });
  }
}
