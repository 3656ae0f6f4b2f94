import fp from 'fastify-plugin';
import { chavesVapid } from './chaves.ts';
import { EnviadorPush } from './envio.ts';
import { gravarAvisoEnviado } from './repositorio.ts';

export interface OpcoesPluginPush {
  /** An extra certificate (PEM) the posts to the push services trust (tests: their own receiver's). */
  ca?: string;
}

/**
 * "Avisos no celular" (issue 15, docs/decisions/0162): the VAPID keys and the sender of this process,
 * `app.avisosPush`. The call's routes tell it when a call opened or was published; the server's close
 * waits for the sends under way.
 */
export const pluginPush = fp<OpcoesPluginPush>(
  async (app, opcoes) => {
    const { db, config } = app.ctx;
    const enviador = new EnviadorPush({
      db,
      chaves: await chavesVapid(db, config),
      contato: config.push.contato,
      servicos: config.push.servicos,
      ...(opcoes.ca ? { ca: opcoes.ca } : {}),
      relatarFalha: (erro, contexto) => app.log.warn({ err: erro }, contexto),
      // Logged, and kept for the staff page ('quantos foram avisados', docs/decisions/0264).
      registrar: async (resumo) => {
        app.log.info(resumo, 'avisos enviados');
        await gravarAvisoEnviado(db, {
          evento: resumo.evento,
          referencia: resumo.numEscalacao,
          trabalhadores: resumo.trabalhadores,
          aparelhos: resumo.aparelhos,
          enviados: resumo.enviados,
          removidas: resumo.removidas,
          falhas: resumo.falhas,
          terminadoEm: app.ctx.clock.now(),
        });
      },
    });
    app.decorate('avisosPush', enviador);
    app.addHook('onClose', async () => {
      await enviador.aguardarEnvios();
      await enviador.fechar();
    });
  },
  { name: 'push', fastify: '5.x', decorators: { fastify: ['ctx'] } },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push of this process (server/modulos/push/plugin.ts). */
    avisosPush: EnviadorPush;
  }
}
