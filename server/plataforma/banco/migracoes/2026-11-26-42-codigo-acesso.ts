import type { Kysely } from 'kysely';

/**
 * The first-access (or new password) code the staff issue (issue 30, docs/decisions/0232): one per worker, only
 * its SHA-256 kept, with its expiry; using it deletes it, issuing another replaces it.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('codigo_acesso')
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.primaryKey())
    .addColumn('hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('valido_ate', 'varchar(30)', (c) => c.notNull())
    .addColumn('criado_em', 'varchar(30)', (c) => c.notNull())
    .addColumn('criado_por', 'varchar(6)', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('codigo_acesso').ifExists().execute();
}
