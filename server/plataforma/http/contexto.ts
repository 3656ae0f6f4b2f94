import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { CacheSessoes, GravarSessao, SessaoAtiva } from '../autenticacao/sessoes.ts';
import type { Banco } from '../banco/connection.ts';
import type { Db } from '../banco/schema.ts';
import type { Eventos } from '../eventos/index.ts';
import type { GravacaoEmGrupo } from '../gravacao-em-grupo.ts';
import type { CacheParametros } from '../parametros.ts';
import type { LimitesDeUso } from './limites.ts';

/** What every route can reach: app.ctx. */
export interface Contexto {
  db: Db;
  banco: Banco;
  config: Config;
  clock: Clock;
  /** Signs photo URLs; loaded once at start. */
  segredoFotos: string;
  /** Signs the trusted-device cookies (services/aparelhos.ts); loaded once at start. */
  segredoAparelhos: string;
  /** The app's group commit (SQLite): writes that arrive together share one COMMIT and one fsync. */
  gravacao: GravacaoEmGrupo;
  /** Session writes (login, last use, renewal): through `gravacao` on SQLite, straight on PostgreSQL. */
  gravarSessao: GravarSessao;
  /** The parametro table, read once per period for the whole app (services/parametros.ts). */
  parametros: CacheParametros;
  /** Session rows read in the last seconds (services/sessoes.ts). */
  sessoes: CacheSessoes;
  /** The rate limits of the expensive calls (plugins/limites.ts). */
  limites: LimitesDeUso;
  /** The domain events: services announce, other modules listen, across servers on PostgreSQL (eventos/). */
  eventos: Eventos;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: Contexto;
  }
  interface FastifyRequest {
    /** Set by `exigirSessao`; null on public routes. */
    sessao: SessaoAtiva | null;
    /** A renewed token to hand back in the envelope. */
    tokenRenovado: string | undefined;
  }
}
