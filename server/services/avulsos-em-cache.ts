import type { Clock } from '../clock.ts';
import { buscarAvulsoComHabilitacoes } from '../db/repositorios/escalacao.ts';
import type { DbOuTrx } from '../db/schema.ts';
import { CacheCurto } from './cache-curto.ts';

export type AvulsoEscala = NonNullable<Awaited<ReturnType<typeof buscarAvulsoComHabilitacoes>>>;

/** How long (app clock) a worker's category, article, impediment and qualifications are served from memory. */
export const VALIDADE_CACHE_AVULSO_MS = 2_000;

/**
 * In the rush a worker loads the call and posts several choices within seconds: what the call needs to know
 * about them (category, article, impediment, qualifications) is read once and kept for a couple of seconds of
 * the app's clock (docs/decisions/0022-escalacao-desempenho.md). Staff impeding a worker or changing a
 * qualification is therefore seen within that period.
 */
export class CacheAvulsos {
  private readonly cache: CacheCurto<string, AvulsoEscala | undefined>;
  private readonly db: DbOuTrx;

  constructor(db: DbOuTrx, clock: Clock, validadeMs = VALIDADE_CACHE_AVULSO_MS, maximo = 20_000) {
    this.db = db;
    this.cache = new CacheCurto(clock, validadeMs, maximo);
  }

  obter(codAvulso: string): Promise<AvulsoEscala | undefined> {
    return this.cache.obter(codAvulso, (c) => buscarAvulsoComHabilitacoes(this.db, c));
  }
}
