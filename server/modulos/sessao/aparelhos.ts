import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * OWASP's "device cookies" (docs/decisions/0090-aparelhos-confiaveis.md): a successful login from a phone or
 * computer leaves there a signed, HttpOnly cookie naming the worker and the device. A later login for that
 * worker carrying it is counted on the device's own throttle, not on the worker's lock for unknown devices,
 * so a stranger's burst of wrong passwords keeps the stranger out and never the owner (issue 12, item 3).
 * One cookie per worker (`TPA-APARELHO-<code>`), so a phone shared by a family holds one for each; none at a
 * kiosk, which every worker shares.
 */
export const PREFIXO_COOKIE_APARELHO = 'TPA-APARELHO-';
/** The cookie is only ever read by the login. */
export const CAMINHO_COOKIE_APARELHO = '/api/login';
export const VALIDADE_APARELHO_DIAS = 180;
const VALIDADE_MS = VALIDADE_APARELHO_DIAS * 24 * 3_600_000;

export function nomeCookieAparelho(codAvulso: string): string {
  return `${PREFIXO_COOKIE_APARELHO}${codAvulso}`;
}

function assinatura(segredo: string, codAvulso: string, id: string, emitidoEm: number): string {
  return createHmac('sha256', segredo).update(`${codAvulso}.${id}.${emitidoEm}`).digest('base64url');
}

/** `<device id>.<issued at, ms>.<HMAC-SHA256 of worker, device and time>`. */
export function emitirCookieAparelho(segredo: string, codAvulso: string, id: string, agora: Date): string {
  const emitidoEm = agora.getTime();
  return `${id}.${emitidoEm}.${assinatura(segredo, codAvulso, id, emitidoEm)}`;
}

export function novoIdAparelho(): string {
  return randomBytes(16).toString('base64url');
}

/** The device id of a valid cookie issued for this worker, or undefined (absent, forged, expired, another's). */
export function aparelhoConfiavel(
  segredo: string,
  codAvulso: string,
  valor: string | undefined,
  agora: Date,
): string | undefined {
  if (!valor || valor.length > 200) return undefined;
  const [id, emitido, sig, ...resto] = valor.split('.');
  if (!id || !emitido || !sig || resto.length > 0 || !/^[\w-]{22}$/.test(id) || !/^\d{1,15}$/.test(emitido)) {
    return undefined;
  }
  const emitidoEm = Number(emitido);
  const idade = agora.getTime() - emitidoEm;
  if (idade < -60_000 || idade > VALIDADE_MS) return undefined;
  const esperada = Buffer.from(assinatura(segredo, codAvulso, id, emitidoEm));
  const recebida = Buffer.from(sig);
  if (esperada.length !== recebida.length || !timingSafeEqual(esperada, recebida)) return undefined;
  return id;
}
