import type { Kysely } from 'kysely';
import { comId, dialetoDe } from '../dialeto.ts';

/**
 * Web Push (issue 15, docs/decisions/0162): one row per browser subscription, tied to the worker and to the
 * session it was made in, so a logout removes that device's subscription. The endpoint is unique: a phone
 * that subscribes again, or another worker on the same phone, takes the row over.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await comId(db.schema.createTable('assinatura_push'), dialetoDe(db))
    .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(100)', (c) => c.notNull())
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.notNull())
    .addColumn('sessao_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('criada_em', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('assinatura_push_avulso').on('assinatura_push').column('cod_avulso').execute();
  await db.schema.createIndex('assinatura_push_sessao').on('assinatura_push').column('sessao_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('assinatura_push').execute();
}
