import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { CodigoErroServidor } from '#common/erros.ts';
import type { Metricas } from '../metricas.ts';

/**
 * Every request's id, line and measures (issue 26, docs/operacao.md):
 * - the id comes from the client's or the proxy's `X-Request-Id` when it is a plain token (letters, digits,
 *   `._:-`, up to 64), else it is a new UUID; it goes back in `X-Request-Id`, in every log line of the request
 *   (pino's `reqId`) and in every error envelope (`idPedido`), so a worker's complaint finds its line;
 * - one `info` line per request when it ends: method, route pattern, path (long tokens hidden), status, time,
 *   the worker's code when the request had a session, the error code when it failed;
 * - the request counters and latency histogram, per route pattern and status.
 */

const ID_VALIDO = /^[A-Za-z0-9._:-]{1,64}$/;

/** Fastify's `genReqId`: the incoming X-Request-Id when it is valid, else a new UUID. */
export function idDoPedido(req: { headers: Record<string, string | string[] | undefined> }): string {
  const recebido = req.headers['x-request-id'];
  return typeof recebido === 'string' && ID_VALIDO.test(recebido) ? recebido : randomUUID();
}

/** Long random path segments (declaration links) are hidden from logs, like query strings. */
export function urlParaLog(url: string): string {
  return (url.split('?')[0] ?? '').replace(/[A-Za-z0-9_-]{24,}/g, '[oculto]');
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The catalogue's code of the refusal this request answered, if any (tratar-erros.ts sets it). */
    codigoErro: CodigoErroServidor | undefined;
  }
}

/** A request that found no route (the SPA's fallback, an unknown /api path) is measured under this. */
const SEM_ROTA = 'sem-rota';

export function observarPedidos(app: FastifyInstance, metricas: Metricas): void {
  app.decorateRequest('codigoErro', undefined);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const rota = request.routeOptions.url ?? SEM_ROTA;
    const status = reply.statusCode;
    const segundos = reply.elapsedTime / 1000;
    const rotulos = { metodo: request.method, rota, status: String(status) };
    metricas.pedidos.inc(rotulos);
    // A live stream's time is its whole life: it would only blur the latency of the calls.
    if (!reply.raw.getHeader('content-type')?.toString().startsWith('text/event-stream')) {
      metricas.duracao.observe(rotulos, segundos);
    }
    for (const observar of metricas.aoResponder) observar(request, reply, rota);
    const linha = {
      metodo: request.method,
      rota,
      url: urlParaLog(request.url),
      status,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...(request.sessao ? { codAvulso: request.sessao.codAvulso } : {}),
      ...(request.codigoErro ? { codigoErro: request.codigoErro } : {}),
    };
    if (status >= 500) request.log.error(linha, 'pedido');
    else request.log.info(linha, 'pedido');
  });
}
