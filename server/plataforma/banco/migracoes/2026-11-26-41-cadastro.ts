import type { Kysely } from 'kysely';
import { comId, dialetoDe } from '../dialeto.ts';

/**
 * The workers' record kept by the staff (issue 30, docs/decisions/0231): a worker's status (`ativo`,
 * `afastado`, `cancelado`), a qualification's expiry, and impediments with a motive and a period, kept after
 * they end. The legacy flag `avulso.impedimento` and its messages stay (the old system's impediments).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  const dialeto = dialetoDe(db);
  await db.schema
    .alterTable('avulso')
    .addColumn('situacao', 'varchar(10)', (c) => c.notNull().defaultTo('ativo'))
    .execute();
  await db.schema.alterTable('habilitacao').addColumn('valida_ate', 'varchar(10)').execute();
  await comId(db.schema.createTable('impedimento'), dialeto)
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.notNull())
    .addColumn('motivo', 'varchar(200)', (c) => c.notNull())
    /** yyyy-MM-dd, port-local days, both included. */
    .addColumn('inicio', 'varchar(10)', (c) => c.notNull())
    .addColumn('fim', 'varchar(10)')
    .addColumn('criado_em', 'varchar(30)', (c) => c.notNull())
    .addColumn('criado_por', 'varchar(6)', (c) => c.notNull())
    .addColumn('encerrado_em', 'varchar(30)')
    .addColumn('encerrado_por', 'varchar(6)')
    .execute();
  await db.schema.createIndex('impedimento_avulso').on('impedimento').column('cod_avulso').execute();
  await db.schema.createIndex('avulso_num_chamada').on('avulso').column('num_chamada').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('avulso_num_chamada').ifExists().execute();
  await db.schema.dropTable('impedimento').ifExists().execute();
  await db.schema.alterTable('habilitacao').dropColumn('valida_ate').execute();
  await db.schema.alterTable('avulso').dropColumn('situacao').execute();
}
