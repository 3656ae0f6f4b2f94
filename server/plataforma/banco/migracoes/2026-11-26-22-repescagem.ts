import type { Kysely } from 'kysely';

/**
 * Issue 27, the second round ('repescagem', docs/decisions/0217): a call made of a published call's unfilled
 * vacancies names the call it comes from. Its rotation leaves out the workers that call engaged.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('escala').addColumn('repescagem_de', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('escala').dropColumn('repescagem_de').execute();
}
