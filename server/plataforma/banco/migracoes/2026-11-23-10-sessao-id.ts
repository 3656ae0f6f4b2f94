import type { Kysely } from 'kysely';

/**
 * Every token of one session shares `sessao_id` (the hash of the session's first token), so a logout ends
 * the renewed token and the old one still in its grace period together (issue 12, item 5).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sessao').addColumn('sessao_id', 'varchar(64)').execute();
  await db
    .updateTable('sessao')
    .set((eb) => ({ sessao_id: eb.ref('token_hash') }))
    .execute();
  await db.schema.createIndex('sessao_sessao_id').on('sessao').column('sessao_id').execute();
}
