import type { Clock } from '../clock.ts';
import { CargaEmLote } from './carga-em-lote.ts';

/** An entry loaded at `expira - validadeMs` may still be served (a clock moved back never extends it). */
export function dentroDoPeriodo(expira: number, agora: number, validadeMs: number): boolean {
  return expira > agora && expira - agora <= validadeMs;
}

interface Entrada<V> {
  expira: number;
  valor: Promise<V>;
  /** Set when the load has ended and `mudancas` were applied. */
  pronto?: { v: V };
  mudancas: ((valor: V) => void)[];
}

/**
 * What a rush asks thousands of times a second and staff change a few times a day: one load per key and
 * period of the app's clock serves everyone (docs/decisions/0022-escalacao-desempenho.md). A load in flight
 * is shared (6,000 workers opening the call trigger one read), a failed load is not kept, an entry is never
 * served past its period (nor when the clock went back), and at most `maximo` keys are kept, the oldest
 * going first.
 */
export class CacheCurto<K, V> {
  private readonly entradas = new Map<K, Entrada<V>>();
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
    const nova: Entrada<V> = { expira: agora + this.validadeMs, valor, mudancas: [] };
    this.entradas.set(chave, nova);
    // Attached before anyone else can await `valor`: the changes made during the load are applied before
    // any reader sees the value.
    valor.then(
      (v) => {
        for (const mudar of nova.mudancas) mudar(v);
        nova.mudancas = [];
        nova.pronto = { v };
      },
      () => {
        if (this.entradas.get(chave) === nova) this.entradas.delete(chave);
      },
    );
    return valor;
  }

  /**
   * This server changed what an entry holds: `mudar` updates the value in place, at once when it is loaded,
   * else as soon as its load ends (the read may predate the change; `mudar` must set a state, so applying it
   * to a read that already saw the change is harmless). No entry: nothing to do, the next load reads it.
   */
  alterar(chave: K, mudar: (valor: V) => void): void {
    const entrada = this.entradas.get(chave);
    if (!entrada) return;
    if (entrada.pronto) mudar(entrada.pronto.v);
    else entrada.mudancas.push(mudar);
  }

  /** The next `obter` loads again (this server changed what the entry holds). */
  esquecer(chave: K): void {
    this.entradas.delete(chave);
  }

  /** Drops every entry whose key matches (e.g. every category of one call). */
  esquecerSe(condicao: (chave: K) => boolean): void {
    for (const chave of this.entradas.keys()) if (condicao(chave)) this.entradas.delete(chave);
  }

  limpar(): void {
    this.entradas.clear();
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

  limpar(): void {
    this.cache.limpar();
  }
}
