import { type Kysely, sql } from 'kysely';
import { comId, dialetoDe } from '../dialeto.ts';

/**
 * The history of every change the staff (or the worker) makes to a worker's record, roles included (issue 30,
 * docs/decisions/0230): who, when, what, before and after as JSON. Append-only: the database itself refuses to
 * update or delete a line.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  const dialeto = dialetoDe(db);
  await comId(db.schema.createTable('historico_avulso'), dialeto)
    .addColumn('cod_avulso', 'varchar(6)', (c) => c.notNull())
    .addColumn('em', 'varchar(30)', (c) => c.notNull())
    .addColumn('por', 'varchar(6)', (c) => c.notNull())
    .addColumn('acao', 'varchar(40)', (c) => c.notNull())
    .addColumn('antes', 'text')
    .addColumn('depois', 'text')
    .execute();
  await db.schema
    .createIndex('historico_avulso_cod')
    .on('historico_avulso')
    .columns(['cod_avulso', 'id'])
    .execute();
  await db.schema
    .createIndex('historico_avulso_acao')
    .on('historico_avulso')
    .columns(['acao', 'id'])
    .execute();
  if (dialeto === 'postgres') {
    await sql`create function historico_avulso_somente_acrescimo() returns trigger language plpgsql as $$
      begin raise exception 'historico_avulso: somente acréscimo'; end $$`.execute(db);
    await sql`create trigger historico_avulso_imutavel before update or delete on historico_avulso
      for each row execute function historico_avulso_somente_acrescimo()`.execute(db);
  } else {
    for (const operacao of ['update', 'delete']) {
      await sql
        .raw(`create trigger historico_avulso_sem_${operacao} before ${operacao} on historico_avulso
          begin select raise(abort, 'historico_avulso: somente acréscimo'); end`)
        .execute(db);
    }
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('historico_avulso').ifExists().execute();
  if (dialetoDe(db) === 'postgres') {
    await sql`drop function if exists historico_avulso_somente_acrescimo()`.execute(db);
  }
}
