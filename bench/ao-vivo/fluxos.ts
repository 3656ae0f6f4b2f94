import http from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { apiEventos } from '#common/api/eventos.ts';
import { CABECALHOS_CLIENTE } from '../escalacao/trabalhador.ts';
import { type Mudanca, Recepcao } from './chegadas.ts';
import { lerQuadros } from './sse.ts';

/**
 * A child process of bench:ao-vivo that holds live streams (GET /api/eventos), as thousands of phones would:
 * one socket each, no pooling limit. It notes when every message arrives (bench/ao-vivo/chegadas.ts) and
 * answers the parent over IPC:
 * - `abrir` {porta, tokens}: opens one stream per token (a few hundred at a time), answers `abertos` once
 *   each one has its first message or failed;
 * - `marcarEscala` {desde}: `escala` messages are timed from then on;
 * - `resumo` {mudancas}: answers the latencies of those changes and what the streams saw;
 * - `fechar`: ends the streams and the process.
 */

export type PedidoFluxos =
  | { tipo: 'abrir'; porta: number; tokens: string[] }
  | { tipo: 'marcarEscala'; desde: number }
  | { tipo: 'resumo'; mudancas: Mudanca[] }
  | { tipo: 'fechar' };

export type RespostaFluxos =
  | { tipo: 'abertos'; abertos: number; falhas: number; exemplos: string[]; ms: number }
  | {
      tipo: 'resumo';
      chegadas: ReturnType<Recepcao['chegadas']>;
      fluxosPorCategoria: [number, number][];
      terminados: number;
      bytes: number;
      eventos: number;
      /** This holder's event-loop delay over its life, ms. */
      atrasoLaco: { p99: number; max: number };
    };

const recepcao = new Recepcao();
/** This holder's own event-loop delay: a late callback is a late arrival stamp (a diagnostic). */
const atrasoLaco = monitorEventLoopDelay({ resolution: 10 });
atrasoLaco.enable();
const abertas = new Set<http.ClientRequest>();
let terminados = 0;
let bytes = 0;
let eventos = 0;
const responder = (r: RespostaFluxos) => process.send?.(r);

let proximoFluxo = 0;

function abrirUm(porta: number, token: string): Promise<void> {
  const fluxo = proximoFluxo++;
  return new Promise((resolve, reject) => {
    let pronto = false;
    const req = http.request(
      {
        host: '127.0.0.1',
        port: porta,
        method: apiEventos.eventos.metodo,
        path: apiEventos.eventos.caminho,
        headers: { ...CABECALHOS_CLIENTE, accept: 'text/event-stream', 'x-access-token': token },
        agent: false,
      },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`status ${res.statusCode}`));
          return;
        }
        res.setEncoding('utf8');
        let resto = '';
        res.on('data', (parte: string) => {
          const agora = Date.now();
          bytes += parte.length;
          const { quadros, resto: r } = lerQuadros(resto + parte);
          resto = r;
          for (const q of quadros) {
            eventos++;
            recepcao.evento(q.tipo, q.dados, agora, fluxo);
          }
          if (!pronto && quadros.length > 0) {
            pronto = true;
            resolve();
          }
        });
        res.on('close', () => {
          abertas.delete(req);
          if (pronto) terminados++;
          else reject(new Error('fluxo fechado antes do primeiro evento'));
        });
      },
    );
    req.setTimeout(120_000, () => {
      if (!pronto) req.destroy(new Error('sem resposta em 120 s'));
    });
    req.on('error', (e) => {
      abertas.delete(req);
      if (!pronto) reject(e);
    });
    abertas.add(req);
    req.end();
  });
}

async function abrir(porta: number, tokens: string[]): Promise<void> {
  const inicio = Date.now();
  let i = 0;
  let abertos = 0;
  let falhas = 0;
  const exemplos: string[] = [];
  // A few hundred connections at a time, as phones arriving: each waits for its first message.
  await Promise.all(
    Array.from({ length: Math.min(200, tokens.length) }, async () => {
      while (i < tokens.length) {
        const token = tokens[i++] as string;
        try {
          await abrirUm(porta, token);
          abertos++;
        } catch (e) {
          falhas++;
          if (exemplos.length < 5) exemplos.push(e instanceof Error ? e.message : String(e));
        }
      }
    }),
  );
  responder({ tipo: 'abertos', abertos, falhas, exemplos, ms: Date.now() - inicio });
}

process.on('message', (p: PedidoFluxos) => {
  if (p.tipo === 'abrir') void abrir(p.porta, p.tokens);
  else if (p.tipo === 'marcarEscala') recepcao.marcarEscala(p.desde);
  else if (p.tipo === 'resumo')
    responder({
      tipo: 'resumo',
      chegadas: recepcao.chegadas(p.mudancas),
      fluxosPorCategoria: [...recepcao.fluxosPorCategoria],
      terminados,
      bytes,
      eventos,
      atrasoLaco: { p99: atrasoLaco.percentile(99) / 1e6, max: atrasoLaco.max / 1e6 },
    });
  else {
    for (const req of abertas) req.destroy();
    process.disconnect?.();
    process.exit(0);
  }
});
