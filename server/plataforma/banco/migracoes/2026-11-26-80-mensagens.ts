import type { Kysely } from 'kysely';
import { comId, dialetoDe } from '../dialeto.ts';

/**
 * The staff's service messages (issue 30, docs/decisions/0270): a message of `mensagem_servico` gets its
 * audience (`para_tipo`: todos, categoria, sindicato or lista, with `para_codigo`; null keeps the old meaning
 * of `cod_avulso`: one worker, or everyone when null), its period, its notice flag, its author and its
 * closing; a list's workers are rows of `mensagem_destinatario`; every creation, edit and closing is a row of
 * `mensagem_auditoria` (who, when, before, after).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  const dialeto = dialetoDe(db);
  const colunas: [string, 'varchar(20)' | 'integer' | 'varchar(30)' | 'varchar(6)'][] = [
    ['para_tipo', 'varchar(20)'],
    ['para_codigo', 'integer'],
    ['inicio', 'varchar(30)'],
    ['fim', 'varchar(30)'],
    ['autor', 'varchar(6)'],
    ['atualizada_em', 'varchar(30)'],
    ['encerrada_em', 'varchar(30)'],
  ];
  for (const [nome, tipo] of colunas) {
    await db.schema.alterTable('mensagem_servico').addColumn(nome, tipo).execute();
  }
  await db.schema
    .alterTable('mensagem_servico')
    .addColumn('aviso', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('mensagem_servico_autor')
    .on('mensagem_servico')
    .columns(['autor', 'id'])
    .execute();

  await db.schema
    .createTable('mensagem_destinatario')
    .addColumn('id_mensagem', 'integer', (c) =>
      c.notNull().references('mensagem_servico.id').onDelete('cascade'),
    )
    .addColumn('cod_avulso', 'varchar(6)', (c) =>
      c.notNull().references('avulso.cod_avulso').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('mensagem_destinatario_pk', ['id_mensagem', 'cod_avulso'])
    .execute();
  await db.schema
    .createIndex('mensagem_destinatario_avulso')
    .on('mensagem_destinatario')
    .columns(['cod_avulso', 'id_mensagem'])
    .execute();

  await comId(db.schema.createTable('mensagem_auditoria'), dialeto)
    .addColumn('id_mensagem', 'integer', (c) =>
      c.notNull().references('mensagem_servico.id').onDelete('cascade'),
    )
    .addColumn('acao', 'varchar(20)', (c) => c.notNull())
    .addColumn('por', 'varchar(6)', (c) => c.notNull())
    .addColumn('em', 'varchar(30)', (c) => c.notNull())
    .addColumn('antes', 'text')
    .addColumn('depois', 'text')
    .execute();
  await db.schema
    .createIndex('mensagem_auditoria_mensagem')
    .on('mensagem_auditoria')
    .columns(['id_mensagem', 'id'])
    .execute();
}
