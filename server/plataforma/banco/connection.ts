import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { SincronizadorWal } from './sincronizador-wal.ts';

export type Dialeto = 'sqlite' | 'postgres';

export interface Banco {
  db: Kysely<Database>;
  dialeto: Dialeto;
  /** SQLite: fsync of the WAL off the event loop, for the group commit (sincronizador-wal.ts). */
  sincronizadorWal?: SincronizadorWal;
  /** PostgreSQL: the pool, for its counts in the metrics (server/plataforma/metricas.ts). */
  pool?: pg.Pool;
  fechar(): Promise<void>;
}

export interface OpcoesBanco {
  /** postgres://… for PostgreSQL; otherwise a SQLite file path. */
  url: string | undefined;
  arquivoSqlite: string;
  /** Pool size for PostgreSQL. */
  maxConexoes?: number;
}

/**
 * SQLite: WAL with synchronous=FULL, so an acknowledged commit is on disk before the answer leaves
 * (docs/decisions/0002-banco-de-dados.md). PostgreSQL: its defaults (fsync, synchronous_commit on).
 */
export function abrirBanco(opcoes: OpcoesBanco): Banco {
  if (opcoes.url?.startsWith('postgres')) {
    // int8 (COUNT, SUM) as JS numbers: our counts stay far below 2^53.
    pg.types.setTypeParser(20, (v: string) => Number(v));
    const pool = new pg.Pool({
      connectionString: opcoes.url,
      max: opcoes.maxConexoes ?? 10,
      Client: ClienteComComandosNomeados,
    });
    // An idle client that loses its connection (server restart, a test database dropped while the pool
    // closes) is discarded by the pool; without a listener its 'error' would crash the process.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialeto: 'postgres', pool, fechar: () => db.destroy() };
  }
  mkdirSync(path.dirname(opcoes.arquivoSqlite), { recursive: true });
  const sqlite = new SQLite(opcoes.arquivoSqlite);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: comComandosReutilizados(sqlite) }),
  });
  const sincronizadorWal = new SincronizadorWal(`${opcoes.arquivoSqlite}-wal`);
  return {
    db,
    dialeto: 'sqlite',
    sincronizadorWal,
    fechar: async () => {
      await db.destroy();
      await sincronizadorWal.fechar();
    },
  };
}

/**
 * PostgreSQL parses and plans an unnamed statement on every execution; on the hot paths (the session lookup on
 * every request, POST /api/vagas's one statement) that costs as much as running it. A query with parameters
 * (every Kysely query) gets a name from its SQL text, so each connection parses it once and then only binds
 * and executes (docs/decisions/0023-escolhas-em-uma-ida-ao-banco.md). Texts are few (Kysely's SQL is
 * parameterised); past `MAXIMO_COMANDOS_NOMEADOS` distinct texts, new ones run unnamed, which bounds what
 * each connection keeps. The schema never changes while the app runs (migrations run before it listens),
 * so a kept plan never outlives its tables.
 */
const MAXIMO_COMANDOS_NOMEADOS = 500;
const nomesDeComandos = new Map<string, string>();

function nomeDoComando(texto: string): string | undefined {
  const nome = nomesDeComandos.get(texto);
  if (nome !== undefined || nomesDeComandos.size >= MAXIMO_COMANDOS_NOMEADOS) return nome;
  const novo = `k${nomesDeComandos.size + 1}`;
  nomesDeComandos.set(texto, novo);
  return novo;
}

class ClienteComComandosNomeados extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this one forwards them all
  override query(...args: any[]): any {
    const [texto, valores] = args;
    if (typeof texto === 'string' && Array.isArray(valores) && valores.length > 0 && args.length === 2) {
      const name = nomeDoComando(texto);
      if (name !== undefined) return super.query({ name, text: texto, values: valores });
    }
    // biome-ignore lint/suspicious/noExplicitAny: see above
    return (super.query as any)(...args);
  }
}

/**
 * Kysely prepares every query anew; on the hot paths preparing costs more than running. Prepared statements
 * are kept by their SQL text (Kysely's SQL is parameterised, so the set is small and bounded) and reused
 * unless busy (an open iterator of a streamed query).
 */
function comComandosReutilizados(sqlite: SQLite.Database) {
  const comandos = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      const pronto = comandos.get(sql);
      if (pronto && !pronto.busy) return pronto;
      const novo = sqlite.prepare(sql);
      if (comandos.size >= 2000) comandos.clear();
      comandos.set(sql, novo);
      return novo;
    },
  };
}
