import fp from 'fastify-plugin';
import { rotasMensagensGestao } from './rotas.ts';

/**
 * The staff's messages to the workers (docs/decisions/0270): their routes, behind the `comunicacao` role.
 */
export const moduloMensagens = fp(
  async (app) => {
    await app.register(rotasMensagensGestao);
  },
  {
    name: 'mensagens',
    fastify: '5.x',
    decorators: { fastify: ['ctx'], request: ['sessao'] },
  },
);
