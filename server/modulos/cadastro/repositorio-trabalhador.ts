import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/**
 * The writes of a worker's record (servico.ts and contas.ts own the rules): plain functions taking `db | trx`
 * first, so each change and its history line share the caller's transaction.
 */

export async function avulsoExiste(db: DbOuTrx, codAvulso: string): Promise<boolean> {
  const l = await db
    .selectFrom('avulso')
    .select('cod_avulso')
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
  return l !== undefined;
}
