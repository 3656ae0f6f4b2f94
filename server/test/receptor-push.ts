import { execFileSync } from 'node:child_process';
import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type AmbienteTeste, criarAmbiente } from './ambiente.ts';

/**
 * A push service of the tests' own on 127.0.0.1 (issue 15): HTTPS with a self-signed certificate made by
 * `openssl` for this run, which only a sender given `certificado` trusts. It records every post; the first path
 * segment chooses the answer (`/ok/…` 201, `/sumiu/…` 410, `/nao-existe/…` 404, `/falha/…` 500). A
 * browser's side is `novoNavegador`: a P-256 key pair and an auth secret, which decrypt what was posted
 * (RFC 8291, aes128gcm, through http_ece, the library web-push's own tests use).
 */

const ece = createRequire(import.meta.url)('http_ece') as {
  decrypt(corpo: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
};

export interface PostRecebido {
  caminho: string;
  cabecalhos: Record<string, string | string[] | undefined>;
  corpo: Buffer;
}

export interface ReceptorPush {
  origem: string;
  /** The self-signed certificate (PEM): what the sender must trust to reach this receiver. */
  certificado: Buffer;
  recebidos: PostRecebido[];
  /** Resolves once `n` posts were received in all. */
  aguardar(n: number): Promise<void>;
  /** Holds the answers from now on (the posts stay open) until `soltar`. */
  segurar(): void;
  soltar(): void;
  fechar(): Promise<void>;
}

/**
 * What the app's push options need to post to this receiver: it listens on 127.0.0.1 on a port of its own,
 * which the sender refuses otherwise (https on 443 to a public address only: decision 0220).
 */
export function opcoesPushDoReceptor(receptor: ReceptorPush) {
  return {
    ca: receptor.certificado.toString(),
    excecoes: { portas: [Number(new URL(receptor.origem).port)], redesPermitidas: ['127.0.0.1/32'] },
  };
}

const STATUS: Record<string, number> = { ok: 201, sumiu: 410, 'nao-existe': 404, falha: 500 };

/** An environment whose phone notices go to `receptor` (and only there), signed with `contato`. */
export function ambienteComAvisos(receptor: ReceptorPush, contato: string): Promise<AmbienteTeste> {
  return criarAmbiente(
    { push: { vapid: undefined, contato, servicos: ['127.0.0.1'] } },
    { push: opcoesPushDoReceptor(receptor) },
  );
}

export async function iniciarReceptorPush(): Promise<ReceptorPush> {
  const pasta = mkdtempSync(path.join(tmpdir(), 'receptor-push-'));
  const chave = path.join(pasta, 'chave.pem');
  const certificado = path.join(pasta, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      chave,
      '-out',
      certificado,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const cert = readFileSync(certificado);
  const key = readFileSync(chave);
  rmSync(pasta, { recursive: true, force: true });

  const recebidos: PostRecebido[] = [];
  const esperas: { n: number; feito: () => void }[] = [];
  let segurados: (() => void)[] | null = null;
  const servidor = https.createServer({ cert, key }, (req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (p: Buffer) => partes.push(p));
    req.on('end', () => {
      const caminho = req.url ?? '';
      recebidos.push({ caminho, cabecalhos: req.headers, corpo: Buffer.concat(partes) });
      const responder = () => res.writeHead(STATUS[caminho.split('/')[1] ?? ''] ?? 400).end();
      if (segurados) segurados.push(responder);
      else responder();
      for (const e of esperas.filter((x) => recebidos.length >= x.n)) {
        esperas.splice(esperas.indexOf(e), 1);
        e.feito();
      }
    });
  });
  await new Promise<void>((r) => servidor.listen(0, '127.0.0.1', r));
  const { port } = servidor.address() as AddressInfo;
  return {
    origem: `https://127.0.0.1:${port}`,
    certificado: cert,
    recebidos,
    aguardar: (n) =>
      recebidos.length >= n ? Promise.resolve() : new Promise((feito) => esperas.push({ n, feito })),
    segurar() {
      segurados ??= [];
    },
    soltar() {
      const lista = segurados ?? [];
      segurados = null;
      for (const responder of lista) responder();
    },
    async fechar() {
      servidor.closeAllConnections();
      await new Promise<void>((r) => servidor.close(() => r()));
    },
  };
}

export interface NavegadorPush {
  /** What PushSubscription.toJSON() gives, for this endpoint. */
  assinatura: { endpoint: string; keys: { p256dh: string; auth: string } };
  decifrar(corpo: Buffer): unknown;
}

export function novoNavegador(endpoint: string): NavegadorPush {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    assinatura: { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
    decifrar: (corpo) =>
      JSON.parse(
        ece.decrypt(corpo, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'),
      ),
  };
}
