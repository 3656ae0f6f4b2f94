import type { Kysely } from 'kysely';

/**
 * Two columns of the session module (issue 28):
 * - `tentativa.em_curso`: how many of the counted attempts are still being checked, so a server that meets a
 *   wait raised only by attempts in flight on other servers waits for their verdict instead of answering 429
 *   (docs/decisions/0224, section of 2026-11-26: logins across several processes).
 * - `totem.usado_em`: the kiosk's last login, for the administration's list of kiosks.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tentativa')
    .addColumn('em_curso', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('totem').addColumn('usado_em', 'varchar(30)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('totem').dropColumn('usado_em').execute();
  await db.schema.alterTable('tentativa').dropColumn('em_curso').execute();
}
