import { type Kysely, sql } from 'kysely';
import { dialetoDe } from '../dialeto.ts';

/**
 * Issue 27, the double shift ('dobra', docs/decisions/0218): a call's rotation may engage a worker twice, once
 * in its main pass and once in the pass of the unfilled vacancies with the reduced rest an agreement allows.
 * `escala_engajamento` gains the pass (`passe`: 1 main, 2 dobra) in its primary key. SQLite cannot change a
 * primary key: the table is rebuilt with the same columns and indexes.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialetoDe(db) === 'postgres') {
    await db.schema
      .alterTable('escala_engajamento')
      .addColumn('passe', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await sql`alter table escala_engajamento drop constraint escala_engajamento_pk`.execute(db);
    await sql`alter table escala_engajamento add constraint escala_engajamento_pk primary key (num_escalacao, cod_avulso, passe)`.execute(
      db,
    );
    return;
  }
  await db.schema
    .createTable('escala_engajamento_nova')
    .addColumn('num_escalacao', 'integer', (c) =>
      c.notNull().references('escala.num_escalacao').onDelete('cascade'),
    )
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.notNull())
    .addColumn('seq_categoria', 'integer', (c) => c.notNull())
    .addColumn('preferencia', 'integer', (c) => c.notNull())
    .addColumn('num_chamada', 'integer', (c) => c.notNull())
    .addColumn('inicio', 'varchar(30)')
    .addColumn('fim', 'varchar(30)')
    .addColumn('posicao', 'integer')
    .addColumn('passe', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('escala_engajamento_pk', ['num_escalacao', 'cod_avulso', 'passe'])
    .execute();
  await sql`insert into escala_engajamento_nova
      (num_escalacao, cod_avulso, seq_categoria, preferencia, num_chamada, inicio, fim, posicao, passe)
    select num_escalacao, cod_avulso, seq_categoria, preferencia, num_chamada, inicio, fim, posicao, 1
      from escala_engajamento`.execute(db);
  await db.schema.dropTable('escala_engajamento').execute();
  await db.schema.alterTable('escala_engajamento_nova').renameTo('escala_engajamento').execute();
  await db.schema
    .createIndex('escala_engajamento_oferta')
    .on('escala_engajamento')
    .column('seq_categoria')
    .execute();
  await db.schema
    .createIndex('escala_engajamento_avulso_fim')
    .on('escala_engajamento')
    .columns(['cod_avulso', 'fim'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('escala_engajamento').where('passe', '<>', 1).execute();
  if (dialetoDe(db) === 'postgres') {
    await sql`alter table escala_engajamento drop constraint escala_engajamento_pk`.execute(db);
    await sql`alter table escala_engajamento add constraint escala_engajamento_pk primary key (num_escalacao, cod_avulso)`.execute(
      db,
    );
    await db.schema.alterTable('escala_engajamento').dropColumn('passe').execute();
    return;
  }
  throw new Error('2026-11-26-23-dobra: sem volta no SQLite (a chave primária foi refeita)');
}
