import fp from 'fastify-plugin';
import { agendarLimpeza } from './limpeza.ts';
import { rotasSessao } from './rotas.ts';
import { rotasPasskeys } from './rotas-passkeys.ts';
import { rotasSeguranca } from './rotas-seguranca.ts';

/**
 * Login, logout, passkeys and the security pages (decisions 0090, 0227-0229): their routes, which end a
 * session's live streams through `app.aoVivo`, and the housekeeping timer (`LIMPEZA_MINUTOS`, limpeza.ts).
 */
export const moduloSessao = fp(
  async (app) => {
    agendarLimpeza(app, app.ctx.config.limpezaMinutos);
    await app.register(rotasSessao);
    await app.register(rotasPasskeys);
    await app.register(rotasSeguranca);
  },
  {
    name: 'sessao',
    fastify: '5.x',
    dependencies: ['ao-vivo'],
    decorators: { fastify: ['ctx'], request: ['sessao'] },
  },
);
