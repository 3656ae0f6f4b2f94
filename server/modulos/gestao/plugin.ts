import fp from 'fastify-plugin';
import { rotasGestao } from './rotas.ts';
import { rotasResultadoEscala } from './rotas-resultado.ts';

/**
 * The call's cycle run by the staff (decisions 0150-0156, 0210-0218, 0261-0266): the staff's routes (their own
 * context: the `escalador` check and the CSV parser), which change the call through `app.escalacao`, and the
 * published result the worker reads.
 */
export const moduloGestao = fp(
  async (app) => {
    await app.register(rotasGestao);
    await app.register(rotasResultadoEscala);
  },
  {
    name: 'gestao',
    fastify: '5.x',
    dependencies: ['escalacao'],
    decorators: { fastify: ['ctx'], request: ['sessao'] },
  },
);
