import type { Kysely } from 'kysely';

/**
 * Issue 27, "a removed requisition's number is reused" (docs/decisions/0267): the last requisition number
 * ever given, kept apart from the rows, so removing the newest requisition does not hand its number to the
 * next one. Starts at the highest number the database already has.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('numerador')
    .addColumn('nome', 'text', (c) => c.primaryKey())
    .addColumn('ultimo', 'integer', (c) => c.notNull())
    .execute();
  const maior = await db
    .selectFrom('requisicao')
    .select((eb) => eb.fn.max('num_requisicao').as('n'))
    .executeTakeFirst();
  await db
    .insertInto('numerador')
    .values({ nome: 'requisicao', ultimo: Number(maior?.n ?? 0) })
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('numerador').execute();
}
