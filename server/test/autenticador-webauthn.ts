import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator (ES256, "none" attestation, user verified) for the API tests: what a phone's
 * platform authenticator answers to navigator.credentials.create/get, written with the library's own CBOR
 * encoder, so the server's @simplewebauthn/server checks real signatures. The browser tests use Chromium's
 * virtual authenticator instead (e2e/passkeys.spec.ts).
 */
interface Credencial {
  id: Buffer;
  chave: KeyObject;
  usuario: string;
  contador: number;
}

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

function b64(b: Uint8Array): string {
  return Buffer.from(b).toString('base64url');
}

/** An ES256 public key as COSE_Key (kty EC2, alg -7, crv P-256, x, y). */
function coseDe(chave: KeyObject): Buffer {
  const jwk = chave.export({ format: 'jwk' });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x ?? '', 'base64url')],
    [-3, Buffer.from(jwk.y ?? '', 'base64url')],
  ]);
  return Buffer.from(isoCBOR.encode(cose));
}

export class AutenticadorSoftware {
  readonly credenciais: Credencial[] = [];
  private readonly origem: string;
  private readonly rpID: string;
  /** Set the UV flag (a fingerprint or screen lock was checked). */
  verificaUsuario = true;

  constructor(urlPublica: string) {
    const url = new URL(urlPublica);
    this.origem = url.origin;
    this.rpID = url.hostname;
  }

  private dadosCliente(tipo: 'webauthn.create' | 'webauthn.get', desafio: string, origem = this.origem) {
    return Buffer.from(
      JSON.stringify({ type: tipo, challenge: desafio, origin: origem, crossOrigin: false }),
    );
  }

  private cabecalho(flags: number, contador: number, rpID = this.rpID): Buffer {
    const c = Buffer.alloc(4);
    c.writeUInt32BE(contador);
    return Buffer.concat([createHash('sha256').update(rpID).digest(), Buffer.from([flags]), c]);
  }

  /**
   * A credential made without the ceremony, for seeding a benchmark's database: the id and the COSE public
   * key as the server keeps them (table passkey), and its index here for `obter`.
   */
  gerar(usuario: string): { indice: number; credencial: string; chavePublica: string } {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(32);
    this.credenciais.push({ id, chave: privateKey, usuario, contador: 0 });
    return {
      indice: this.credenciais.length - 1,
      credencial: b64(id),
      chavePublica: b64(coseDe(publicKey)),
    };
  }

  /** navigator.credentials.create with the server's options. */
  criar(
    opcoes: { challenge: string; user: { id: string } },
    ajuste: { origem?: string } = {},
  ): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(32);
    const tamanho = Buffer.alloc(2);
    tamanho.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      this.cabecalho(UP | (this.verificaUsuario ? UV : 0) | AT, 0),
      Buffer.alloc(16),
      tamanho,
      id,
      coseDe(publicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', authData],
      ]),
    );
    this.credenciais.push({
      id,
      chave: privateKey,
      usuario: Buffer.from(opcoes.user.id, 'base64url').toString('utf8'),
      contador: 0,
    });
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(this.dadosCliente('webauthn.create', opcoes.challenge, ajuste.origem)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get with the server's options, answered by one of the credentials kept here. */
  obter(
    opcoes: { challenge: string },
    qual = this.credenciais.length - 1,
    ajuste: { origem?: string; rpID?: string } = {},
  ): AuthenticationResponseJSON {
    const credencial = this.credenciais[qual];
    if (!credencial) throw new Error('o autenticador não tem essa credencial');
    credencial.contador += 1;
    const authData = this.cabecalho(UP | (this.verificaUsuario ? UV : 0), credencial.contador, ajuste.rpID);
    const clientDataJSON = this.dadosCliente('webauthn.get', opcoes.challenge, ajuste.origem);
    const assinado = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]);
    const signature = sign('sha256', assinado, credencial.chave);
    return {
      id: b64(credencial.id),
      rawId: b64(credencial.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: b64(Buffer.from(credencial.usuario)),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
