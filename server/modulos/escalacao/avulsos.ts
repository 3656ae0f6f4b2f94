import { dataHoraLocal } from '#common/tempo.ts';
import type { Clock } from '../../clock.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { CacheCurtoEmLote } from '../../plataforma/cache-curto.ts';
import { type AvulsoComHabilitacoes, buscarAvulsosComHabilitacoes } from './repositorio.ts';

export type AvulsoEscala = AvulsoComHabilitacoes;

/** How long (app clock) a worker's category, article, impediment and qualifications are served from memory. */
export const VALIDADE_CACHE_AVULSO_MS = 2_000;

/**
 * In the rush a worker loads the call and posts several choices within seconds: what the call needs to know
 * about them (category, article, impediment, qualifications) is read once and kept for a couple of seconds of
 * the app's clock (docs/decisions/0022-escalacao-desempenho.md). Staff impeding a worker or changing a
 * qualification is therefore seen within that period. The workers missing from memory in one turn of the
 * event loop are read in one query (docs/decisions/0027-leituras-em-lote.md).
 */
export class CacheAvulsos extends CacheCurtoEmLote<string, AvulsoEscala> {
  constructor(
    db: DbOuTrx,
    clock: Clock,
    fuso: string,
    validadeMs = VALIDADE_CACHE_AVULSO_MS,
    maximo = 20_000,
  ) {
    // Impediments and qualifications count by the port's day (issue 30).
    super(clock, validadeMs, maximo, (codigos) =>
      buscarAvulsosComHabilitacoes(db, codigos, dataHoraLocal(clock.now(), fuso).data),
    );
  }
}
