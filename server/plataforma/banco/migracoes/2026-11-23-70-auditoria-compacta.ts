import type { Kysely } from 'kysely';

/**
 * Issue 16, the rotation's speed (docs/decisions/0154, addendum): the audit is stored as codes
 * (server/modulos/gestao/auditoria-gravada.ts) and rendered into Portuguese when read. What the sentences
 * name about each offer is stored here with the call when the rotation runs, so a published call's audit
 * never depends on data that may change later. `escala_decisao.decisao` keeps its column: new rows hold the
 * compact code, older rows their full JSON (both are read).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('escala_auditoria_oferta')
    .addColumn('num_escalacao', 'integer', (c) =>
      c.notNull().references('escala.num_escalacao').onDelete('cascade'),
    )
    .addColumn('seq_categoria', 'integer', (c) => c.notNull())
    // 'MSC AURORA, Porão 2, Estivador'
    .addColumn('descricao', 'varchar(200)', (c) => c.notNull())
    // numChamada of the last worker engaged there in rotation order (null: nobody).
    .addColumn('ultimo_escalado', 'integer')
    .addPrimaryKeyConstraint('escala_auditoria_oferta_pk', ['num_escalacao', 'seq_categoria'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('escala_auditoria_oferta').execute();
}
