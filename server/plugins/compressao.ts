import { hash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ehApi } from '../http/caminho.ts';

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
 */

export interface OpcoesCompressao {
  /** Smaller answers go as they are: the headers would outweigh the saving. */
  limiteBytes: number;
  /** Brotli 4 ≈ gzip 6 in CPU, 5-15 % smaller; 5 doubles the CPU for 10 % less (measured at Santos size). */
  qualidadeBrotli: number;
  nivelGzip: number;
  /** Bytes of compressed bodies kept, oldest dropped first. */
  maxBytesCache: number;
}

export const OPCOES_COMPRESSAO: OpcoesCompressao = {
  limiteBytes: 1024,
  qualidadeBrotli: 4,
  nivelGzip: 6,
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
  private readonly mapa = new Map<string, Buffer>();
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
    const guardado = this.mapa.get(k);
    if (guardado) {
      // Refreshed as most recent: the shared answers of a rush stay while one-off ones leave.
      this.mapa.delete(k);
      this.mapa.set(k, guardado);
      return guardado;
    }
    const comprimido = this.comprimir(corpo, codificacao);
    if (comprimido.length <= this.opcoes.maxBytesCache / 8) {
      this.mapa.set(k, comprimido);
      this.bytes += comprimido.length;
      for (const [velha, valor] of this.mapa) {
        if (this.bytes <= this.opcoes.maxBytesCache) break;
        this.mapa.delete(velha);
        this.bytes -= valor.length;
      }
    }
    return comprimido;
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

export function comprimirRespostasApi(app: FastifyInstance, opcoes: OpcoesCompressao = OPCOES_COMPRESSAO) {
  const cache = new CacheComprimidos(opcoes);
  app.decorate('comprimidos', cache);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!ehApi(request)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (!ehJson(reply) || reply.hasHeader('content-encoding')) return payload;
    const corpo = typeof payload === 'string' ? Buffer.from(payload) : payload;

    // Conditional GET: only a 200 without a renewed token (an answer carrying a fresh token must reach the
    // client whole) and only where a copy may be kept.
    let chave: string | undefined;
    if (
      request.method === 'GET' &&
      reply.statusCode === 200 &&
      request.tokenRenovado === undefined &&
      !reply.hasHeader('set-cookie') &&
      !reply.hasHeader('cache-control') &&
      politicaDeCache(request) !== 'no-store'
    ) {
      chave = hash('sha1', corpo, 'base64url');
      const etag = `W/"${chave}"`;
      reply.header('ETag', etag);
      reply.header('Cache-Control', politicaDeCache(request));
      reply.header('Vary', 'Accept-Encoding');
      const seNenhum = request.headers['if-none-match'];
      if (etagConfere(seNenhum, etag)) {
        reply.code(304);
        reply.removeHeader('content-type');
        reply.removeHeader('content-length');
        return null;
      }
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
