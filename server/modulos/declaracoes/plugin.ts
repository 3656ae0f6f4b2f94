import fp from 'fastify-plugin';
import { rotasDeclaracoes } from './rotas.ts';

/**
 * The lockdown and MP 945 declarations and their public check (decisions 0050-0053): its routes.
 */
export const moduloDeclaracoes = fp(
  async (app) => {
    await app.register(rotasDeclaracoes);
  },
  {
    name: 'declaracoes',
    fastify: '5.x',
    decorators: { fastify: ['ctx'], request: ['sessao'] },
  },
);
