import { hash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ehApi } from './caminho.ts';
import {
  type CorpoCompartilhado,
  comporComprimido,
  comprimirPrefixo,
  type PrefixoComprimido,
} from './corpo-composto.ts';

/**
 * Small answers on the worker's phone (docs/decisions/0130-compressao-e-etag.md): every `/api` JSON answer
 * of at least `limiteBytes` goes out brotli (quality 4) or gzip, and a GET answered 200 without a renewed
 * token carries a weak ETag so the browser's revalidation of an unchanged answer is a 304 with no body.
 *
 * Compressed bodies are kept by the hash of what they compress (the ETag's hash), so an answer that many
 * workers receive byte for byte (a confirmed list, the open call, a variant of the call's offers shared by
 * workers in the same situation) is compressed once per change, not once per request. Compression runs on
 * the event loop on purpose: libuv's pool is Argon2id's during a rush of logins (docs/decisions/0028), and a
 * 2 ms compression queued behind a hundred hashes would hold the answer.
 *
 * An answer built of a shared part and a personal one (GET /api/vagas) is sent by `enviarComposto`: the shared
 * part is compressed once per change and each answer only appends its personal bytes
 * (docs/decisions/0134-vagas-compartilhada-e-pessoal.md).
 */

export interface OpcoesCompressao {
  /** Smaller answers go as they are: the headers would outweigh the saving. */
  limiteBytes: number;
  /** Brotli 4 ≈ gzip 6 in CPU, 5-15 % smaller; 5 doubles the CPU for 10 % less (measured at Santos size). */
  qualidadeBrotli: number;
  nivelGzip: number;
  /**
   * The shared part of a composed answer is compressed once per change, not per request: it can afford the
   * CPU of brotli 9 / gzip 9 (about 3× that of 4 / 6, 20 % / 7 % fewer bytes at Santos size; brotli 10 costs
   * 40× more and would hold the event loop for a second: docs/decisions/0134).
   */
  qualidadeBrotliCompartilhado: number;
  nivelGzipCompartilhado: number;
  /** Bytes of compressed bodies kept, oldest dropped first. */
  maxBytesCache: number;
}

export const OPCOES_COMPRESSAO: OpcoesCompressao = {
  limiteBytes: 1024,
  qualidadeBrotli: 4,
  nivelGzip: 6,
  qualidadeBrotliCompartilhado: 9,
  nivelGzipCompartilhado: 9,
  maxBytesCache: 16 * 1024 * 1024,
};

export type Codificacao = 'br' | 'gzip';

/** The coding this client takes, by its Accept-Encoding (q=0 refuses); brotli first, it is smaller. */
export function escolherCodificacao(aceita: string | undefined): Codificacao | undefined {
  if (!aceita) return undefined;
  const q = new Map<string, number>();
  for (const item of aceita.toLowerCase().split(',')) {
    const [nome, ...params] = item.trim().split(';');
    if (!nome) continue;
    const qp = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const valor = qp === undefined ? 1 : Number(qp.slice(2));
    q.set(nome, Number.isFinite(valor) ? valor : 0);
  }
  const curinga = q.get('*') ?? 0;
  const aceitaCodificacao = (nome: Codificacao) => (q.get(nome) ?? curinga) > 0;
  if (aceitaCodificacao('br')) return 'br';
  if (aceitaCodificacao('gzip')) return 'gzip';
  return undefined;
}

/** Whether If-None-Match names this entity tag (weak comparison, RFC 9110 §13.1.2). */
export function etagConfere(seNenhum: string | undefined, etag: string): boolean {
  if (!seNenhum) return false;
  const opaca = etag.replace(/^W\//, '');
  return seNenhum.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaca;
  });
}

/** Compressed bodies by (hash of the uncompressed body, coding), bounded by bytes, oldest out first. */
export class CacheComprimidos {
  private readonly mapa = new Map<string, PrefixoComprimido>();
  private bytes = 0;
  /** Compressions actually run (tests and the bench read it). */
  compressoes = 0;
  private readonly opcoes: OpcoesCompressao;

  constructor(opcoes: OpcoesCompressao) {
    this.opcoes = opcoes;
  }

  comprimir(corpo: Buffer, codificacao: Codificacao): Buffer {
    this.compressoes++;
    return codificacao === 'br'
      ? brotliCompressSync(corpo, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: this.opcoes.qualidadeBrotli,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: corpo.length,
          },
        })
      : gzipSync(corpo, { level: this.opcoes.nivelGzip });
  }

  /** The compressed body, from memory when the same bytes were compressed before. */
  obter(chave: string, corpo: Buffer, codificacao: Codificacao): Buffer {
    const k = `${codificacao}:${chave}`;
    const guardado = this.lembrar(k);
    if (guardado) return guardado.dados;
    const comprimido = this.comprimir(corpo, codificacao);
    this.guardar(k, { codificacao, dados: comprimido, crc32: 0, tamanho: corpo.length });
    return comprimido;
  }

  /**
   * The shared part of a composed answer, compressed to be continued (corpo-composto.ts), from memory when
   * the same bytes were compressed before: once per change of what they hold, however often it is rebuilt.
   */
  obterPrefixo(chave: string, corpo: Buffer, codificacao: Codificacao): PrefixoComprimido {
    const k = `prefixo:${codificacao}:${chave}`;
    const guardado = this.lembrar(k);
    if (guardado) return guardado;
    this.compressoes++;
    this.compressoesPrefixo++;
    const prefixo = comprimirPrefixo(corpo, codificacao, {
      qualidadeBrotli: this.opcoes.qualidadeBrotliCompartilhado,
      nivelGzip: this.opcoes.nivelGzipCompartilhado,
    });
    this.guardar(k, prefixo);
    return prefixo;
  }

  /** Of `compressoes`, those of shared parts (tests and the bench read it). */
  compressoesPrefixo = 0;

  private lembrar(k: string): PrefixoComprimido | undefined {
    const guardado = this.mapa.get(k);
    if (guardado) {
      // Refreshed as most recent: the shared answers of a rush stay while one-off ones leave.
      this.mapa.delete(k);
      this.mapa.set(k, guardado);
    }
    return guardado;
  }

  private guardar(k: string, valor: PrefixoComprimido): void {
    if (valor.dados.length > this.opcoes.maxBytesCache / 8) return;
    this.mapa.set(k, valor);
    this.bytes += valor.dados.length;
    for (const [velha, antiga] of this.mapa) {
      if (this.bytes <= this.opcoes.maxBytesCache) break;
      this.mapa.delete(velha);
      this.bytes -= antiga.dados.length;
    }
  }
}

