import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/** The OGMO's registered kiosks (docs/decisions/0228): the table `totem`. */

export async function totemAtivo(db: DbOuTrx, id: string): Promise<boolean> {
  const linha = await db
    .selectFrom('totem')
    .select('id')
    .where('id', '=', id)
    .where('revogado_em', 'is', null)
    .executeTakeFirst();
  return linha !== undefined;
}

export async function registrarTotem(
  db: DbOuTrx,
  totem: { id: string; nome: string; por: string; agora: Date },
): Promise<void> {
  await db
    .insertInto('totem')
    .values({
      id: totem.id,
      nome: totem.nome,
      criado_em: totem.agora.toISOString(),
      criado_por: totem.por,
      revogado_em: null,
      revogado_por: null,
      usado_em: null,
    })
    .execute();
}

export function listarTotens(db: DbOuTrx) {
  return db
    .selectFrom('totem')
    .select(['id', 'nome', 'criado_em', 'criado_por', 'revogado_em', 'revogado_por', 'usado_em'])
    .orderBy('criado_em', 'desc')
    .limit(500)
    .execute();
}

/** True when a kiosk still active was revoked now. */
export async function revogarTotem(db: DbOuTrx, id: string, por: string, agora: Date): Promise<boolean> {
  const r = await db
    .updateTable('totem')
    .set({ revogado_em: agora.toISOString(), revogado_por: por })
    .where('id', '=', id)
    .where('revogado_em', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A login at the kiosk: its last use, for the administration's list. */
export async function marcarUsoTotem(db: DbOuTrx, id: string, agora: Date): Promise<void> {
  await db.updateTable('totem').set({ usado_em: agora.toISOString() }).where('id', '=', id).execute();
}
