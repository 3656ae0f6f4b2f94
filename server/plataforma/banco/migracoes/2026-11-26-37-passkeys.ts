import type { Kysely } from 'kysely';
import { comId, dialetoDe } from '../dialeto.ts';

/**
 * Passkeys (issue 28; docs/decisions/0229): a worker's WebAuthn credentials, kept after revocation with who and
 * why (the staff's changes are audited), and the challenges already used (each login's challenge is signed,
 * not stored, and spent once here).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await comId(db.schema.createTable('passkey'), dialetoDe(db))
    .addColumn('credencial', 'varchar(1400)', (c) => c.notNull().unique())
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.notNull())
    .addColumn('chave_publica', 'varchar(4000)', (c) => c.notNull())
    .addColumn('contador', 'varchar(20)', (c) => c.notNull())
    .addColumn('transportes', 'varchar(200)', (c) => c.notNull())
    .addColumn('nome', 'varchar(60)', (c) => c.notNull())
    .addColumn('criada_em', 'varchar(30)', (c) => c.notNull())
    .addColumn('usada_em', 'varchar(30)')
    .addColumn('revogada_em', 'varchar(30)')
    .addColumn('revogada_por', 'varchar(6)')
    .addColumn('motivo_revogacao', 'varchar(20)')
    .execute();
  await db.schema.createIndex('passkey_avulso').on('passkey').column('cod_avulso').execute();
  await db.schema
    .createTable('passkey_desafio_usado')
    .addColumn('desafio', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('expira_em', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('passkey_desafio_usado_expira')
    .on('passkey_desafio_usado')
    .column('expira_em')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passkey_desafio_usado').execute();
  await db.schema.dropTable('passkey').execute();
}
