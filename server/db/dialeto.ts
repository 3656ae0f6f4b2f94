import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { sql } from 'kysely';
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
 * `SELECT … FOR UPDATE` on PostgreSQL, to serialise concurrent writes on one row (a worker's posts of
 * choices); SQLite transactions are serial already and have no such clause.
 */
export function paraAtualizar<Q extends { forUpdate(): Q }>(consulta: Q, dialeto: Dialeto): Q {
  return dialeto === 'postgres' ? consulta.forUpdate() : consulta;
}
