import type { Clock } from '../clock.ts';
import { CargaEmLote } from './carga-em-lote.ts';

/** An entry loaded at `expira - validadeMs` may still be served (a clock moved back never extends it). */
export function dentroDoPeriodo(expira: number, agora: number, validadeMs: number): boolean {
  return expira > agora && expira - agora <= validadeMs;
}

/**
 * What a rush asks thousands of times a second and staff change a few times a day: one load per key and
 * period of the app's clock serves everyone (docs/decisions/0022-escalacao-desempenho.md). A load in flight
 * is shared (6,000 workers opening the call trigger one read), a failed load is not kept, an entry is never
 * served past its period (nor when the clock went back), and at most `maximo` keys are kept, the oldest
 * going first.
 */
export class CacheCurto<K, V> {
  private readonly entradas = new Map<K, { expira: number; valor: Promise<V> }>();
  private readonly clock: Clock;
  private readonly validadeMs: number;
  private readonly maximo: number;

  constructor(clock: Clock, validadeMs: number, maximo: number) {
    this.clock = clock;
    this.validadeMs = validadeMs;
    this.maximo = maximo;
  }

  obter(chave: K, carregar: (chave: K) => Promise<V>): Promise<V> {
    const agora = this.clock.now().getTime();
    const entrada = this.entradas.get(chave);
    if (entrada && dentroDoPeriodo(entrada.expira, agora, this.validadeMs)) return entrada.valor;
    const valor = carregar(chave);
    // Kept in the order of their loads: the oldest entries are the first of the map.
    this.entradas.delete(chave);
    this.podar(agora);
    this.entradas.set(chave, { expira: agora + this.validadeMs, valor });
    valor.catch(() => {
      if (this.entradas.get(chave)?.valor === valor) this.entradas.delete(chave);
    });
    return valor;
  }

  /** The next `obter` loads again (this server changed what the entry holds). */
  esquecer(chave: K): void {
    this.entradas.delete(chave);
  }

  get tamanho(): number {
    return this.entradas.size;
  }

  private podar(agora: number): void {
    for (const [chave, e] of this.entradas) {
      if (e.expira > agora && this.entradas.size < this.maximo) break;
      this.entradas.delete(chave);
    }
  }
}

/** A CacheCurto whose misses of one turn of the event loop are read in one query (CargaEmLote). */
export class CacheCurtoEmLote<K, V> {
  private readonly cache: CacheCurto<K, V | undefined>;
  readonly carga: CargaEmLote<K, V>;

  constructor(
    clock: Clock,
    validadeMs: number,
    maximo: number,
    carregarVarias: (chaves: K[]) => Promise<Map<K, V>>,
  ) {
    this.cache = new CacheCurto(clock, validadeMs, maximo);
    this.carga = new CargaEmLote(carregarVarias);
  }

  obter(chave: K): Promise<V | undefined> {
    return this.cache.obter(chave, (c) => this.carga.carregar(c));
  }

  esquecer(chave: K): void {
    this.cache.esquecer(chave);
  }
}
