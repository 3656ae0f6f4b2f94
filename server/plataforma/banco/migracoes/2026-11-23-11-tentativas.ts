import { type Kysely, sql } from 'kysely';
import { comId, dialetoDe } from '../dialeto.ts';

/**
 * One throttle for every guess (server/modulos/sessao/tentativas.ts, docs/decisions/0090): the counts of the login
 * and of the MP 945 check move into one table keyed by policy and subject, and every lock and unlock is
 * recorded for the OGMO staff (issue 12, items 2, 3 and 10; issue 13, item 7).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tentativa')
    .addColumn('chave', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('falhas', 'integer', (c) => c.notNull())
    .addColumn('bloqueado_ate', 'varchar(30)')
    .addColumn('atualizado_em', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tentativa_atualizada').on('tentativa').column('atualizado_em').execute();
  await sql`insert into tentativa (chave, falhas, bloqueado_ate, atualizado_em)
    select 'login:' || login, falhas, bloqueado_ate, atualizado_em from tentativa_login`.execute(db);
  await sql`insert into tentativa (chave, falhas, bloqueado_ate, atualizado_em)
    select 'declaracao:' || cod_avulso, falhas, bloqueado_ate, atualizado_em
    from tentativa_acesso_declaracao`.execute(db);
  await db.schema.dropTable('tentativa_login').execute();
  await db.schema.dropTable('tentativa_acesso_declaracao').execute();

  await comId(db.schema.createTable('registro_bloqueio'), dialetoDe(db))
    .addColumn('em', 'varchar(30)', (c) => c.notNull())
    .addColumn('evento', 'varchar(20)', (c) => c.notNull())
    .addColumn('politica', 'varchar(20)', (c) => c.notNull())
    .addColumn('sujeito', 'varchar(100)', (c) => c.notNull())
    .addColumn('falhas', 'integer', (c) => c.notNull())
    .addColumn('ate', 'varchar(30)')
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('registro_bloqueio_em').on('registro_bloqueio').column('em').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('registro_bloqueio').execute();
  await db.schema.dropTable('tentativa').execute();
  for (const [tabela, coluna] of [
    ['tentativa_login', 'login'],
    ['tentativa_acesso_declaracao', 'cod_avulso'],
  ] as const) {
    await db.schema
      .createTable(tabela)
      .addColumn(coluna, 'varchar(6)', (c) => c.primaryKey())
      .addColumn('falhas', 'integer', (c) => c.notNull())
      .addColumn('bloqueado_ate', 'varchar(30)')
      .addColumn('atualizado_em', 'varchar(30)', (c) => c.notNull())
      .execute();
  }
}
