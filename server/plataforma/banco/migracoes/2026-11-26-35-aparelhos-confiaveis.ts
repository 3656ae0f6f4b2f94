import type { Kysely } from 'kysely';

/**
 * Trusted devices bound to the account on the server (issue 28, item 4; docs/decisions/0227): the device cookie
 * of decision 0090 is only honoured while its row exists. A worker keeps a handful (the oldest in use is
 * forgotten past the cap), and all of them go when the password is changed or reset.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('aparelho_confiavel')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.notNull())
    .addColumn('criado_em', 'varchar(30)', (c) => c.notNull())
    .addColumn('usado_em', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('aparelho_confiavel_avulso')
    .on('aparelho_confiavel')
    .columns(['cod_avulso', 'usado_em'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('aparelho_confiavel').execute();
}
