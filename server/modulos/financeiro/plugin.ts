import fp from 'fastify-plugin';
import { rotasFinanceiro } from './rotas.ts';
import { rotasFinanceiroGestao } from './rotas-gestao.ts';

/**
 * The pay documents (issue 25, decisions 0240-0246): the worker's lists and PDFs, and the staff's imports
 * (in their own context, behind the `financeiro` role, with its file parsers).
 */
export const moduloFinanceiro = fp(
  async (app) => {
    await app.register(rotasFinanceiro);
    await app.register(rotasFinanceiroGestao);
  },
  {
    name: 'financeiro',
    fastify: '5.x',
    decorators: { fastify: ['ctx'], request: ['sessao'] },
  },
);
