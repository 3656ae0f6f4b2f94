import fp from 'fastify-plugin';
import { rotasEscalacao } from './rotas.ts';
import { rotasEscalaAberta } from './rotas-escala-aberta.ts';
import { ServicoEscalacao } from './servico.ts';

/**
 * The electronic call as one Fastify plugin (docs/decisions/0100): it builds the call's machinery once per
 * app from `app.ctx`, decorates the app with it, then registers the call's routes. The live stream, the staff's
 * routes and the operation's gauges declare `dependencies: ['escalacao']` and use `app.escalacao`.
 */
export const moduloEscalacao = fp(
  async (app) => {
    const { banco, config, clock, gravacao, parametros, eventos } = app.ctx;
    const servico = new ServicoEscalacao({
      banco,
      config,
      clock,
      gravacao,
      parametros,
      eventos,
    });
    app.decorate('escalacao', servico);
    await app.register(rotasEscalaAberta);
    await app.register(rotasEscalacao);
  },
  {
    name: 'escalacao',
    fastify: '5.x',
    decorators: { fastify: ['ctx'], request: ['sessao'] },
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The electronic call's machinery (server/modulos/escalacao/servico.ts). */
    escalacao: ServicoEscalacao;
  }
}
