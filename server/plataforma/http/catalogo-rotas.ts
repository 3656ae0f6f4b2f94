import type { FastifyInstance, FastifySchema } from 'fastify';

/** One route as registered: method, full URL and the schemas it validates with. */
export interface RotaCatalogada {
  metodo: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, filled as plugins register them (the fuzz suite reads it). */
    rotasCatalogadas: readonly RotaCatalogada[];
  }
}

/**
 * Keeps the list of every route with its schemas, so a test can walk all of them, those added later
 * included (server/plataforma/http/fuzz.test.ts). Must run before any route is registered.
 */
export function catalogarRotas(app: FastifyInstance) {
  const rotas: RotaCatalogada[] = [];
  app.decorate('rotasCatalogadas', rotas);
  app.addHook('onRoute', (rota) => {
    for (const metodo of [rota.method].flat()) rotas.push({ metodo, url: rota.url, schema: rota.schema });
  });
}
