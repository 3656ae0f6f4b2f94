import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The OGMO's own kiosks (issue 28, item 5; docs/decisions/0228). Staff register a kiosk's browser from that
 * browser; it gets `TPA-TOTEM` = `<kiosk id>.<HMAC-SHA256(id)>`, HttpOnly, SameSite=Strict, sent to the login
 * only. A kiosk login carrying a valid cookie of a kiosk not revoked is counted on that kiosk's own budget for
 * the worker (`totem:<id>:<code>`), so nothing an outsider does from elsewhere keeps a worker from logging in
 * at the OGMO at 06:30.
 */
export const COOKIE_TOTEM = 'TPA-TOTEM';
export const CAMINHO_COOKIE_TOTEM = '/api/login';
/** Browsers keep a cookie at most 400 days; every login renews it. */
export const VALIDADE_TOTEM_DIAS = 400;

function assinatura(segredo: string, id: string): string {
  return createHmac('sha256', segredo).update(`totem.${id}`).digest('base64url');
}

export function novoIdTotem(): string {
  return randomBytes(16).toString('base64url');
}

export function emitirCookieTotem(segredo: string, id: string): string {
  return `${id}.${assinatura(segredo, id)}`;
}

/** The kiosk id of a well-signed cookie, or undefined. Whether it is still registered is asked to the database. */
export function idDoCookieTotem(segredo: string, valor: string | undefined): string | undefined {
  if (!valor || valor.length > 100) return undefined;
  const [id, sig, ...resto] = valor.split('.');
  if (!id || !sig || resto.length > 0 || !/^[\w-]{22}$/.test(id)) return undefined;
  const esperada = Buffer.from(assinatura(segredo, id));
  const recebida = Buffer.from(sig);
  if (esperada.length !== recebida.length || !timingSafeEqual(esperada, recebida)) return undefined;
  return id;
}

export {
  listarTotens,
  marcarUsoTotem,
  registrarTotem,
  revogarTotem,
  totemAtivo,
} from './repositorio-totens.ts';
