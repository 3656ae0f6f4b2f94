import { CATEGORIA_OGMO, type Papel } from '#common/dominio.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/** Whether the worker is OGMO staff (category 9) holding the role. */
export async function membroComPapel(db: DbOuTrx, codAvulso: string, papel: Papel): Promise<boolean> {
  const linha = await db
    .selectFrom('papel as p')
    .innerJoin('avulso as a', 'a.cod_avulso', 'p.cod_avulso')
    .select('p.papel')
    .where('p.cod_avulso', '=', codAvulso)
    .where('p.papel', '=', papel)
    .where('a.cod_categoria', '=', CATEGORIA_OGMO)
    .executeTakeFirst();
  return linha !== undefined;
}
