import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';

/**
 * Passkeys (WebAuthn, docs/decisions/0229) through @simplewebauthn/server: this file only decides what the
 * library is asked. The challenges are signed, not stored: `<kind>.<worker or ->.<expiry ms>.<random>.<HMAC>`,
 * so asking for options writes nothing (no table for strangers to fill); a challenge is spent once, in the
 * same write unit as the session it opens (`passkey_desafio_usado`).
 */
export type TipoDesafio = 'registro' | 'login';

/**
 * EdDSA, ES256 and RS256: what phones' authenticators use. Named here so the library does not probe the
 * runtime for ML-DSA (an experimental Web Crypto algorithm in Node 24, which warns on every start).
 */
const ALGORITMOS = [-8, -7, -257];

export const VALIDADE_DESAFIO_MS = 5 * 60_000;

export interface Parte {
  /** The relying party id: the portal's host name (URL_PUBLICA). */
  rpID: string;
  /** The origin the browser reports: URL_PUBLICA's. */
  origem: string;
  nome: string;
}

export function parteDe(urlPublica: string, nome: string): Parte {
  const url = new URL(urlPublica);
  return { rpID: url.hostname, origem: url.origin, nome };
}

function assinar(segredo: string, corpo: string): string {
  return createHmac('sha256', segredo).update(`passkey.${corpo}`).digest('base64url');
}

export function emitirDesafio(
  segredo: string,
  tipo: TipoDesafio,
  codAvulso: string | null,
  agora: Date,
): string {
  const corpo = `${tipo}.${codAvulso ?? '-'}.${agora.getTime() + VALIDADE_DESAFIO_MS}.${randomBytes(16).toString('base64url')}`;
  return `${corpo}.${assinar(segredo, corpo)}`;
}

export interface DesafioValido {
  /** The token as signed (what is spent). */
  desafio: string;
  expiraEm: Date;
}

/**
 * The challenge the browser signed (base64url of the token's UTF-8), if it is ours, of this kind, for this
 * worker (registration) and not expired. Spending it is the caller's.
 */
export function lerDesafio(
  segredo: string,
  desafioBase64url: string,
  tipo: TipoDesafio,
  codAvulso: string | null,
  agora: Date,
): DesafioValido | undefined {
  if (desafioBase64url.length > 400 || !isoBase64URL.isBase64URL(desafioBase64url)) return undefined;
  const token = isoBase64URL.toUTF8String(desafioBase64url);
  const partes = token.split('.');
  if (partes.length !== 5) return undefined;
  const [t, cod, expira, , sig] = partes as [string, string, string, string, string];
  const corpo = partes.slice(0, 4).join('.');
  const esperada = Buffer.from(assinar(segredo, corpo));
  const recebida = Buffer.from(sig);
  if (esperada.length !== recebida.length || !timingSafeEqual(esperada, recebida)) return undefined;
  if (t !== tipo || cod !== (codAvulso ?? '-') || !/^\d{1,15}$/.test(expira)) return undefined;
  const expiraEm = new Date(Number(expira));
  if (expiraEm.getTime() <= agora.getTime()) return undefined;
  return { desafio: token, expiraEm };
}

/** The challenge inside an answer's clientDataJSON (undefined when it is not even JSON). */
export function desafioDaResposta(clientDataJSON: string): string | undefined {
  try {
    const dados = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    return typeof dados.challenge === 'string' ? dados.challenge : undefined;
  } catch {
    return undefined;
  }
}

export function opcoesRegistro(
  parte: Parte,
  desafio: string,
  trabalhador: { codAvulso: string; nome: string },
  existentes: readonly { credencial: string; transportes: string }[],
) {
  return generateRegistrationOptions({
    rpName: parte.nome,
    rpID: parte.rpID,
    userName: trabalhador.codAvulso,
    userDisplayName: trabalhador.nome,
    // The user handle is the worker's code: a discoverable passkey names its worker at login.
    userID: new TextEncoder().encode(trabalhador.codAvulso),
    challenge: desafio,
    attestationType: 'none',
    excludeCredentials: existentes.map((p) => ({
      id: p.credencial,
      transports: p.transportes ? p.transportes.split(',') : [],
    })),
    // Discoverable (the worker types nothing) and verified (the fingerprint or the screen lock).
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    preferredAuthenticatorType: 'localDevice',
    supportedAlgorithmIDs: ALGORITMOS,
  });
}

export function opcoesLogin(parte: Parte, desafio: string) {
  return generateAuthenticationOptions({
    rpID: parte.rpID,
    challenge: desafio,
    userVerification: 'required',
  });
}

/** The new credential, or undefined when the answer does not verify. */
export async function conferirRegistro(
  parte: Parte,
  resposta: RegistrationResponseJSON,
  desafioBase64url: string,
) {
  try {
    const r = await verifyRegistrationResponse({
      response: resposta,
      expectedChallenge: desafioBase64url,
      expectedOrigin: parte.origem,
      expectedRPID: parte.rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITMOS,
    });
    return r.verified ? r.registrationInfo : undefined;
  } catch {
    return undefined;
  }
}

/** The authenticator's new counter, or undefined when the answer does not verify. */
export async function conferirLogin(
  parte: Parte,
  resposta: AuthenticationResponseJSON,
  desafioBase64url: string,
  credencial: { id: string; chavePublica: string; contador: number; transportes: string },
): Promise<number | undefined> {
  try {
    const r = await verifyAuthenticationResponse({
      response: resposta,
      expectedChallenge: desafioBase64url,
      expectedOrigin: parte.origem,
      expectedRPID: parte.rpID,
      credential: {
        id: credencial.id,
        publicKey: isoBase64URL.toBuffer(credencial.chavePublica),
        counter: credencial.contador,
        transports: credencial.transportes ? credencial.transportes.split(',') : [],
      },
      requireUserVerification: true,
    });
    return r.verified ? r.authenticationInfo.newCounter : undefined;
  } catch {
    return undefined;
  }
}

/** A name for the list, from the browser's description of itself. */
export function nomePadrao(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  if (/iPhone/i.test(ua)) return 'iPhone';
  if (/iPad/i.test(ua)) return 'iPad';
  if (/Android/i.test(ua)) return 'Celular Android';
  if (/Windows/i.test(ua)) return 'Computador Windows';
  if (/Macintosh|Mac OS/i.test(ua)) return 'Mac';
  if (/Linux/i.test(ua)) return 'Computador Linux';
  return 'Passkey';
}
