import type { Kysely } from 'kysely';
import { comId, dialetoDe, tipoBinario } from '../dialeto.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  const dialeto = dialetoDe(db);

  await db.schema
    .createTable('declaracao_habilitacao')
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('tipo', 'varchar(10)', (c) => c.notNull())
    .addColumn('habilitado', 'integer', (c) => c.notNull())
    .addColumn('atualizado_em', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('declaracao_habilitacao_pk', ['cod_avulso', 'tipo'])
    .execute();

  await comId(db.schema.createTable('declaracao'), dialeto)
    .addColumn('tipo', 'varchar(10)', (c) => c.notNull())
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('codigo_verificacao', 'varchar(20)', (c) => c.notNull().unique())
    .addColumn('token_url', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('emitida_em', 'varchar(30)', (c) => c.notNull())
    .addColumn('data_hora_inicio', 'varchar(30)', (c) => c.notNull())
    .addColumn('nome', 'varchar(120)', (c) => c.notNull())
    .addColumn('cpf', 'varchar(11)', (c) => c.notNull())
    .addColumn('dados_tpa', 'varchar(4000)', (c) => c.notNull())
    .addColumn('dados_contato', 'varchar(1000)', (c) => c.notNull())
    .addColumn('situacoes', 'varchar(400)')
    .addColumn('pdf', tipoBinario(dialeto), (c) => c.notNull())
    // One declaration per worker and kind, enforced by the database (no check-then-write race).
    .addUniqueConstraint('declaracao_avulso_tipo_unico', ['cod_avulso', 'tipo'])
    .execute();

  await db.schema
    .createTable('tentativa_acesso_declaracao')
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.primaryKey().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addColumn('falhas', 'integer', (c) => c.notNull())
    .addColumn('bloqueado_ate', 'varchar(30)')
    .addColumn('atualizado_em', 'varchar(30)', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const tabela of ['tentativa_acesso_declaracao', 'declaracao', 'declaracao_habilitacao']) {
    await db.schema.dropTable(tabela).execute();
  }
}
