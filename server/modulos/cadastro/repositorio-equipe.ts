import { CATEGORIA_OGMO } from '#common/dominio.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/**
 * The staff's roles' queries (equipe.ts owns the rules). Plain functions taking `db | trx` first, so a grant
 * or a removal reads and writes inside the caller's transaction.
 */

/** Every OGMO staff member (category 9), in name order. */
export function membrosDaEquipe(db: DbOuTrx) {
  return db
    .selectFrom('avulso')
    .select(['cod_avulso', 'nome'])
    .where('cod_categoria', '=', CATEGORIA_OGMO)
    .orderBy('nome')
    .execute();
}

/** Every role held by an OGMO staff member. */
export function papeisDaEquipe(db: DbOuTrx) {
  return db
    .selectFrom('papel as p')
    .innerJoin('avulso as a', 'a.cod_avulso', 'p.cod_avulso')
    .select(['p.cod_avulso', 'p.papel'])
    .where('a.cod_categoria', '=', CATEGORIA_OGMO)
    .execute();
}

/** The worker a role change is about: code, name and category. */
export function avulsoDoPapel(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('avulso')
    .select(['cod_avulso', 'nome', 'cod_categoria'])
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
}

export function papeisDe(db: DbOuTrx, codAvulso: string) {
  return db.selectFrom('papel').select('papel').where('cod_avulso', '=', codAvulso).execute();
}

/** How many OGMO staff members hold the administrator's role. */
export async function contarAdministradores(db: DbOuTrx): Promise<number> {
  const linha = await db
    .selectFrom('papel as p')
    .innerJoin('avulso as a', 'a.cod_avulso', 'p.cod_avulso')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('p.papel', '=', 'administrador')
    .where('a.cod_categoria', '=', CATEGORIA_OGMO)
    .executeTakeFirstOrThrow();
  return Number(linha.n);
}

export async function inserirPapel(db: DbOuTrx, codAvulso: string, papel: string): Promise<void> {
  await db.insertInto('papel').values({ cod_avulso: codAvulso, papel }).execute();
}

export async function apagarPapel(db: DbOuTrx, codAvulso: string, papel: string): Promise<void> {
  await db.deleteFrom('papel').where('cod_avulso', '=', codAvulso).where('papel', '=', papel).execute();
}
