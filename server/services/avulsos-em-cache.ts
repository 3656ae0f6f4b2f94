import type { Clock } from '../clock.ts';
import { buscarAvulsoComHabilitacoes } from '../db/repositorios/escalacao.ts';
import type { DbOuTrx } from '../db/schema.ts';

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
  private readonly entradas = new Map<string, { expira: number; valor: Promise<AvulsoEscala | undefined> }>();
  private readonly db: DbOuTrx;
  private readonly clock: Clock;
  private readonly validadeMs: number;
  private readonly maximo: number;

  constructor(db: DbOuTrx, clock: Clock, validadeMs = VALIDADE_CACHE_AVULSO_MS, maximo = 20_000) {
    this.db = db;
    this.clock = clock;
    this.validadeMs = validadeMs;
    this.maximo = maximo;
  }

  obter(codAvulso: string): Promise<AvulsoEscala | undefined> {
    const agora = this.clock.now().getTime();
    const entrada = this.entradas.get(codAvulso);
    if (entrada && entrada.expira > agora && entrada.expira - agora <= this.validadeMs) return entrada.valor;
    const valor = buscarAvulsoComHabilitacoes(this.db, codAvulso);
    if (this.entradas.size >= this.maximo) this.entradas.clear();
    this.entradas.set(codAvulso, { expira: agora + this.validadeMs, valor });
    valor.catch(() => {
      if (this.entradas.get(codAvulso)?.valor === valor) this.entradas.delete(codAvulso);
    });
    return valor;
  }
}
