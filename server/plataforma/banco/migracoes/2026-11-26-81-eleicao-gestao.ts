import type { Kysely } from 'kysely';
import { comId, dialetoDe } from '../dialeto.ts';

/**
 * Elections set up on screen by the role `eleicao` (issue 30, docs/decisions/0271): an election gets the end of
 * its voting period (`fim_votacao`; `abertura` is its start) and who created it; every creation and key
 * ceremony is a row of `eleicao_auditoria` (who, when, what; never the commission's code).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  const dialeto = dialetoDe(db);
  await db.schema.alterTable('eleicao').addColumn('fim_votacao', 'varchar(30)').execute();
  await db.schema.alterTable('eleicao').addColumn('criada_por', 'varchar(6)').execute();
  await db.schema.alterTable('eleicao').addColumn('criada_em', 'varchar(30)').execute();

  await comId(db.schema.createTable('eleicao_auditoria'), dialeto)
    .addColumn('eleicao_id', 'integer', (c) => c.notNull().references('eleicao.id').onDelete('cascade'))
    .addColumn('acao', 'varchar(20)', (c) => c.notNull())
    .addColumn('por', 'varchar(6)', (c) => c.notNull())
    .addColumn('em', 'varchar(30)', (c) => c.notNull())
    .addColumn('dados', 'text')
    .execute();
  await db.schema
    .createIndex('eleicao_auditoria_eleicao')
    .on('eleicao_auditoria')
    .columns(['eleicao_id', 'id'])
    .execute();
}
