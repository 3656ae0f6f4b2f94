import fp from 'fastify-plugin';
import { chavesVapid } from './chaves.ts';
import type { ExcecoesDestino } from './destino.ts';
import { EnviadorPush } from './envio.ts';
import { gravarAvisoEnviado } from './repositorio.ts';
import { rotasPush } from './rotas.ts';

export interface OpcoesModuloPush {
  /** An extra certificate (PEM) the posts to the push services trust (tests: their own receiver's). */
  ca?: string;
  /** The tests' own receiver: a port besides 443 and its loopback network (destino.ts). Never from the env. */
  excecoes?: ExcecoesDestino;
}

/**
 * "Avisos no celular" (issue 15, docs/decisions/0162): the VAPID keys and the sender of this process,
 * `app.avisosPush`. It hears when a call opened or was published and when pay documents arrived (the events
 * `escala-aberta`, `escala-publicada`, `documentos-importados`, `mensagem-da-equipe`: decision 0200); the server's close waits for the
 * sends under way. Its routes: the public key and the worker's subscription.
 */
export const moduloPush = fp<OpcoesModuloPush>(
  async (app, opcoes) => {
    const { db, config } = app.ctx;
    const enviador = new EnviadorPush({
      db,
      chaves: await chavesVapid(db, config),
      contato: config.push.contato,
      servicos: config.push.servicos,
      ...(opcoes.ca ? { ca: opcoes.ca } : {}),
      ...(opcoes.excecoes ? { excecoes: opcoes.excecoes } : {}),
      relatarFalha: (erro, contexto) => app.log.warn({ err: erro }, contexto),
      // Logged, and kept for the staff page ('quantos foram avisados', docs/decisions/0264).
      registrar: async (resumo) => {
        app.log.info(resumo, 'avisos enviados');
        app.metricas.pushEnviados.inc(resumo.enviados);
        app.metricas.pushFalhas.inc(resumo.falhas);
        app.metricas.pushRemovidas.inc(resumo.removidas);
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
    // Each event is sent by the process that made it (the staff member's), so with several servers it goes out
    // once; the other servers hear it as `remota` and leave it.
    app.ctx.eventos.assinar('escala-aberta', (evento) => {
      if (evento.origem === 'local') enviador.escalaAberta(evento);
    });
    app.ctx.eventos.assinar('escala-publicada', (evento) => {
      if (evento.origem === 'local') enviador.resultadoPublicado(evento.numEscalacao);
    });
    app.ctx.eventos.assinar('documentos-importados', (evento) => {
      if (evento.origem === 'local')
        enviador.documentosDisponiveis(evento.idImportacao, new Map(evento.avisos));
    });
    app.ctx.eventos.assinar('mensagem-da-equipe', (evento) => {
      if (evento.origem === 'local')
        enviador.mensagemDaEquipe(evento.idMensagem, evento, async () => evento.destinatarios);
    });
    app.addHook('onClose', async () => {
      await enviador.aguardarEnvios();
      await enviador.fechar();
    });
    await app.register(rotasPush);
  },
  {
    name: 'push',
    fastify: '5.x',
    decorators: { fastify: ['ctx', 'metricas'], request: ['sessao'] },
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push of this process (server/modulos/push/plugin.ts). */
    avisosPush: EnviadorPush;
  }
}
