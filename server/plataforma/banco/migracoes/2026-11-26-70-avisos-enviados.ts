import type { Kysely } from 'kysely';

/**
 * Issue 27, "how many workers were notified" (docs/decisions/0264): the outcome of each round of phone
 * notices (a call opened, its result published, a payroll import's documents), one row per event and reference,
 * so the staff page reads it after the sends ended, from any server process.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('aviso_enviado')
    .addColumn('evento', 'text', (c) => c.notNull())
    .addColumn('referencia', 'integer', (c) => c.notNull())
    .addColumn('trabalhadores', 'integer', (c) => c.notNull())
    .addColumn('aparelhos', 'integer', (c) => c.notNull())
    .addColumn('enviados', 'integer', (c) => c.notNull())
    .addColumn('removidas', 'integer', (c) => c.notNull())
    .addColumn('falhas', 'integer', (c) => c.notNull())
    .addColumn('terminado_em', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('aviso_enviado_pk', ['evento', 'referencia'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('aviso_enviado').execute();
}
