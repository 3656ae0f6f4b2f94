import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/** A worker keeps at most this many passkeys (a phone, a tablet, a spare). */
export const MAXIMO_PASSKEYS_POR_CONTA = 10;

export type MotivoRevogacao = 'trabalhador' | 'equipe' | 'senha';

const COLUNAS = [
  'id',
  'credencial',
  'cod_avulso',
  'chave_publica',
  'contador',
  'transportes',
  'nome',
  'criada_em',
  'usada_em',
  'revogada_em',
  'revogada_por',
  'motivo_revogacao',
] as const;

export function passkeysAtivas(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('passkey')
    .select(COLUNAS)
    .where('cod_avulso', '=', codAvulso)
    .where('revogada_em', 'is', null)
    .orderBy('id')
    .execute();
}

/** Every passkey of the worker, revoked ones too (what staff see). */
export function todasAsPasskeys(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('passkey')
    .select(COLUNAS)
    .where('cod_avulso', '=', codAvulso)
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** One passkey of the worker (revoked or not), for staff's revocation and its history line. */
export function passkeyDoAvulso(db: DbOuTrx, codAvulso: string, id: number) {
  return db
    .selectFrom('passkey')
    .select(COLUNAS)
    .where('cod_avulso', '=', codAvulso)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function passkeyPorCredencial(db: DbOuTrx, credencial: string) {
  return db
    .selectFrom('passkey')
    .select(COLUNAS)
    .where('credencial', '=', credencial)
    .where('revogada_em', 'is', null)
    .executeTakeFirst();
}

export async function guardarPasskey(
  db: DbOuTrx,
  p: {
    credencial: string;
    codAvulso: string;
    chavePublica: string;
    contador: number;
    transportes: readonly string[];
    nome: string;
    agora: Date;
  },
): Promise<number | undefined> {
  const linha = await db
    .insertInto('passkey')
    .values({
      credencial: p.credencial,
      cod_avulso: p.codAvulso,
      chave_publica: p.chavePublica,
      contador: String(p.contador),
      transportes: p.transportes.join(','),
      nome: p.nome,
      criada_em: p.agora.toISOString(),
      usada_em: null,
      revogada_em: null,
      revogada_por: null,
      motivo_revogacao: null,
    })
    .onConflict((oc) => oc.column('credencial').doNothing())
    .returning('id')
    .executeTakeFirst();
  return linha?.id;
}

/** After a login: the counter the authenticator reported and the time. */
export async function marcarUso(db: DbOuTrx, id: number, contador: number, agora: Date): Promise<void> {
  await db
    .updateTable('passkey')
    .set({ contador: String(contador), usada_em: agora.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** True when an active passkey of the worker was revoked now. */
export async function revogarPasskey(
  db: DbOuTrx,
  codAvulso: string,
  id: number,
  por: string,
  motivo: MotivoRevogacao,
  agora: Date,
): Promise<boolean> {
  const r = await db
    .updateTable('passkey')
    .set({ revogada_em: agora.toISOString(), revogada_por: por, motivo_revogacao: motivo })
    .where('id', '=', id)
    .where('cod_avulso', '=', codAvulso)
    .where('revogada_em', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Every active passkey of the worker, on a password change or reset (esquecerAcessos). */
export async function revogarTodasAsPasskeys(db: DbOuTrx, codAvulso: string, agora: Date): Promise<number> {
  const r = await db
    .updateTable('passkey')
    .set({ revogada_em: agora.toISOString(), revogada_por: null, motivo_revogacao: 'senha' })
    .where('cod_avulso', '=', codAvulso)
    .where('revogada_em', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Spends a challenge: false when it was spent before (a replayed answer). */
export async function gastarDesafio(db: DbOuTrx, desafio: string, expiraEm: Date): Promise<boolean> {
  const linha = await db
    .insertInto('passkey_desafio_usado')
    .values({ desafio, expira_em: expiraEm.toISOString() })
    .onConflict((oc) => oc.column('desafio').doNothing())
    .returning('desafio')
    .executeTakeFirst();
  return linha !== undefined;
}

/** Spent challenges past their end can never be presented again: the housekeeping deletes them. */
export async function apagarDesafiosVencidos(db: DbOuTrx, agora: Date): Promise<number> {
  const r = await db
    .deleteFrom('passkey_desafio_usado')
    .where('expira_em', '<', agora.toISOString())
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** When the session began (its first token's row: a renewal keeps the session id, not the start). */
export async function inicioDaSessao(db: DbOuTrx, sessaoId: string): Promise<string | undefined> {
  const linha = await db
    .selectFrom('sessao')
    .select('criada_em')
    .where('token_hash', '=', sessaoId)
    .executeTakeFirst();
  return linha?.criada_em;
}