function ehJson(reply: FastifyReply): boolean {
  const tipo = reply.getHeader('content-type');
  return typeof tipo === 'string' && tipo.startsWith('application/json');
}

/**
 * Who may keep a copy, for answers with an ETag. A worker on their own phone: `private, no-cache` (the
 * browser keeps it and asks each time; the server answers 304 when unchanged; logout clears it with
 * Clear-Site-Data). A kiosk session: `no-store`, nothing is kept on a shared screen, so no ETag either.
 */
function politicaDeCache(request: FastifyRequest): 'private, no-cache' | 'no-store' {
  return request.sessao?.quiosque ? 'no-store' : 'private, no-cache';
}

/**
 * Conditional GET: only a 200 without a renewed token (an answer carrying a fresh token must reach the
 * client whole) and only where a copy may be kept.
 */
function podeRevalidar(request: FastifyRequest, reply: FastifyReply): boolean {
  return (
    request.method === 'GET' &&
    reply.statusCode === 200 &&
    request.tokenRenovado === undefined &&
    !reply.hasHeader('set-cookie') &&
    !reply.hasHeader('cache-control') &&
    politicaDeCache(request) !== 'no-store'
  );
}

/** Sets the ETag `W/"<chave>"` and its policy; true (the reply made a 304) when If-None-Match names it. */
function responderSeIgual(request: FastifyRequest, reply: FastifyReply, chave: string): boolean {
  const etag = `W/"${chave}"`;
  reply.header('ETag', etag);
  reply.header('Cache-Control', politicaDeCache(request));
  reply.header('Vary', 'Accept-Encoding');
  if (!etagConfere(request.headers['if-none-match'], etag)) return false;
  reply.code(304);
  reply.removeHeader('content-type');
  reply.removeHeader('content-length');
  return true;
}

/** Composed answers already handled by `enviarComposto`: the onSend hook leaves them alone. */
const compostas = new WeakSet<FastifyReply>();

/**
 * Sends a JSON answer made of `compartilhado` followed by `pessoal` (docs/decisions/0134): ETag and 304 as
 * for any answer (the tag hashes only the personal bytes: the shared ones are named by their key), the
 * shared part compressed once per change, the personal bytes appended as they are. Without a coding the
 * client gets the two parts joined by `juntar`.
 */
export function enviarComposto(
  request: FastifyRequest,
  reply: FastifyReply,
  compartilhado: CorpoCompartilhado,
  pessoal: Buffer,
  juntar: (partes: readonly Buffer[]) => Buffer,
) {
  const { comprimidos } = request.server;
  compostas.add(reply);
  reply.type('application/json; charset=utf-8');
  if (podeRevalidar(request, reply)) {
    const chave = `${compartilhado.chave}.${hash('sha1', pessoal, 'base64url').slice(0, 16)}`;
    if (responderSeIgual(request, reply, chave)) return reply.send();
  }
  reply.header('Vary', 'Accept-Encoding');
  const codificacao = escolherCodificacao(request.headers['accept-encoding']);
  if (!codificacao) return reply.send(juntar([compartilhado.json, pessoal]));
  const prefixo = comprimidos.obterPrefixo(compartilhado.chave, compartilhado.json, codificacao);
  reply.header('Content-Encoding', codificacao);
  return reply.send(comporComprimido(prefixo, pessoal));
}

export function comprimirRespostasApi(app: FastifyInstance, opcoes: OpcoesCompressao = OPCOES_COMPRESSAO) {
  const cache = new CacheComprimidos(opcoes);
  app.decorate('comprimidos', cache);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!ehApi(request) || compostas.has(reply)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!ehJson(reply) || reply.hasHeader('content-encoding')) return payload;
    const corpo = typeof payload === 'string' ? Buffer.from(payload) : payload;

    let chave: string | undefined;
    if (podeRevalidar(request, reply)) {
      chave = hash('sha1', corpo, 'base64url');
      if (responderSeIgual(request, reply, chave)) return null;
    }

    if (corpo.length < opcoes.limiteBytes) return payload;
    const codificacao = escolherCodificacao(request.headers['accept-encoding']);
    reply.header('Vary', 'Accept-Encoding');
    if (!codificacao) return payload;
    const comprimido = chave ? cache.obter(chave, corpo, codificacao) : cache.comprimir(corpo, codificacao);
    reply.header('Content-Encoding', codificacao);
    reply.removeHeader('content-length');
    return comprimido;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    comprimidos: CacheComprimidos;
  }
}
