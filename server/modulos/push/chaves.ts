import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { obterSegredo } from '../../plataforma/segredos.ts';

/** The VAPID key pair (base64url) that signs every push request (docs/decisions/0162). */
export interface ChavesVapid {
  publica: string;
  privada: string;
}

/**
 * The configured keys (VAPID_PUBLICA/VAPID_PRIVADA), or a pair generated once and kept in the database as
 * one secret, so every server process signs with the same pair and the browsers' subscriptions, bound to
 * the public key, keep working across restarts. Checked here, so a bad key stops the start, not a send.
 */
export async function chavesVapid(db: DbOuTrx, config: Config): Promise<ChavesVapid> {
  let chaves = config.push.vapid;
  if (!chaves) {
    const valor = await obterSegredo(db, 'vapid', () => {
      const par = webpush.generateVAPIDKeys();
      return `${par.publicKey}.${par.privateKey}`;
    });
    const [publica = '', privada = ''] = valor.split('.');
    chaves = { publica, privada };
  }
  try {
    webpush.getVapidHeaders(
      'https://push.invalid',
      config.push.contato,
      chaves.publica,
      chaves.privada,
      'aes128gcm',
    );
  } catch (erro) {
    throw new Error(`Chaves VAPID ou PUSH_CONTATO inválidos: ${(erro as Error).message}`);
  }
  return chaves;
}
