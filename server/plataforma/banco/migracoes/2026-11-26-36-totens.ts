import type { Kysely } from 'kysely';

/**
 * The OGMO's own kiosks (issue 28, item 5; docs/decisions/0228): staff register a kiosk's browser, which then
 * holds a signed cookie naming its row; a login there is counted on that kiosk's own budget, out of reach of
 * anyone guessing from outside.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('totem')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('nome', 'varchar(60)', (c) => c.notNull())
    .addColumn('criado_em', 'varchar(30)', (c) => c.notNull())
    .addColumn('criado_por', 'varchar(6)', (c) => c.notNull())
    .addColumn('revogado_em', 'varchar(30)')
    .addColumn('revogado_por', 'varchar(6)')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('totem').execute();
}
