import type { Kysely } from 'kysely';
import { comId, dialetoDe } from '../dialeto.ts';

/** Pay documents: payslips (with their lines), financial records and income statements. */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  const dialeto = dialetoDe(db);

  await comId(db.schema.createTable('contracheque'), dialeto)
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('arquivo', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('numero', 'integer', (c) => c.notNull())
    .addColumn('tipo', 'varchar(20)', (c) => c.notNull())
    .addColumn('ano', 'integer', (c) => c.notNull())
    .addColumn('mes', 'integer', (c) => c.notNull())
    .addColumn('movimento', 'varchar(10)', (c) => c.notNull())
    .addColumn('referencia', 'varchar(80)')
    .addColumn('operacao', 'varchar(120)')
    .addColumn('turno', 'varchar(5)')
    .addColumn('operador', 'varchar(80)')
    .addColumn('navio', 'varchar(80)')
    .addColumn('porao', 'varchar(10)')
    .addColumn('sindicato', 'varchar(40)', (c) => c.notNull())
    .addColumn('funcao', 'varchar(80)')
    .addColumn('liquido', 'integer', (c) => c.notNull())
    .addColumn('emitido_em', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contracheque_avulso_tipo')
    .on('contracheque')
    .columns(['cod_avulso', 'tipo', 'ano', 'mes'])
    .execute();

  await comId(db.schema.createTable('verba_contracheque'), dialeto)
    .addColumn('id_contracheque', 'integer', (c) =>
      c.notNull().references('contracheque.id').onDelete('cascade'),
    )
    .addColumn('ordem', 'integer', (c) => c.notNull())
    .addColumn('codigo', 'varchar(10)', (c) => c.notNull())
    .addColumn('descricao', 'varchar(80)', (c) => c.notNull())
    .addColumn('referencia', 'varchar(20)')
    .addColumn('natureza', 'varchar(1)', (c) => c.notNull())
    .addColumn('valor', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('verba_contracheque_contracheque')
    .on('verba_contracheque')
    .columns(['id_contracheque', 'ordem'])
    .execute();

  await comId(db.schema.createTable('ficha_financeira'), dialeto)
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('arquivo', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('numero_ficha', 'integer', (c) => c.notNull())
    .addColumn('ano', 'integer', (c) => c.notNull())
    .addColumn('mes', 'integer', (c) => c.notNull())
    .addColumn('engajamentos', 'integer', (c) => c.notNull())
    .addColumn('valor_bruto', 'integer', (c) => c.notNull())
    .addColumn('valor_ferias', 'integer', (c) => c.notNull())
    .addColumn('valor_13_salario', 'integer', (c) => c.notNull())
    .addColumn('valor_inss', 'integer', (c) => c.notNull())
    .addColumn('valor_irrf', 'integer', (c) => c.notNull())
    .addColumn('valor_irrf_ferias', 'integer', (c) => c.notNull())
    .addColumn('valor_inss_13', 'integer', (c) => c.notNull())
    .addColumn('valor_irrf_13', 'integer', (c) => c.notNull())
    .addColumn('valor_fgts_mes', 'integer', (c) => c.notNull())
    .addColumn('valor_fgts_ferias', 'integer', (c) => c.notNull())
    .addColumn('valor_fgts_13', 'integer', (c) => c.notNull())
    .addColumn('emitida_em', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ficha_financeira_avulso')
    .on('ficha_financeira')
    .columns(['cod_avulso', 'ano', 'mes'])
    .execute();

  await comId(db.schema.createTable('informe_rendimentos'), dialeto)
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('arquivo', 'varchar(200)', (c) => c.notNull().unique())
    .addColumn('ano_exercicio', 'integer', (c) => c.notNull())
    .addColumn('ano_calendario', 'integer', (c) => c.notNull())
    .addColumn('rendimentos_tributaveis', 'integer', (c) => c.notNull())
    .addColumn('contribuicao_previdenciaria', 'integer', (c) => c.notNull())
    .addColumn('irrf', 'integer', (c) => c.notNull())
    .addColumn('decimo_terceiro', 'integer', (c) => c.notNull())
    .addColumn('irrf_13', 'integer', (c) => c.notNull())
    .addColumn('fgts_depositado', 'integer', (c) => c.notNull())
    .addColumn('emitido_em', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('informe_rendimentos_avulso')
    .on('informe_rendimentos')
    .columns(['cod_avulso', 'ano_calendario'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const tabela of ['informe_rendimentos', 'ficha_financeira', 'verba_contracheque', 'contracheque']) {
    await db.schema.dropTable(tabela).ifExists().execute();
  }
}
