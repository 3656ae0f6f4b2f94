import { Worker } from 'node:worker_threads';

/**
 * fsync of a SQLite database's write-ahead log on a thread of its own (docs/decisions/0025-fsync-fora-do-laco.md).
 *
 * With synchronous=FULL, SQLite fsyncs the WAL inside COMMIT, on the event loop: in the benchmark the commits
 * of the group commit blocked it for 16 s of an 85 s rush. The group commit instead commits its batch with
 * synchronous=NORMAL (no fsync) and acknowledges the batch only after this fsync of the WAL file, started
 * after the COMMIT returned, has completed: the committed frames are then on disk, and SQLite's recovery
 * replays every committed frame it finds. libuv's thread pool is not used: during logins it is busy hashing
 * passwords, and an fsync queued behind a hundred hashes would hold every answer.
 *
 * Requests that arrive while an fsync runs share the next one (each needs an fsync that started after its
 * COMMIT). A failed fsync fails the requests that waited for it.
 */
const CODIGO_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
parentPort.on('message', (id) => {
  let erro = null;
  try {
    const fd = fs.openSync(workerData.arquivo, 'r+');
    try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
  } catch (e) {
    erro = String(e && e.message || e);
  }
  parentPort.postMessage({ id, erro });
});
`;

interface Espera {
  resolver: () => void;
  rejeitar: (erro: Error) => void;
}

export class SincronizadorWal {
  private readonly arquivo: string;
  private thread: Worker | undefined;
  private emCurso: Espera[] | undefined;
  private proximas: Espera[] = [];
  private sequencia = 0;
  /** fsyncs completed (tests and diagnostics). */
  feitas = 0;

  constructor(arquivoWal: string) {
    this.arquivo = arquivoWal;
  }

  /** Resolves once an fsync of the WAL that started after this call has completed. */
  sincronizar(): Promise<void> {
    return new Promise((resolver, rejeitar) => {
      this.proximas.push({ resolver, rejeitar });
      if (!this.emCurso) this.iniciar();
    });
  }

  async fechar(): Promise<void> {
    const t = this.thread;
    this.thread = undefined;
    if (t) await t.terminate();
  }

  private iniciar(): void {
    const lote = this.proximas;
    this.proximas = [];
    this.emCurso = lote;
    this.obterThread().postMessage(++this.sequencia);
  }

  private obterThread(): Worker {
    if (this.thread) return this.thread;
    const t = new Worker(CODIGO_THREAD, { eval: true, workerData: { arquivo: this.arquivo } });
    t.unref();
    t.on('message', ({ erro }: { id: number; erro: string | null }) => this.concluir(erro));
    t.on('error', (e) => {
      if (this.thread === t) this.thread = undefined;
      this.concluir(e instanceof Error ? e.message : String(e));
    });
    this.thread = t;
    return t;
  }

  private concluir(erro: string | null): void {
    const lote = this.emCurso ?? [];
    this.emCurso = undefined;
    if (erro === null) this.feitas++;
    for (const e of lote) {
      if (erro === null) e.resolver();
      else e.rejeitar(new Error(`fsync do WAL falhou: ${erro}`));
    }
    if (this.proximas.length > 0) this.iniciar();
  }
}
