import type { Clock } from '../../clock.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

const DIA = 24 * 3_600_000;

/** Sessions a day past their absolute end (idle or revoked ones end by then too); indexed on expira_em. */
export async function apagarSessoesExpiradas(db: DbOuTrx, clock: Clock): Promise<number> {
  const limite = new Date(clock.now().getTime() - DIA).toISOString();
  const r = await db.deleteFrom('sessao').where('expira_em', '<', limite).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Throttle counts (services/tentativas.ts) untouched for a day whose wait is over. */
export async function apagarTentativasAntigas(db: DbOuTrx, clock: Clock): Promise<number> {
  const agora = clock.now();
  const limite = new Date(agora.getTime() - DIA).toISOString();
  const r = await db
    .deleteFrom('tentativa')
    .where('atualizado_em', '<', limite)
    .where((eb) => eb.or([eb('bloqueado_ate', 'is', null), eb('bloqueado_ate', '<', agora.toISOString())]))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The throttle's latest `limite` locks and unlocks, newest first. */
export async function registrosDeBloqueio(db: DbOuTrx, limite: number) {
  return db
    .selectFrom('registro_bloqueio')
    .select(['em', 'evento', 'politica', 'sujeito', 'falhas', 'ate', 'ip'])
    .orderBy('id', 'desc')
    .limit(limite)
    .execute();
}
