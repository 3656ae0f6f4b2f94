import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { ehApi } from './caminho.ts';
import { ErroApp } from './erro-app.ts';

/**
 * Double-submit XSRF protection (docs/produto/decisoes.md §2): the server sets XSRF-TOKEN (readable by scripts,
 * SameSite=Strict, Secure behind HTTPS); every non-GET /api call, login included, must echo it in
 * X-XSRF-TOKEN.
 */
export const COOKIE_XSRF = 'XSRF-TOKEN';
export const CABECALHO_XSRF = 'x-xsrf-token';
const METODOS_SEGUROS = new Set(['GET', 'HEAD', 'OPTIONS']);

function iguais(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function protegerXsrf(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[COOKIE_XSRF];
    if (!cookie) {
      reply.setCookie(COOKIE_XSRF, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure: request.protocol === 'https',
        httpOnly: false,
      });
    }
    // On the path the router took, never the raw text (`/%61pi/login` is /api/login).
    if (METODOS_SEGUROS.has(request.method) || !ehApi(request)) return;
    const cabecalho = request.headers[CABECALHO_XSRF];
    if (!cookie || typeof cabecalho !== 'string' || !iguais(cookie, cabecalho)) {
      throw new ErroApp('XsrfInvalido');
    }
  });
}
