import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Banco } from '../db/connection.ts';
import type { Db } from '../db/schema.ts';
import type { LimitesDeUso } from '../plugins/limites.ts';
import type { GravacaoEmGrupo } from '../services/gravacao-em-grupo.ts';
import type { CacheParametros } from '../services/parametros.ts';
import type { CacheSessoes, GravarSessao, SessaoAtiva } from '../services/sessoes.ts';

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
