/**
 * Keys asked for in the same turn of the event loop are read together: one query for many workers instead
 * of one each (docs/decisions/0027-leituras-em-lote.md). In a rush a hundred requests arrive per turn, and on
 * PostgreSQL every query is a round trip whose send wakes a backend that takes the server's core.
 * The same key asked twice is read once; a failed read fails every request that waited for it.
 */
export class CargaEmLote<K, V> {
  private readonly carregarVarias: (chaves: K[]) => Promise<Map<K, V>>;
  private readonly maximo: number;
  private pendentes = new Map<
    K,
    { resolver: (v: V | undefined) => void; rejeitar: (e: unknown) => void }[]
  >();
  private agendado = false;
  /** Reads made and keys read (diagnostics and tests). */
  readonly estatisticas = { leituras: 0, chaves: 0 };

  constructor(carregarVarias: (chaves: K[]) => Promise<Map<K, V>>, maximo = 100) {
    this.carregarVarias = carregarVarias;
    this.maximo = maximo;
  }

  carregar(chave: K): Promise<V | undefined> {
    return new Promise((resolver, rejeitar) => {
      const esperas = this.pendentes.get(chave);
      if (esperas) esperas.push({ resolver, rejeitar });
      else this.pendentes.set(chave, [{ resolver, rejeitar }]);
      if (!this.agendado) {
        this.agendado = true;
        setImmediate(() => this.enviar());
      }
    });
  }

  private enviar(): void {
    this.agendado = false;
    const todas = [...this.pendentes];
    this.pendentes = new Map();
    for (let i = 0; i < todas.length; i += this.maximo) {
      const parte = todas.slice(i, i + this.maximo);
      this.estatisticas.leituras++;
      this.estatisticas.chaves += parte.length;
      let leitura: Promise<Map<K, V>>;
      try {
        leitura = this.carregarVarias(parte.map(([chave]) => chave));
      } catch (erro) {
        leitura = Promise.reject(erro);
      }
      leitura.then(
        (mapa) => {
          for (const [chave, esperas] of parte) for (const e of esperas) e.resolver(mapa.get(chave));
        },
        (erro: unknown) => {
          for (const [, esperas] of parte) for (const e of esperas) e.rejeitar(erro);
        },
      );
    }
  }
}
