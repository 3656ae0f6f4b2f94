import { type Kysely, sql } from 'kysely';
import { comId, dialetoDe, semOrdemDeInsercao } from '../dialeto.ts';

/** The CPATP election: elections, candidates, who voted and the ballots (kept apart). */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  const dialeto = dialetoDe(db);

  await comId(db.schema.createTable('eleicao'), dialeto)
    .addColumn('descricao', 'varchar(300)')
    .addColumn('abertura', 'varchar(30)', (c) => c.notNull())
    .addColumn('encerramento', 'varchar(30)')
    .addColumn('situacao', 'varchar(10)', (c) => c.notNull())
    .addColumn('eleitores', 'integer')
    .addCheckConstraint('eleicao_situacao', sql`situacao in ('aberta', 'encerrada')`)
    .execute();

  await db.schema
    .createTable('candidato')
    .addColumn('eleicao_id', 'integer', (c) => c.notNull().references('eleicao.id').onDelete('cascade'))
    .addColumn('matricula', 'integer', (c) => c.notNull())
    .addColumn('nome_exibicao', 'varchar(60)', (c) => c.notNull())
    .addColumn('sexo', 'varchar(1)', (c) => c.notNull())
    .addColumn('cod_sindicato', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('candidato_pk', ['eleicao_id', 'matricula'])
    .addCheckConstraint('candidato_matricula', sql`matricula > 0 and matricula < 999998`)
    .execute();

  // Both tables keep no insertion order on SQLite (WITHOUT ROWID: rows live in primary-key order).
  await semOrdemDeInsercao(
    db.schema
      .createTable('votante')
      .addColumn('eleicao_id', 'integer', (c) => c.notNull().references('eleicao.id').onDelete('cascade'))
      .addColumn('cod_avulso', 'varchar(6)', (c) => c.notNull().references('avulso.cod_avulso'))
      .addPrimaryKeyConstraint('votante_pk', ['eleicao_id', 'cod_avulso']),
    dialeto,
  ).execute();

  await semOrdemDeInsercao(
    db.schema
      .createTable('cedula')
      .addColumn('eleicao_id', 'integer', (c) => c.notNull().references('eleicao.id').onDelete('cascade'))
      .addColumn('id', 'varchar(36)', (c) => c.notNull())
      .addColumn('voto', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('cedula_pk', ['eleicao_id', 'id']),
    dialeto,
  ).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const tabela of ['cedula', 'votante', 'candidato', 'eleicao']) {
    await db.schema.dropTable(tabela).execute();
  }
}
