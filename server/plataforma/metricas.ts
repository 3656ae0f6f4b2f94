import type { FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Banco } from './banco/connection.ts';

/**
 * The app's Prometheus metrics (issue 26, docs/operacao.md): one registry per app (tests build many apps in
 * one process), served by GET /metrics (server/modulos/operacao/metricas.ts) behind a token or on a port of
 * its own. The platform's own measures live here; a module adds its gauges to `registro` (the call's state,
 * the live streams), reading what it already keeps in memory when Prometheus asks, never on the hot path.
 *
 * Labels are bounded: a route is its pattern (`/api/gestao/escalas/:num/fechar`), never the URL; an error is
 * a code of the catalogue; nothing names a worker.
 */
/** What a module measures of the requests of its routes (the logins, the choices), when each one ends. */
export type ObservadorPedido = (request: FastifyRequest, reply: FastifyReply, rota: string) => void;

export class Metricas {
  readonly registro = new Registry();
  /** Called by server/plataforma/http/observar-pedidos.ts for every request that ends. */
  readonly aoResponder: ObservadorPedido[] = [];

  readonly pedidos = new Counter({
    name: 'portal_http_pedidos_total',
    help: 'Pedidos HTTP respondidos, por método, rota (o padrão da rota) e status.',
    labelNames: ['metodo', 'rota', 'status'] as const,
    registers: [this.registro],
  });

  readonly duracao = new Histogram({
    name: 'portal_http_duracao_segundos',
    help: 'Tempo de cada pedido HTTP até a resposta, por método, rota e status (os fluxos ao vivo ficam fora).',
    labelNames: ['metodo', 'rota', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registro],
  });

  readonly logins = new Counter({
    name: 'portal_logins_total',
    help: 'Tentativas de login, por método (senha, passkey) e resultado (sucesso ou o código do erro).',
    labelNames: ['metodo', 'resultado'] as const,
    registers: [this.registro],
  });

  readonly escolhas = new Counter({
    name: 'portal_escolhas_total',
    help: 'Posts de escolhas (POST /api/vagas): aceita, ou o código da recusa.',
    labelNames: ['resultado'] as const,
    registers: [this.registro],
  });

  readonly pushEnviados = new Counter({
    name: 'portal_push_enviados_total',
    help: 'Avisos no celular entregues aos serviços de push.',
    registers: [this.registro],
  });

  readonly pushFalhas = new Counter({
    name: 'portal_push_falhas_total',
    help: 'Avisos no celular que o serviço de push recusou ou que não chegaram a ele.',
    registers: [this.registro],
  });

  readonly pushRemovidas = new Counter({
    name: 'portal_push_assinaturas_removidas_total',
    help: 'Assinaturas de push removidas porque o serviço disse que não existem mais.',
    registers: [this.registro],
  });

  readonly loteGravacao = new Histogram({
    name: 'portal_gravacao_lote_unidades',
    help: 'Unidades (posts, sessões) em cada transação da gravação em grupo do SQLite.',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
    registers: [this.registro],
  });

  readonly fsync = new Histogram({
    name: 'portal_gravacao_fsync_segundos',
    help: 'Espera do fsync do WAL depois de cada COMMIT da gravação em grupo (SQLite), até responder o lote.',
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registro],
  });

  constructor(banco: Banco) {
    // Event-loop delay, memory, CPU, handles: prom-client's own set (nodejs_eventloop_lag_*, process_*).
    collectDefaultMetrics({ register: this.registro, eventLoopMonitoringPrecision: 20 });
    const pool = banco.pool;
    if (pool) {
      new Gauge({
        name: 'portal_banco_pool_conexoes',
        help: 'Conexões do pool do PostgreSQL: total abertas, ociosas, e pedidos esperando uma conexão.',
        labelNames: ['estado'] as const,
        registers: [this.registro],
        collect() {
          this.set({ estado: 'total' }, pool.totalCount);
          this.set({ estado: 'ociosas' }, pool.idleCount);
          this.set({ estado: 'esperando' }, pool.waitingCount);
        },
      });
    }
  }

  /** The Prometheus text of every metric now. */
  texto(): Promise<string> {
    return this.registro.metrics();
  }

  get tipoConteudo(): string {
    return this.registro.contentType;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's Prometheus registry and the platform's measures (server/plataforma/metricas.ts). */
    metricas: Metricas;
  }
}
