/**
 * Output buffers reused across answers. GET /api/vagas answers run to hundreds of KB at Santos size: a fresh
 * allocation per answer costs more than filling it (fresh pages) and churns memory during the rush. A
 * buffer goes back to the pool when its response has closed (sent, or the connection dropped), never before:
 * until then the socket may still be reading it. Only `subarray(0, length)` is ever sent, so the stale bytes
 * after it never leave.
 */
export class BuffersReutilizados {
  private readonly livres: Buffer[] = [];
  private readonly maximoLivres: number;

  constructor(maximoLivres = 64) {
    this.maximoLivres = maximoLivres;
  }

  /** Copies `partes` into one pooled buffer; call `devolver` once the answer has closed. */
  juntar(partes: readonly Buffer[]): { corpo: Buffer; devolver: () => void } {
    let tamanho = 0;
    for (const p of partes) tamanho += p.length;
    const indice = this.livres.findIndex((b) => b.length >= tamanho);
    const buffer =
      indice >= 0
        ? (this.livres.splice(indice, 1)[0] as Buffer)
        : Buffer.allocUnsafeSlow(Math.ceil(tamanho / 65_536) * 65_536);
    let posicao = 0;
    for (const p of partes) {
      buffer.set(p, posicao);
      posicao += p.length;
    }
    let devolvido = false;
    return {
      corpo: buffer.subarray(0, tamanho),
      devolver: () => {
        if (devolvido) return;
        devolvido = true;
        if (this.livres.length < this.maximoLivres) this.livres.push(buffer);
      },
    };
  }
}
