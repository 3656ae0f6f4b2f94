import { type Kysely, sql } from 'kysely';
import { dialetoDe, tipoBinario } from '../dialeto.ts';

/**
 * Sealed ballots (docs/decisions/0063-cedula-selada.md): an election gets the public half of its key,
 * a ballot keeps only its seal, and the tally (per vote, written at closing) gets a table of its own.
 * Ballots stored in the clear before this version are counted into `apuracao` here and lose their vote.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  const dialeto = dialetoDe(db);
  await db.schema.alterTable('eleicao').addColumn('chave_publica', 'varchar(64)').execute();
  await db.schema.alterTable('eleicao').addColumn('sal_chave', 'varchar(64)').execute();

  await db.schema
    .createTable('apuracao')
    .addColumn('eleicao_id', 'integer', (c) => c.notNull().references('eleicao.id').onDelete('cascade'))
    .addColumn('voto', 'integer', (c) => c.notNull())
    .addColumn('votos', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('apuracao_pk', ['eleicao_id', 'voto'])
    .execute();
  await sql`insert into apuracao (eleicao_id, voto, votos)
    select eleicao_id, voto, count(*) from cedula group by eleicao_id, voto`.execute(db);

  await db.schema.alterTable('cedula').addColumn('selo', tipoBinario(dialeto)).execute();
  await db.schema.alterTable('cedula').dropColumn('voto').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cedula').dropColumn('selo').execute();
  await db.schema.alterTable('cedula').addColumn('voto', 'integer').execute();
  await db.schema.dropTable('apuracao').execute();
  await db.schema.alterTable('eleicao').dropColumn('sal_chave').execute();
  await db.schema.alterTable('eleicao').dropColumn('chave_publica').execute();
}
