import { writeFileSync } from 'node:fs';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * Diagnostic of bench:escalacao (BENCH_SQL_STATS=1), preloaded into the server child with --import: times
 * every SQL statement by its text, without touching the server's code. On SQLite the time is the
 * synchronous call on the event loop (execution, and the fsync of a COMMIT); on PostgreSQL it is the
 * round trip of the query. Written to BENCH_SQL_STATS_FILE when the server exits.
 */

interface Estatistica {
  n: number;
  ms: number;
  max: number;
}
const estatisticas = new Map<string, Estatistica>();

function somar(sql: string, ms: number) {
  const chave = sql
    .replace(/\s+/g, ' ')
    .replace(/(\?, )+\?/g, '?…')
    .replace(/(\$\d+, )+\$\d+/g, '$…');
  const e = estatisticas.get(chave) ?? { n: 0, ms: 0, max: 0 };
  e.n++;
  e.ms += ms;
  if (ms > e.max) e.max = ms;
  estatisticas.set(chave, e);
}

type Metodo = (this: SQLite.Statement, ...args: unknown[]) => unknown;

let instrumentado = false;
const prepararOriginal = SQLite.prototype.prepare;
SQLite.prototype.prepare = function (this: SQLite.Database, sql: string) {
  const t0 = performance.now();
  const stmt = prepararOriginal.call(this, sql);
  somar('(prepare)', performance.now() - t0);
  if (!instrumentado) {
    instrumentado = true;
    const proto = Object.getPrototypeOf(stmt) as Record<string, Metodo>;
    for (const nome of ['all', 'get', 'run']) {
      const original = proto[nome] as Metodo;
      proto[nome] = function (this: SQLite.Statement, ...args: unknown[]) {
        const inicio = performance.now();
        try {
          return original.apply(this, args);
        } finally {
          somar(this.source, performance.now() - inicio);
        }
      };
    }
  }
  return stmt;
} as typeof SQLite.prototype.prepare;

type Consulta = (this: pg.Client, ...args: unknown[]) => unknown;
const consultaOriginal = pg.Client.prototype.query as unknown as Consulta;
(pg.Client.prototype as unknown as { query: Consulta }).query = function (
  this: pg.Client,
  ...args: unknown[]
) {
  const texto = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string })?.text ?? '?');
  const inicio = performance.now();
  const r = consultaOriginal.apply(this, args);
  if (r instanceof Promise) {
    return r.finally(() => somar(texto, performance.now() - inicio));
  }
  return r;
};

process.on('exit', () => {
  const arquivo = process.env.BENCH_SQL_STATS_FILE;
  if (arquivo) writeFileSync(arquivo, JSON.stringify([...estatisticas.entries()]));
});
