import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Banco } from '../db/connection.ts';
import type { Db } from '../db/schema.ts';
import type { SessaoAtiva } from '../services/sessoes.ts';

/** What every route can reach: app.ctx. */
export interface Contexto {
  db: Db;
  banco: Banco;
  config: Config;
  clock: Clock;
  /** Signs photo URLs; loaded once at start. */
  segredoFotos: string;
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
