import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CAMINHO_INICIO } from '#common/inicio-no-html.ts';
import { caminhoNormalizado, ehApi } from '../http/caminho.ts';
import { escolherCodificacao } from '../http/compressao.ts';
import { respostaNaoEncontrado } from '../http/tratar-erros.ts';
import { carregarInicioNoServidor, paginaDoInicio, type RenderizarInicio } from './inicio-no-html.ts';
import { servirManifesto } from './manifesto.ts';

/**
 * Serves the built web app (dist/web): hashed assets cached for a year, index.html never cached,
 * and every non-/api path answers the app so client routes and deep links work.
 */
export async function servirWeb(
  app: FastifyInstance,
  webDir: string,
  opcoes: { renderizarInicio?: RenderizarInicio } = {},
) {
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
  // /inicio with the worker's home already in the page, for a phone that sent its session cookie
  // (docs/decisions/0192-inicio-no-html.md). Tests give the render from the source; the server, the build's.
  const inicioNoServidor = !temWeb
    ? undefined
    : opcoes.renderizarInicio
      ? { renderizar: opcoes.renderizarInicio, cabeca: '' }
      : await carregarInicioNoServidor(webDir, app.log);
  const indiceTexto = index?.toString('utf8') ?? '';

  app.setNotFoundHandler(async (request, reply) => {
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
    const caminho = caminhoNormalizado(request.url);
    if (inicioNoServidor && caminho.replace(/\/+$/, '') === CAMINHO_INICIO && request.method === 'GET') {
      let inicio: string | undefined;
      try {
        inicio = await paginaDoInicio(app, request, indiceTexto, inicioNoServidor);
      } catch (erro) {
        // The page without the home is still the app: the client asks the answers itself.
        request.log.error({ err: erro }, 'falha ao montar /inicio no servidor');
      }
      if (inicio !== undefined) {
        // The worker's own data: never kept by a cache, and another cookie is another page. Compressed as
        // the API's answers are (its answers' JSON is most of it: ≈ 100 KB to ≈ 10 KB for 100001).
        reply
          .header('Cache-Control', 'no-store')
          .header('Vary', 'Cookie, Accept-Encoding')
          .type('text/html; charset=utf-8');
        const codificacao = escolherCodificacao(request.headers['accept-encoding']);
        if (!codificacao) return reply.send(inicio);
        return reply
          .header('Content-Encoding', codificacao)
          .send(app.comprimidos.comprimir(Buffer.from(inicio), codificacao));
      }
    }
    const pagina = login && caminho === '/login' ? login : index;
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(pagina);
  });
}
