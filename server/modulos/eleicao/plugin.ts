import fp from 'fastify-plugin';
import { rotasEleicoes } from './rotas.ts';
import { rotasEleicoesGestao } from './rotas-gestao.ts';

/**
 * The CPATP election (decisions 0060-0063, 0271): the vote and the committee's routes, and the staff's
 * (in their own context, behind the `eleicao` role).
 */
export const moduloEleicao = fp(
  async (app) => {
    await app.register(rotasEleicoes);
    await app.register(rotasEleicoesGestao);
  },
  {
    name: 'eleicao',
    fastify: '5.x',
    decorators: { fastify: ['ctx'], request: ['sessao'] },
  },
);
