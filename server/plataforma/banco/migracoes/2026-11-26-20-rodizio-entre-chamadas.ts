import { type Kysely, sql } from 'kysely';

/**
 * Issue 27, the rotation across calls (docs/decisions/0210-0212):
 *
 * - `escala_engajamento` keeps the shift's instants (`inicio`, `fim`, copied from the requisition when the
 *   rotation runs) and the engaged worker's place in the offer's rotation order (`posicao`, 1 = called
 *   first). The instants let the rest rule read a rotated-but-unpublished call's engagements by one index
 *   (`escala_engajamento_avulso_fim`), as it reads `trabalho`'s; rows written before this migration get them
 *   from their requisition. `posicao` stays null for them (their lists keep the old number order).
 * - The pointers name a position, not only a number: the worker last engaged (`*_avulso`), so workers who
 *   share a `numChamada` are reached in turn (docs/decisions/0212). Null: a pointer stored before (read as
 *   "after every worker of that number", what it meant then).
 * - `escala.rodizio_base`: the digest of the engagements the last rotation run read for its workers
 *   (docs/decisions/0211); publishing refuses a result whose base changed since.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('escala_engajamento').addColumn('inicio', 'varchar(30)').execute();
  await db.schema.alterTable('escala_engajamento').addColumn('fim', 'varchar(30)').execute();
  await db.schema.alterTable('escala_engajamento').addColumn('posicao', 'integer').execute();
  await sql`
    update escala_engajamento
       set inicio = (select r.inicio from oferta o join requisicao r on r.num_requisicao = o.num_requisicao
                      where o.seq_categoria = escala_engajamento.seq_categoria),
           fim = (select r.fim from oferta o join requisicao r on r.num_requisicao = o.num_requisicao
                   where o.seq_categoria = escala_engajamento.seq_categoria)`.execute(db);
  await db.schema
    .createIndex('escala_engajamento_avulso_fim')
    .on('escala_engajamento')
    .columns(['cod_avulso', 'fim'])
    .execute();

  for (const coluna of ['registro_avulso', 'cadastro_avulso']) {
    await db.schema.alterTable('ponteiro_rodizio').addColumn(coluna, 'varchar(6)').execute();
  }
  for (const coluna of [
    'registro_inicial_avulso',
    'registro_final_avulso',
    'cadastro_inicial_avulso',
    'cadastro_final_avulso',
  ]) {
    await db.schema.alterTable('escala_ponteiro').addColumn(coluna, 'varchar(6)').execute();
  }
  await db.schema.alterTable('escala').addColumn('rodizio_base', 'varchar(64)').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('escala').dropColumn('rodizio_base').execute();
  for (const coluna of [
    'registro_inicial_avulso',
    'registro_final_avulso',
    'cadastro_inicial_avulso',
    'cadastro_final_avulso',
  ]) {
    await db.schema.alterTable('escala_ponteiro').dropColumn(coluna).execute();
  }
  for (const coluna of ['registro_avulso', 'cadastro_avulso']) {
    await db.schema.alterTable('ponteiro_rodizio').dropColumn(coluna).execute();
  }
  await db.schema.dropIndex('escala_engajamento_avulso_fim').execute();
  for (const coluna of ['posicao', 'fim', 'inicio']) {
    await db.schema.alterTable('escala_engajamento').dropColumn(coluna).execute();
  }
}
