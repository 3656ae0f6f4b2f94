import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { caminhoNormalizado, ehApi } from '../http/caminho.ts';
import { respostaNaoEncontrado } from './envelope.ts';
import { servirManifesto } from './manifesto.ts';

/**
 * Serves the built web app (dist/web): hashed assets cached for a year, index.html never cached,
 * and every non-/api path answers the app so client routes and deep links work.
 */
export async function servirWeb(app: FastifyInstance, webDir: string) {
  servirManifesto(app, app.ctx.config.organizacao);
  const indexPath = path.join(webDir, 'index.html');
  const temWeb = existsSync(indexPath);
  if (temWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      // The build writes .br/.gz beside each asset (vite.config.ts); they are sent to browsers that accept them.
      preCompressed: true,
      setHeaders(res, caminho) {
        res.header(
          'Cache-Control',
          caminho.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  const index = temWeb ? readFileSync(indexPath) : undefined;
  // /login with its markup already in the page (the build's login.html, docs/decisions/0135): painted before
  // the scripts run. A build without it serves index.html there as everywhere.
  const loginPath = path.join(webDir, 'login.html');
  const login = temWeb && existsSync(loginPath) ? readFileSync(loginPath) : undefined;

  app.setNotFoundHandler((request, reply) => {
    if (ehApi(request) || !['GET', 'HEAD'].includes(request.method)) {
      return respostaNaoEncontrado(request, reply);
    }
    if (!index) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('Aplicativo web não compilado: rode npm run build.');
    }
    // Unknown static files (e.g. /assets/velho.js) are 404s, not the app.
    if (caminhoNormalizado(request.url).startsWith('/assets/'))
      return reply.status(404).type('text/plain; charset=utf-8').send('Não encontrado');
    const pagina = login && caminhoNormalizado(request.url) === '/login' ? login : index;
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(pagina);
  });
}
