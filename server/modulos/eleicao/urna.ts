import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  type KeyObject,
  randomBytes,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import { promisify } from 'node:util';

/**
 * The sealed ballot box (docs/decisions/0063-cedula-selada.md). Every ballot is sealed with the
 * election's X25519 public key (an ECIES sealed box: ephemeral X25519, HKDF-SHA-256, AES-256-GCM bound
 * to the election's id), so the row stored next to the voter's mark says nothing. The private key is
 * never stored: it is derived, at the tally only, from the commission's "chave da apuração", a random
 * code shown once when the box is set up.
 */

const VERSAO = 1;
const TAMANHO_VOTO = 4;
const TAMANHO_IV = 12;
const TAMANHO_TAG = 16;
const TAMANHO_PUBLICA = 32;
/** Every sealed ballot has this length, whatever the vote. */
export const TAMANHO_SELO = 1 + TAMANHO_PUBLICA + TAMANHO_IV + TAMANHO_VOTO + TAMANHO_TAG;

// 32 symbols without 0/O and 1/I, so a code read aloud or typed is not misread; 256 % 32 = 0 keeps it uniform.
const ALFABETO = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SIMBOLOS_CHAVE = 24; // 120 random bits
// scrypt only adds cost to a guess: the code's 120 random bits are what keeps it out of reach.
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const PKCS8_X25519 = Buffer.from('302e020100300506032b656e04220420', 'hex');
const INFO_HKDF = Buffer.from('portal-tpa/cedula/v1');

export interface ChavesUrna {
  /** Raw X25519 public key, base64url (stored in `eleicao.chave_publica`). */
  chavePublica: string;
  /** The KDF salt, base64url (stored in `eleicao.sal_chave`). */
  sal: string;
}

export interface UrnaNova extends ChavesUrna {
  /** The commission's code, shown once and never stored: 'ABCD-EFGH-…'. */
  chaveApuracao: string;
}

/** A new random code for the commission, in groups of four. */
export function gerarChaveApuracao(): string {
  const simbolos = [...randomBytes(SIMBOLOS_CHAVE)].map((b) => ALFABETO[b % ALFABETO.length]).join('');
  return simbolos.match(/.{4}/g)?.join('-') ?? simbolos;
}

/** What the commission types, as the KDF reads it: case, spaces and hyphens do not matter. */
export function normalizarChaveApuracao(texto: string): string {
  return texto.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

const scryptAssincrono = promisify(scrypt) as (
  senha: string,
  sal: Buffer,
  tamanho: number,
  opcoes: typeof SCRYPT,
) => Promise<Buffer>;

/**
 * On libuv's thread pool, never on the event loop (issue 28 item 3, docs/decisions/0223): a wrong code used to
 * hold every other request for the length of a scrypt (N=2^15).
 */
async function chavePrivada(chaveApuracao: string, sal: string): Promise<KeyObject> {
  const semente = await scryptAssincrono(
    normalizarChaveApuracao(chaveApuracao),
    Buffer.from(sal, 'base64url'),
    32,
    SCRYPT,
  );
  return createPrivateKey({ key: Buffer.concat([PKCS8_X25519, semente]), format: 'der', type: 'pkcs8' });
}

function publicaCrua(chave: KeyObject): Buffer {
  const jwk = chave.export({ format: 'jwk' });
  if (!jwk.x) throw new Error('chave X25519 sem o componente público');
  return Buffer.from(jwk.x, 'base64url');
}

function publicaDeCrua(crua: Buffer): KeyObject {
  return createPublicKey({
    key: { kty: 'OKP', crv: 'X25519', x: crua.toString('base64url') },
    format: 'jwk',
  });
}

/** Sets up the box of a new election: the public half to store, the code to hand to the commission. */
export async function novaUrna(chaveApuracao = gerarChaveApuracao()): Promise<UrnaNova> {
  const sal = randomBytes(16).toString('base64url');
  const chavePublica = publicaCrua(createPublicKey(await chavePrivada(chaveApuracao, sal))).toString(
    'base64url',
  );
  return { chavePublica, sal, chaveApuracao };
}

/** The key that opens the box, or null when the code is not this election's. */
export async function abrirUrna(chaves: ChavesUrna, chaveApuracao: string): Promise<KeyObject | null> {
  const privada = await chavePrivada(chaveApuracao, chaves.sal);
  const esperada = Buffer.from(chaves.chavePublica, 'base64url');
  const obtida = publicaCrua(createPublicKey(privada));
  return esperada.length === obtida.length && timingSafeEqual(esperada, obtida) ? privada : null;
}

function chaveSimetrica(compartilhado: Buffer, efemera: Buffer, destinatario: Buffer): Buffer {
  return Buffer.from(
    hkdfSync('sha256', compartilhado, Buffer.concat([efemera, destinatario]), INFO_HKDF, 32),
  );
}

const dadosAssociados = (idEleicao: number) => Buffer.from(`eleicao:${idEleicao}`);

/** Seals one vote for one election. Randomised: the same vote never gives the same bytes twice. */
export function selarVoto(chavePublica: string, idEleicao: number, voto: number): Buffer {
  const destinatario = Buffer.from(chavePublica, 'base64url');
  const efemero = generateKeyPairSync('x25519');
  const efemeraCrua = publicaCrua(efemero.publicKey);
  const compartilhado = diffieHellman({
    privateKey: efemero.privateKey,
    publicKey: publicaDeCrua(destinatario),
  });
  const iv = randomBytes(TAMANHO_IV);
  const cifra = createCipheriv('aes-256-gcm', chaveSimetrica(compartilhado, efemeraCrua, destinatario), iv);
  cifra.setAAD(dadosAssociados(idEleicao));
  const claro = Buffer.alloc(TAMANHO_VOTO);
  claro.writeUInt32BE(voto);
  const cifrado = Buffer.concat([cifra.update(claro), cifra.final()]);
  return Buffer.concat([Buffer.from([VERSAO]), efemeraCrua, iv, cifrado, cifra.getAuthTag()]);
}

/** Opens one sealed ballot of this election; null when it does not open (another key, election or bytes). */
export function abrirCedula(privada: KeyObject, idEleicao: number, selo: Uint8Array): number | null {
  const bytes = Buffer.from(selo);
  if (bytes.length !== TAMANHO_SELO || bytes[0] !== VERSAO) return null;
  const inicioIv = 1 + TAMANHO_PUBLICA;
  const inicioVoto = inicioIv + TAMANHO_IV;
  const efemeraCrua = bytes.subarray(1, inicioIv);
  const iv = bytes.subarray(inicioIv, inicioVoto);
  const cifrado = bytes.subarray(inicioVoto, inicioVoto + TAMANHO_VOTO);
  const tag = bytes.subarray(inicioVoto + TAMANHO_VOTO);
  try {
    const compartilhado = diffieHellman({ privateKey: privada, publicKey: publicaDeCrua(efemeraCrua) });
    const decifra = createDecipheriv(
      'aes-256-gcm',
      chaveSimetrica(compartilhado, efemeraCrua, publicaCrua(createPublicKey(privada))),
      iv,
    );
    decifra.setAAD(dadosAssociados(idEleicao));
    decifra.setAuthTag(tag);
    return Buffer.concat([decifra.update(cifrado), decifra.final()]).readUInt32BE();
  } catch {
    return null;
  }
}
