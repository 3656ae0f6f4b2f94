import type { Kysely } from 'kysely';
import { comId, dialetoDe } from '../dialeto.ts';

/**
 * The electronic call: requisitions, holds, offers and the workers' choices. Indexes serve the hot paths:
 * the shared part of a call (by num_escalacao), a worker's choices in a call, the confirmed list of a
 * call and category.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  const dialeto = dialetoDe(db);

  await db.schema
    .createTable('requisicao')
    .addColumn('num_requisicao', 'integer', (c) => c.primaryKey())
    .addColumn('num_escalacao', 'integer', (c) =>
      c.notNull().references('escala.num_escalacao').onDelete('cascade'),
    )
    .addColumn('cod_categoria', 'integer', (c) => c.notNull())
    .addColumn('cod_operador', 'integer', (c) => c.notNull())
    .addColumn('nome_operador', 'varchar(80)', (c) => c.notNull())
    .addColumn('cod_navio', 'integer', (c) => c.notNull())
    .addColumn('nome_navio', 'varchar(80)', (c) => c.notNull())
    .addColumn('data_operacao', 'varchar(8)', (c) => c.notNull())
    .addColumn('cod_periodo', 'integer', (c) => c.notNull())
    .addColumn('hora_inicio', 'integer', (c) => c.notNull())
    .addColumn('hora_fim', 'integer', (c) => c.notNull())
    .addColumn('inicio', 'varchar(30)', (c) => c.notNull())
    .addColumn('fim', 'varchar(30)', (c) => c.notNull())
    .addColumn('cod_local_atrac', 'varchar(10)', (c) => c.notNull())
    .addColumn('nome_local_atrac', 'varchar(80)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('requisicao_escala')
    .on('requisicao')
    .columns(['num_escalacao', 'cod_categoria'])
    .execute();

  await db.schema
    .createTable('porao')
    .addColumn('num_requisicao', 'integer', (c) =>
      c.notNull().references('requisicao.num_requisicao').onDelete('cascade'),
    )
    .addColumn('num_porao', 'varchar(10)', (c) => c.notNull())
    .addColumn('mercadoria', 'varchar(80)', (c) => c.notNull())
    .addColumn('tonelagem', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('porao_pk', ['num_requisicao', 'num_porao'])
    .execute();

  await db.schema
    .createTable('oferta')
    .addColumn('seq_categoria', 'integer', (c) => c.primaryKey())
    .addColumn('num_escalacao', 'integer', (c) => c.notNull())
    .addColumn('cod_categoria', 'integer', (c) => c.notNull())
    .addColumn('num_requisicao', 'integer', (c) => c.notNull())
    .addColumn('num_porao', 'varchar(10)', (c) => c.notNull())
    .addColumn('cod_funcao', 'integer', (c) => c.notNull())
    .addColumn('num_vagas', 'integer', (c) => c.notNull())
    .addColumn('ponteiro', 'integer')
    .addColumn('ponteiro_a', 'integer')
    .addColumn('ponteiro_p', 'integer')
    .addColumn('grupo', 'varchar(20)')
    .addForeignKeyConstraint(
      'oferta_porao_fk',
      ['num_requisicao', 'num_porao'],
      'porao',
      ['num_requisicao', 'num_porao'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('oferta_escala')
    .on('oferta')
    .columns(['num_escalacao', 'cod_categoria'])
    .execute();
  await db.schema.createIndex('oferta_requisicao').on('oferta').column('num_requisicao').execute();

  await comId(db.schema.createTable('escolha'), dialeto)
    .addColumn('num_escalacao', 'integer', (c) => c.notNull())
    .addColumn('cod_categoria', 'integer', (c) => c.notNull())
    .addColumn('seq_categoria', 'integer', (c) =>
      c.notNull().references('oferta.seq_categoria').onDelete('cascade'),
    )
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('preferencia', 'integer', (c) => c.notNull())
    .addColumn('hora_digitacao', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('escolha_avulso_oferta', ['cod_avulso', 'seq_categoria'])
    .execute();
  // A worker's choices in a call (GET and POST /api/vagas).
  await db.schema
    .createIndex('escolha_avulso_escala')
    .on('escolha')
    .columns(['cod_avulso', 'num_escalacao', 'cod_categoria'])
    .execute();
  // The confirmed list of a call and category; the offer's foreign key for cascades.
  await db.schema
    .createIndex('escolha_escala_categoria')
    .on('escolha')
    .columns(['num_escalacao', 'cod_categoria', 'cod_avulso'])
    .execute();
  await db.schema.createIndex('escolha_oferta').on('escolha').column('seq_categoria').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const tabela of ['escolha', 'oferta', 'porao', 'requisicao']) {
    await db.schema.dropTable(tabela).execute();
  }
}
