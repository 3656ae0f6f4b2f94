import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * The load generator's primitives: a keep-alive HTTP client to 127.0.0.1 only, per-endpoint latency
 * recording (hrtime) and the figures the benchmark prints (docs/decisions/0070-benchmark-escalacao.md).
 */

export interface Resposta {
  status: number;
  /** The body as the application reads it (decompressed). */
  corpo: Buffer;
  /** Bytes on the wire (compressed when the server compressed). */
  bytesFio: number;
  /** Set-Cookie values, when any. */
  cookies: string[];
  ms: number;
}

/**
 * What Chrome on Android sends over HTTPS (the port's phones): the server compresses for it, and the
 * generator pays the decompression a phone would (docs/decisions/0130, 0134).
 */
export const ACCEPT_ENCODING_CELULAR = 'gzip, deflate, br, zstd';

function descomprimir(corpo: Buffer, codificacao: string | undefined): Buffer {
  if (codificacao === 'br') return brotliDecompressSync(corpo);
  if (codificacao === 'gzip') return gunzipSync(corpo);
  if (codificacao === undefined || codificacao === 'identity') return corpo;
  throw new Error(`codificação inesperada: ${codificacao}`);
}

export class Cliente {
  private readonly agente: http.Agent;
  readonly porta: number;

  constructor(porta: number, conexoes: number) {
    this.porta = porta;
    this.agente = new http.Agent({ keepAlive: true, maxSockets: conexoes, maxFreeSockets: conexoes });
  }

  /** One request; never throws for an HTTP status, only for a network fault or the timeout. */
  requisitar(
    metodo: 'GET' | 'POST',
    caminho: string,
    cabecalhos: Record<string, string>,
    corpo?: string,
    limiteMs = 30_000,
  ): Promise<Resposta> {
    return new Promise((resolve, reject) => {
      const inicio = process.hrtime.bigint();
      const headers: Record<string, string | number> = {
        accept: 'application/json',
        'accept-encoding': ACCEPT_ENCODING_CELULAR,
        ...cabecalhos,
      };
      if (corpo !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(corpo);
      }
      const req = http.request(
        { host: '127.0.0.1', port: this.porta, method: metodo, path: caminho, headers, agent: this.agente },
        (res) => {
          const partes: Buffer[] = [];
          res.on('data', (p: Buffer) => partes.push(p));
          res.on('end', () => {
            const sc = res.headers['set-cookie'];
            const fio = partes.length === 1 ? (partes[0] as Buffer) : Buffer.concat(partes);
            let corpo: Buffer;
            try {
              corpo = descomprimir(fio, res.headers['content-encoding']);
            } catch (e) {
              reject(e);
              return;
            }
            resolve({
              status: res.statusCode ?? 0,
              corpo,
              bytesFio: fio.length,
              cookies: sc ?? [],
              ms: Number(process.hrtime.bigint() - inicio) / 1e6,
            });
          });
          res.on('error', reject);
        },
      );
      req.setTimeout(limiteMs, () => req.destroy(new Error(`tempo esgotado (${limiteMs} ms) em ${caminho}`)));
      req.on('error', reject);
      if (corpo !== undefined) req.write(corpo);
      req.end();
    });
  }

  fechar() {
    this.agente.destroy();
  }
}

/** Latencies and errors of one endpoint; the window is first start → last end of its requests. */
export class Medidas {
  readonly latencias: number[] = [];
  erros = 0;
  bytes = 0;
  primeiroInicio = Number.POSITIVE_INFINITY;
  ultimoFim = 0;
  readonly exemplosErro: string[] = [];

  registrar(inicioMs: number, ms: number, ok: boolean, bytes: number, detalhe?: string) {
    this.latencias.push(ms);
    this.bytes += bytes;
    if (inicioMs < this.primeiroInicio) this.primeiroInicio = inicioMs;
    if (inicioMs + ms > this.ultimoFim) this.ultimoFim = inicioMs + ms;
    if (!ok) {
      this.erros++;
      if (this.exemplosErro.length < 5 && detalhe) this.exemplosErro.push(detalhe);
    }
  }
}

export function percentil(ordenadas: number[], p: number): number {
  if (ordenadas.length === 0) return Number.NaN;
  const i = Math.min(ordenadas.length - 1, Math.max(0, Math.ceil((p / 100) * ordenadas.length) - 1));
  return ordenadas[i] as number;
}

export interface Resumo {
  requisicoes: number;
  erros: number;
  /** Requests per second over the endpoint's own active window (first start → last end). */
  rpsJanela: number;
  /** Requests per second over the whole phase's wall time. */
  rpsFase: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  bytesMedio: number;
  exemplosErro: string[];
}

export function resumir(m: Medidas, duracaoFaseMs: number): Resumo {
  const ordenadas = [...m.latencias].sort((a, b) => a - b);
  const n = ordenadas.length;
  const janela = m.ultimoFim - m.primeiroInicio;
  return {
    requisicoes: n,
    erros: m.erros,
    rpsJanela: n > 0 && janela > 0 ? n / (janela / 1000) : 0,
    rpsFase: duracaoFaseMs > 0 ? n / (duracaoFaseMs / 1000) : 0,
    p50: percentil(ordenadas, 50),
    p95: percentil(ordenadas, 95),
    p99: percentil(ordenadas, 99),
    max: n > 0 ? (ordenadas[n - 1] as number) : Number.NaN,
    bytesMedio: n > 0 ? m.bytes / n : 0,
    exemplosErro: m.exemplosErro,
  };
}

/** Milliseconds since the benchmark's origin (monotonic). */
const origem = process.hrtime.bigint();
export function agoraMs(): number {
  return Number(process.hrtime.bigint() - origem) / 1e6;
}

/**
 * Runs `trabalho` on `concorrencia` virtual users until `proximo` returns undefined or the time limit.
 * Returns the wall time in ms and whether it stopped on the time limit.
 */
export async function executarUsuarios<T>(
  concorrencia: number,
  limiteMs: number,
  proximo: () => T | undefined,
  trabalho: (item: T, vu: number) => Promise<void>,
): Promise<{ duracaoMs: number; esgotado: boolean; falhas: string[] }> {
  const inicio = agoraMs();
  let esgotado = false;
  const falhas: string[] = [];
  const usuario = async (vu: number) => {
    for (;;) {
      if (agoraMs() - inicio > limiteMs) {
        esgotado = true;
        return;
      }
      const item = proximo();
      if (item === undefined) return;
      try {
        await trabalho(item, vu);
      } catch (e) {
        if (falhas.length < 20) falhas.push(e instanceof Error ? e.message : String(e));
      }
    }
  };
  await Promise.all(Array.from({ length: concorrencia }, (_, vu) => usuario(vu)));
  return { duracaoMs: agoraMs() - inicio, esgotado, falhas };
}
