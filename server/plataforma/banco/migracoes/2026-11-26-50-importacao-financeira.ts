import type { Kysely } from 'kysely';
import { comId, dialetoDe } from '../dialeto.ts';

/**
 * Pay documents imported from the OGMO's payroll (issue 25, docs/decisions/0240-0243): each import that
 * changed something is a row (who, when, the file's digest, the counts); each document remembers the import
 * that wrote it and the digest of its content (an identical document is left alone); a replaced document is
 * kept, whole, as JSON in `documento_financeiro_substituido`; a payslip keeps the job it was matched to
 * (`id_trabalho`, or the reason it matched none). The keys a payroll uses become unique: a payslip's number
 * per worker, a record's month, a statement's calendar year.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  const dialeto = dialetoDe(db);

  await comId(db.schema.createTable('importacao_financeira'), dialeto)
    .addColumn('tipo', 'varchar(20)', (c) => c.notNull())
    .addColumn('por', 'varchar(6)', (c) => c.notNull())
    .addColumn('em', 'varchar(30)', (c) => c.notNull())
    .addColumn('digesto', 'varchar(64)', (c) => c.notNull())
    .addColumn('formato', 'varchar(10)', (c) => c.notNull())
    .addColumn('codificacao', 'varchar(20)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('linhas', 'integer', (c) => c.notNull())
    .addColumn('documentos', 'integer', (c) => c.notNull())
    .addColumn('trabalhadores', 'integer', (c) => c.notNull())
    .addColumn('criados', 'integer', (c) => c.notNull())
    .addColumn('substituidos', 'integer', (c) => c.notNull())
    .addColumn('inalterados', 'integer', (c) => c.notNull())
    .addColumn('conciliados', 'integer', (c) => c.notNull())
    .addColumn('nao_conciliados', 'integer', (c) => c.notNull())
    /** The competências (yyyy-MM) or calendar years the file covers, comma-separated. */
    .addColumn('periodos', 'varchar(400)', (c) => c.notNull())
    .addColumn('avisados', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('importacao_financeira_em').on('importacao_financeira').column('em').execute();
  await db.schema
    .createIndex('importacao_financeira_digesto')
    .on('importacao_financeira')
    .columns(['tipo', 'digesto'])
    .execute();

  await comId(db.schema.createTable('documento_financeiro_substituido'), dialeto)
    .addColumn('id_importacao', 'integer', (c) => c.notNull().references('importacao_financeira.id'))
    .addColumn('tabela', 'varchar(30)', (c) => c.notNull())
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.notNull())
    .addColumn('arquivo', 'varchar(200)', (c) => c.notNull())
    .addColumn('id_importacao_anterior', 'integer')
    .addColumn('conteudo', 'text', (c) => c.notNull())
    .addColumn('substituido_em', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('documento_substituido_importacao')
    .on('documento_financeiro_substituido')
    .column('id_importacao')
    .execute();

  for (const tabela of ['contracheque', 'ficha_financeira', 'informe_rendimentos']) {
    await db.schema.alterTable(tabela).addColumn('id_importacao', 'integer').execute();
    await db.schema.alterTable(tabela).addColumn('conteudo_hash', 'varchar(64)').execute();
  }
  await db.schema.alterTable('contracheque').addColumn('id_trabalho', 'integer').execute();
  await db.schema.alterTable('contracheque').addColumn('conciliacao', 'varchar(30)').execute();
  await db.schema.alterTable('contracheque').addColumn('conciliacao_detalhe', 'varchar(200)').execute();

  await db.schema
    .createIndex('contracheque_avulso_numero')
    .unique()
    .on('contracheque')
    .columns(['cod_avulso', 'numero'])
    .execute();
  await db.schema.createIndex('contracheque_trabalho').on('contracheque').column('id_trabalho').execute();
  await db.schema
    .createIndex('contracheque_movimento')
    .on('contracheque')
    .columns(['movimento', 'cod_avulso'])
    .execute();
  await db.schema
    .createIndex('ficha_financeira_avulso_mes')
    .unique()
    .on('ficha_financeira')
    .columns(['cod_avulso', 'ano', 'mes'])
    .execute();
  await db.schema
    .createIndex('informe_rendimentos_avulso_ano')
    .unique()
    .on('informe_rendimentos')
    .columns(['cod_avulso', 'ano_calendario'])
    .execute();
  // The reconciliation reads a period's jobs by day.
  await db.schema
    .createIndex('trabalho_data')
    .on('trabalho')
    .columns(['data_operacao', 'cod_avulso'])
    .execute();

  // One row whose UPDATE serialises imports on PostgreSQL (SQLite has one writer already).
  await db.schema
    .createTable('importacao_financeira_trava')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('em', 'varchar(30)')
    .execute();
  await db.insertInto('importacao_financeira_trava').values({ id: 1, em: null }).execute();

  // A payslip import's documents written ahead, in short transactions, by `lote`; the import's one transaction
  // then copies them into the live tables inside the database (docs/decisions/0242).
  await db.schema
    .createTable('contracheque_pendente')
    .addColumn('lote', 'varchar(40)', (c) => c.notNull())
    .addColumn('criado_em', 'varchar(30)', (c) => c.notNull())
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.notNull())
    .addColumn('arquivo', 'varchar(200)', (c) => c.notNull())
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
    .addColumn('conteudo_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('id_trabalho', 'integer')
    .addColumn('conciliacao', 'varchar(30)')
    .addColumn('conciliacao_detalhe', 'varchar(200)')
    .execute();
  await db.schema
    .createIndex('contracheque_pendente_lote')
    .on('contracheque_pendente')
    .column('lote')
    .execute();
  await db.schema
    .createTable('verba_pendente')
    .addColumn('lote', 'varchar(40)', (c) => c.notNull())
    .addColumn('arquivo', 'varchar(200)', (c) => c.notNull())
    .addColumn('ordem', 'integer', (c) => c.notNull())
    .addColumn('codigo', 'varchar(10)', (c) => c.notNull())
    .addColumn('descricao', 'varchar(80)', (c) => c.notNull())
    .addColumn('referencia', 'varchar(20)')
    .addColumn('natureza', 'varchar(1)', (c) => c.notNull())
    .addColumn('valor', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('verba_pendente_lote').on('verba_pendente').column('lote').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('verba_pendente').ifExists().execute();
  await db.schema.dropTable('contracheque_pendente').ifExists().execute();
  await db.schema.dropTable('importacao_financeira_trava').ifExists().execute();
  await db.schema.dropIndex('trabalho_data').ifExists().execute();
  for (const indice of [
    'informe_rendimentos_avulso_ano',
    'ficha_financeira_avulso_mes',
    'contracheque_movimento',
    'contracheque_trabalho',
    'contracheque_avulso_numero',
  ]) {
    await db.schema.dropIndex(indice).ifExists().execute();
  }
  for (const coluna of ['conciliacao_detalhe', 'conciliacao', 'id_trabalho']) {
    await db.schema.alterTable('contracheque').dropColumn(coluna).execute();
  }
  for (const tabela of ['contracheque', 'ficha_financeira', 'informe_rendimentos']) {
    await db.schema.alterTable(tabela).dropColumn('conteudo_hash').execute();
    await db.schema.alterTable(tabela).dropColumn('id_importacao').execute();
  }
  await db.schema.dropTable('documento_financeiro_substituido').ifExists().execute();
  await db.schema.dropTable('importacao_financeira').ifExists().execute();
}
