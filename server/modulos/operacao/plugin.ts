import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge } from 'prom-client';
import { apiEscalacao } from '#common/api/escalacao.ts';
import { apiPasskeys } from '#common/api/passkeys.ts';
import { apiSessao } from '#common/api/sessao.ts';
import { categoriasEscala } from '#common/dominio.ts';
import { rotasMetricas } from './rotas-metricas.ts';
import { rotasSaude } from './rotas-saude.ts';

/** Where the server is in its life: serving, or stopping after SIGTERM (readiness answers 503 then). */
export interface Operacao {
  readonly encerrando: boolean;
  /** SIGTERM arrived (server/main.ts): readiness fails from now on, so the balancer sends no one new. */
  iniciarEncerramento(): void;
}

/** sucesso, or the refusal's code. */
function resultado(request: FastifyRequest, reply: FastifyReply): string {
  if (reply.statusCode < 400) return 'sucesso';
  return request.codigoErro ?? `http_${reply.statusCode}`;
}

/**
 * Running it in production (issue 26, docs/operacao.md): what the module measures of the other modules'
 * requests (logins, choices), the gauges read from what they keep in memory (the open call and its counts,
 * the live streams), and the stopping flag. (Each change of a call's state is logged by the staff's route that
 * made it, server/modulos/gestao/rotas.ts, with the request's id and who did it.) Its routes: health, readiness
 * and /metrics.
 */
export const moduloOperacao = fp(
  async (app) => {
    const { metricas } = app;
    const registros = [metricas.registro];
    let encerrando = false;
    const operacao: Operacao = {
      get encerrando() {
        return encerrando;
      },
      iniciarEncerramento() {
        encerrando = true;
      },
    };
    app.decorate('operacao', operacao);

    metricas.aoResponder.push((request, reply, rota) => {
      if (request.method !== 'POST') return;
      if (rota === apiSessao.login.caminho) {
        metricas.logins.inc({ metodo: 'senha', resultado: resultado(request, reply) });
      } else if (rota === apiPasskeys.login.caminho) {
        metricas.logins.inc({ metodo: 'passkey', resultado: resultado(request, reply) });
      } else if (rota === apiEscalacao.escolher.caminho) {
        const r = resultado(request, reply);
        metricas.escolhas.inc({ resultado: r === 'sucesso' ? 'aceita' : r });
      }
    });

    new Gauge({
      name: 'portal_escala_aberta',
      help: 'O número da chamada aberta agora, ou 0 quando nenhuma está aberta.',
      registers: registros,
      async collect() {
        this.set((await app.escalacao.escalaAberta())?.numEscalacao ?? 0);
      },
    });
    const contagem = (nome: string, help: string, campo: 'qtdEscolhas' | 'numVagas') =>
      new Gauge({
        name: nome,
        help,
        labelNames: ['categoria'] as const,
        registers: registros,
        async collect() {
          this.reset();
          const aberta = await app.escalacao.escalaAberta();
          if (!aberta) return;
          for (const categoria of categoriasEscala) {
            const ofertas = await app.escalacao.contagens(aberta.numEscalacao, categoria.codigo);
            const total = ofertas.reduce((soma, o) => soma + o[campo], 0);
            this.set({ categoria: categoria.segmento }, total);
          }
        },
      });
    contagem(
      'portal_escala_escolhas',
      'Escolhas confirmadas na chamada aberta, por categoria.',
      'qtdEscolhas',
    );
    contagem('portal_escala_vagas', 'Vagas oferecidas na chamada aberta, por categoria.', 'numVagas');

    const transmissor = app.aoVivo.transmissor;
    new Gauge({
      name: 'portal_ao_vivo_fluxos_abertos',
      help: 'Fluxos ao vivo (GET /api/eventos) abertos neste processo.',
      registers: registros,
      collect() {
        this.set(transmissor.quantidade);
      },
    });
    let escritasContadas = 0;
    new Counter({
      name: 'portal_ao_vivo_escritas_total',
      help: 'Escritas nos fluxos ao vivo (estado, contagens, mensagens, pulsos) deste processo.',
      registers: registros,
      collect() {
        this.inc(transmissor.escritas - escritasContadas);
        escritasContadas = transmissor.escritas;
      },
    });

    // The push thread up before the first readiness check, not at the first notice.
    app.addHook('onReady', async () => {
      app.avisosPush.estadoThread();
    });
    await app.register(rotasSaude);
    await app.register(rotasMetricas);
  },
  {
    name: 'operacao',
    fastify: '5.x',
    dependencies: ['escalacao', 'ao-vivo', 'push'],
    decorators: { fastify: ['ctx', 'metricas'] },
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Serving or stopping (server/modulos/operacao/plugin.ts). */
    operacao: Operacao;
  }
}
