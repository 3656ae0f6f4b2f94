import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { CompiledQuery, sql } from 'kysely';
import type { Dialeto } from './connection.ts';

/**
 * The few places where SQLite and PostgreSQL differ, kept in one file.
 * Migrations receive the dialect through `dialetoDe(db)`.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations run on an untyped Kysely
type QualquerDb = Kysely<any>;

export function dialetoDe(db: QualquerDb): Dialeto {
  const nome = db.getExecutor().adapter.constructor.name;
  return nome.startsWith('Postgres') ? 'postgres' : 'sqlite';
}

/** An auto-incremented integer primary key named `id`. */
export function comId<T extends string>(tabela: CreateTableBuilder<T, never>, dialeto: Dialeto) {
  return dialeto === 'postgres'
    ? tabela.addColumn('id', 'serial', (c) => c.primaryKey())
    : tabela.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

export function tipoBinario(dialeto: Dialeto) {
  return dialeto === 'postgres' ? sql`bytea` : sql`blob`;
}

export function naoNulo(c: ColumnDefinitionBuilder) {
  return c.notNull();
}

/**
 * A table whose rows keep no trace of their insertion order: SQLite stores a WITHOUT ROWID table in
 * primary-key order; PostgreSQL's heap has no such option (see `reescreverSemOrdem` in the election
 * service and docs/decisions/0060-eleicao-sigilo-do-voto.md).
 */
export function semOrdemDeInsercao<T extends string, C extends string>(
  tabela: CreateTableBuilder<T, C>,
  dialeto: Dialeto,
): CreateTableBuilder<T, C> {
  return dialeto === 'sqlite' ? tabela.modifyEnd(sql`without rowid`) : tabela;
}

/** A primary-key or unique violation, on either database (SQLite SQLITE_CONSTRAINT_*, PostgreSQL 23505). */
export function ehViolacaoDeUnicidade(erro: unknown): boolean {
  if (!erro || typeof erro !== 'object' || !('code' in erro)) return false;
  const codigo = (erro as { code: unknown }).code;
  return (
    codigo === '23505' || codigo === 'SQLITE_CONSTRAINT_PRIMARYKEY' || codigo === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

/**
 * After rows were rewritten, drop the dead versions PostgreSQL keeps in the heap until a vacuum
 * (best effort, outside any transaction). SQLite reuses the freed pages of its B-trees by itself.
 */
export async function descartarVersoesAntigas(db: QualquerDb, tabelas: string[]): Promise<void> {
  if (dialetoDe(db) !== 'postgres') return;
  await sql`vacuum ${sql.join(tabelas.map((t) => sql.table(t)))}`.execute(db);
}

/** Column types a bulk insert sends (the PostgreSQL array types of `unnest`). */
export type TipoColuna = 'integer' | 'text';

/**
 * Inserts many rows fast (the rotation's engagements and audit, docs/decisions/0154). PostgreSQL: one
 * statement whose columns travel as arrays (`insert … select * from unnest($1::integer[], $2::text[], …)`):
 * a handful of parameters however many rows, instead of one per value. SQLite (in process): multi-row
 * INSERTs of `lote` rows, inside the caller's transaction.
 */
export async function inserirEmMassa<L extends Record<string, string | number | null>>(
  db: QualquerDb,
  tabela: string,
  tipos: { [C in keyof L & string]: TipoColuna },
  linhas: readonly L[],
  lote = 1_000,
): Promise<void> {
  if (linhas.length === 0) return;
  const colunas = Object.keys(tipos) as (keyof L & string)[];
  if (dialetoDe(db) === 'postgres') {
    const arrays = colunas.map(
      (c) =>
        sql`${linhas.map((l) => l[c] ?? null)}::${sql.raw(tipos[c] === 'integer' ? 'integer' : 'text')}[]`,
    );
    await sql`insert into ${sql.table(tabela)} (${sql.join(colunas.map((c) => sql.ref(c)))}) select * from unnest(${sql.join(arrays)})`.execute(
      db,
    );
    return;
  }
  for (let i = 0; i < linhas.length; i += lote) {
    await db.executeQuery(insertSqlite(tabela, colunas, linhas.slice(i, i + lote)));
  }
}

/**
 * A multi-row INSERT for SQLite written as text, not built by Kysely's query builder: for 300,000 rows
 * the builder's compile took longer than SQLite's insert (docs/decisions/0244). The names are the code's
 * own (table and column keys), quoted; the values go as parameters.
 */
function insertSqlite<L extends Record<string, string | number | null>>(
  tabela: string,
  colunas: readonly (keyof L & string)[],
  linhas: readonly L[],
): CompiledQuery {
  const nome = (n: string) => `"${n.replaceAll('"', '""')}"`;
  const marcas = `(${colunas.map(() => '?').join(', ')})`;
  const valores: (string | number | null)[] = [];
  for (const l of linhas) for (const c of colunas) valores.push(l[c] ?? null);
  return CompiledQuery.raw(
    `insert into ${nome(tabela)} (${colunas.map(nome).join(', ')}) values ${new Array(linhas.length).fill(marcas).join(', ')}`,
    valores,
  );
}
