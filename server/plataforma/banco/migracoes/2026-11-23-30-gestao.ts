import { type Kysely, sql } from 'kysely';

/**
 * Issue 16: the OGMO staff run calls (docs/decisions/0150-0153).
 *
 * - `papel`: staff roles (`escalador` runs calls); the election keeps its own category check.
 * - `operador`, `navio`, `local_atracacao`: the port's reference lists a requisition names by code.
 * - `escala` gains its life (`situacao`) and who did each step when. `aberta` stays the flag the choice
 *   machinery reads (1 exactly while `situacao` is 'aberta'); a partial unique index keeps one open call.
 * - The rotation's result, stored with the call: `escala_engajamento` (one row per engaged worker),
 *   `escala_decisao` (one row per worker who chose: the outcome and its reasons, the audit),
 *   `escala_ponteiro` (each function's pointer before and after). `ponteiro_rodizio` holds each function's
 *   pointer between calls; publishing moves it.
 * - `trabalho.num_escalacao`: the call an engagement came from (null for history loaded from elsewhere).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('papel')
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('papel', 'varchar(20)', (c) => c.notNull())
    .addPrimaryKeyConstraint('papel_pk', ['cod_avulso', 'papel'])
    .execute();

  await db.schema
    .createTable('operador')
    .addColumn('cod_operador', 'integer', (c) => c.primaryKey())
    .addColumn('nome', 'varchar(80)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('navio')
    .addColumn('cod_navio', 'integer', (c) => c.primaryKey())
    .addColumn('nome', 'varchar(80)', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('local_atracacao')
    .addColumn('cod_local_atrac', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('nome', 'varchar(80)', (c) => c.notNull())
    .execute();

  await db.schema
    .alterTable('escala')
    .addColumn('situacao', 'varchar(12)', (c) => c.notNull().defaultTo('rascunho'))
    .execute();
  for (const passo of ['criada', 'aberta', 'fechada', 'apurada', 'publicada', 'cancelada']) {
    await db.schema.alterTable('escala').addColumn(`${passo}_em`, 'varchar(30)').execute();
    await db.schema.alterTable('escala').addColumn(`${passo}_por`, 'varchar(6)').execute();
  }
  // Calls made before this migration: the open one stays open, the others count as closed.
  await sql`update escala set situacao = case when aberta = 1 then 'aberta' else 'fechada' end`.execute(db);
  await db.schema
    .createIndex('escala_uma_aberta')
    .on('escala')
    .column('aberta')
    .unique()
    .where(sql.ref('aberta'), '=', 1)
    .execute();

  await db.schema
    .createTable('escala_engajamento')
    .addColumn('num_escalacao', 'integer', (c) =>
      c.notNull().references('escala.num_escalacao').onDelete('cascade'),
    )
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.notNull())
    .addColumn('seq_categoria', 'integer', (c) => c.notNull())
    .addColumn('preferencia', 'integer', (c) => c.notNull())
    .addColumn('num_chamada', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('escala_engajamento_pk', ['num_escalacao', 'cod_avulso'])
    .execute();
  await db.schema
    .createIndex('escala_engajamento_oferta')
    .on('escala_engajamento')
    .column('seq_categoria')
    .execute();

  await db.schema
    .createTable('escala_decisao')
    .addColumn('num_escalacao', 'integer', (c) =>
      c.notNull().references('escala.num_escalacao').onDelete('cascade'),
    )
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.notNull())
    .addColumn('escalado', 'integer', (c) => c.notNull())
    // The rotation's decision about this worker as JSON (server/modulos/rodizio's DecisaoAvulso): the paragraph
    // and one sentence per choice.
    .addColumn('decisao', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('escala_decisao_pk', ['num_escalacao', 'cod_avulso'])
    .execute();

  await db.schema
    .createTable('escala_ponteiro')
    .addColumn('num_escalacao', 'integer', (c) =>
      c.notNull().references('escala.num_escalacao').onDelete('cascade'),
    )
    .addColumn('cod_funcao', 'integer', (c) => c.notNull())
    .addColumn('registro_inicial', 'integer')
    .addColumn('registro_final', 'integer')
    .addColumn('cadastro_inicial', 'integer')
    .addColumn('cadastro_final', 'integer')
    .addColumn('alcancou_cadastro', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('escala_ponteiro_pk', ['num_escalacao', 'cod_funcao'])
    .execute();

  // docs/decisions/0142: per function, the two lists' pointers, the registered one before the last
  // published call, and whether that call reached the cadastered list.
  await db.schema
    .createTable('ponteiro_rodizio')
    .addColumn('cod_funcao', 'integer', (c) => c.primaryKey())
    .addColumn('registro', 'integer')
    .addColumn('cadastro', 'integer')
    .addColumn('registro_anterior', 'integer')
    .addColumn('alcancou_cadastro', 'integer', (c) => c.notNull())
    .addColumn('num_escalacao', 'integer', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('trabalho').addColumn('num_escalacao', 'integer').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'ponteiro_rodizio',
    'escala_ponteiro',
    'escala_decisao',
    'escala_engajamento',
    'local_atracacao',
    'navio',
    'operador',
    'papel',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
