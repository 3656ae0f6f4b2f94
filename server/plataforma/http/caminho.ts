import type { FastifyRequest } from 'fastify';

/** The path decoded, repeated slashes folded, dot segments left as sent. */
function caminhoDecodificado(url: string): string {
  let caminho = url;
  if (!caminho.startsWith('/')) {
    try {
      caminho = new URL(caminho).pathname;
    } catch {
      return caminho;
    }
  }
  caminho = caminho.split('?')[0] ?? '';
  try {
    caminho = decodeURIComponent(caminho);
  } catch {
    // Bad escapes never reach a route; the path is judged as sent.
  }
  return caminho.replace(/\/+/g, '/');
}

/**
 * The path a request really reaches, for every decision about /api (XSRF, no-store, the envelope). The router
 * decodes percent-escapes and takes absolute request targets (`POST http://host/api/login`), so the raw
 * `request.url` is never the thing to test: `/%61pi/login` is /api/login. A matched route answers with its own
 * pattern; an unmatched one with its decoded, normalised path.
 */
export function caminhoNormalizado(url: string): string {
  const caminho = caminhoDecodificado(url);
  if (!caminho.startsWith('/')) return caminho;
  // Dot segments resolved the way a browser or proxy would resolve them.
  return new URL(caminho, 'http://x').pathname;
}

function caminhoDaApi(caminho: string): boolean {
  return caminho === '/api' || caminho.startsWith('/api/');
}

export function ehApi(request: FastifyRequest): boolean {
  const rota = request.routeOptions.url;
  if (rota !== undefined && rota !== '*' && rota !== '/*') return caminhoDaApi(rota);
  // Under /api as sent (`/api/..%2f..%2f`) or once its dot segments are resolved (`/x/..%2fapi/y`): both
  // are the API's, answered in the envelope, never the app's HTML (issue 28 item 10).
  return caminhoDaApi(caminhoNormalizado(request.url)) || caminhoDaApi(caminhoDecodificado(request.url));
}
