import fp from 'fastify-plugin';
import { rotasAvulso } from './rotas.ts';
import { rotasFotos } from './rotas-fotos.ts';

/**
 * The worker's own data, photos, history and service messages (docs/ARCHITECTURE.md): its routes.
 */
export const moduloAvulso = fp(
  async (app) => {
    await app.register(rotasAvulso);
    await app.register(rotasFotos);
  },
  {
    name: 'avulso',
    fastify: '5.x',
    decorators: { fastify: ['ctx'], request: ['sessao'] },
  },
);
