import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../../config.ts';

/** The headers helmet sets (and removes) for our policy, computed once. */
export interface CabecalhosSeguranca {
  definidos: readonly (readonly [string, string])[];
  removidos: readonly string[];
}

/**
 * helmet's security headers on every answer, computed once. @fastify/helmet ran helmet's middleware on every
 * request, rebuilding the same Content-Security-Policy text each time: 6% of the event loop during the
 * benchmark's POST phase (docs/decisions/0024-sessoes-em-memoria.md). Our policy has no per-request part
 * (no nonces), so helmet runs here once against a recording response and each answer gets the recorded
 * headers, the raw answers written below Fastify included (server/plataforma/http/erros-de-protocolo.ts).
 */
export function calcularCabecalhosDeSeguranca(opcoes: HelmetOptions): CabecalhosSeguranca {
  const definidos = new Map<string, string>();
  const removidos: string[] = [];
  const gravador = {
    setHeader(nome: string, valor: string | number | readonly string[]) {
      definidos.set(nome, String(valor));
    },
    removeHeader(nome: string) {
      definidos.delete(nome);
      removidos.push(nome);
    },
  };
  let erro: unknown;
  helmet(opcoes)({} as IncomingMessage, gravador as unknown as ServerResponse, (e?: unknown) => {
    erro = e;
  });
  if (erro) throw erro;
  return { definidos: [...definidos], removidos };
}

export function cabecalhosDeSeguranca(
  app: FastifyInstance,
  { definidos, removidos }: CabecalhosSeguranca,
): void {
  app.addHook('onRequest', (_request, reply, feito) => {
    for (const nome of removidos) reply.raw.removeHeader(nome);
    for (const [nome, valor] of definidos) reply.raw.setHeader(nome, valor);
    feito();
  });
}

/** helmet's default Strict-Transport-Security: a year, subdomains included. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** The portal is served over HTTPS for everyone: its public origin says so (docs/decisions/0225). */
export function servidoEmHttps(config: Config): boolean {
  return config.urlPublica.startsWith('https://');
}

/**
 * HSTS on the answers a trusted proxy says went over HTTPS (X-Forwarded-Proto), when URL_PUBLICA does not
 * already put it on every answer. Never on plain HTTP (browsers ignore it there, RFC 6797 §7.2).
 */
export function hstsAtrasDoProxy(app: FastifyInstance, config: Config): void {
  if (servidoEmHttps(config) || config.trustProxy === false) return;
  app.addHook('onRequest', (request, reply, feito) => {
    if (request.protocol === 'https') reply.raw.setHeader('Strict-Transport-Security', HSTS);
    feito();
  });
}
