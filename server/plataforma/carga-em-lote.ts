/**
 * Items handed in during one turn of the event loop, sent together when it ends, at most `maximo` at a time.
 * The requests that arrive together (a rush brings a hundred per turn) share one query instead of one each
 * (docs/decisions/0026-escolhas-em-lote-no-postgresql.md, 0027-leituras-em-lote.md).
 */
export class ColetaDaVolta<T> {
  private readonly enviar: (lote: T[]) => void;
  private readonly maximo: number;
  private itens: T[] = [];
  private agendada = false;

  constructor(enviar: (lote: T[]) => void, maximo: number) {
    this.enviar = enviar;
    this.maximo = maximo;
  }

  adicionar(item: T): void {
    this.itens.push(item);
    if (this.agendada) return;
    this.agendada = true;
    setImmediate(() => {
      this.agendada = false;
      const itens = this.itens;
      this.itens = [];
      for (let i = 0; i < itens.length; i += this.maximo) this.enviar(itens.slice(i, i + this.maximo));
    });
  }
}

interface Pedido<K, V> {
  chave: K;
  resolver: (v: V | undefined) => void;
  rejeitar: (e: unknown) => void;
}

/**
 * Keys asked for in the same turn of the event loop are read together: one query for many workers instead
 * of one each (docs/decisions/0027-leituras-em-lote.md). On PostgreSQL every query is a round trip whose send
 * wakes a backend that takes the server's core. The same key asked twice is read once; a failed read fails
 * every request that waited for it.
 */
export class CargaEmLote<K, V> {
  private readonly carregarVarias: (chaves: K[]) => Promise<Map<K, V>>;
  private readonly coleta: ColetaDaVolta<Pedido<K, V>>;
  /** Reads made and keys read (diagnostics and tests). */
  readonly estatisticas = { leituras: 0, chaves: 0 };

  constructor(carregarVarias: (chaves: K[]) => Promise<Map<K, V>>, maximo = 100) {
    this.carregarVarias = carregarVarias;
    this.coleta = new ColetaDaVolta((lote) => this.ler(lote), maximo);
  }

  carregar(chave: K): Promise<V | undefined> {
    return new Promise((resolver, rejeitar) => this.coleta.adicionar({ chave, resolver, rejeitar }));
  }

  private ler(lote: Pedido<K, V>[]): void {
    const chaves = [...new Set(lote.map((p) => p.chave))];
    this.estatisticas.leituras++;
    this.estatisticas.chaves += chaves.length;
    let leitura: Promise<Map<K, V>>;
    try {
      leitura = this.carregarVarias(chaves);
    } catch (erro) {
      leitura = Promise.reject(erro);
    }
    leitura.then(
      (mapa) => {
        for (const p of lote) p.resolver(mapa.get(p.chave));
      },
      (erro: unknown) => {
        for (const p of lote) p.rejeitar(erro);
      },
    );
  }
}
