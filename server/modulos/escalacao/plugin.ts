import fp from 'fastify-plugin';
import { ServicoEscalacao } from './servico.ts';

/**
 * The electronic call as one Fastify plugin (docs/decisions/0100): it builds the call's machinery once per
 * app from `app.ctx` and decorates the app with it. Routes, the back office and the live stream declare
 * `dependencies: ['escalacao']` and use `app.escalacao`.
 */
export const pluginEscalacao = fp(
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
  },
  { name: 'escalacao', fastify: '5.x', decorators: { fastify: ['ctx'] } },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The electronic call's machinery (server/modulos/escalacao/servico.ts). */
    escalacao: ServicoEscalacao;
  }
}
