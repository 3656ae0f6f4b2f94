import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/**
 * How many trusted devices a worker keeps (docs/decisions/0227). Each has its own guess budget, so the cap is
 * what bounds the guesses a pile of old cookies is worth: past it, the least recently used device is
 * forgotten and its cookie falls back to the count of unknown devices.
 */
export const MAXIMO_APARELHOS_POR_CONTA = 5;

/** Whether the device the cookie names is still one of the worker's trusted devices. */
export async function aparelhoRegistrado(db: DbOuTrx, codAvulso: string, id: string): Promise<boolean> {
  const linha = await db
    .selectFrom('aparelho_confiavel')
    .select('id')
    .where('id', '=', id)
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
  return linha !== undefined;
}

/**
 * After a correct password: the device is (again) one of the worker's, marked used now, and past the cap the
 * least recently used of the worker's devices are forgotten. Inside the login's write unit.
 */
export async function confiarAparelho(
  db: DbOuTrx,
  codAvulso: string,
  id: string,
  agora: Date,
): Promise<void> {
  const iso = agora.toISOString();
  await db
    .insertInto('aparelho_confiavel')
    .values({ id, cod_avulso: codAvulso, criado_em: iso, usado_em: iso })
    .onConflict((oc) => oc.column('id').doUpdateSet({ usado_em: iso }))
    .execute();
  await db
    .deleteFrom('aparelho_confiavel')
    .where('cod_avulso', '=', codAvulso)
    .where('id', '<>', id)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('aparelho_confiavel')
        .select('id')
        .where('cod_avulso', '=', codAvulso)
        .where('id', '<>', id)
        .orderBy('usado_em', 'desc')
        .orderBy('criado_em', 'desc')
        .limit(MAXIMO_APARELHOS_POR_CONTA - 1),
    )
    .execute();
}

export async function esquecerAparelhos(db: DbOuTrx, codAvulso: string): Promise<number> {
  const r = await db.deleteFrom('aparelho_confiavel').where('cod_avulso', '=', codAvulso).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Devices not used for longer than their cookie lives can never be presented again: the housekeeping deletes them. */
export async function apagarAparelhosVencidos(db: DbOuTrx, limite: Date): Promise<number> {
  const r = await db
    .deleteFrom('aparelho_confiavel')
    .where('usado_em', '<', limite.toISOString())
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
