import type { Kysely } from 'kysely';

/**
 * The name as the staff's search compares it (issue 30, docs/decisions/0235): lower case, no accents, single
 * spaces, written with the name by every writer, so "JOAO" finds "JOÃO" on both databases with a plain LIKE and
 * no function per row. The existing rows are filled here.
 */

/** Frozen copy of common/busca-trabalhador.ts `normalizarNome` as of this migration. */
function normalizar(nome: string): string {
  return nome.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}

const LOTE = 500;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('avulso')
    .addColumn('nome_busca', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .execute();
  let depois = '';
  for (;;) {
    const linhas: { cod_avulso: string; nome: string }[] = await db
      .selectFrom('avulso')
      .select(['cod_avulso', 'nome'])
      .where('cod_avulso', '>', depois)
      .orderBy('cod_avulso')
      .limit(LOTE)
      .execute();
    if (linhas.length === 0) break;
    for (const l of linhas) {
      await db
        .updateTable('avulso')
        .set({ nome_busca: normalizar(l.nome) })
        .where('cod_avulso', '=', l.cod_avulso)
        .execute();
    }
    depois = linhas[linhas.length - 1]?.cod_avulso ?? depois;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('avulso').dropColumn('nome_busca').execute();
}
