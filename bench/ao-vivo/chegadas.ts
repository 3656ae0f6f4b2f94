/**
 * When each change reached each stream (bench:ao-vivo, docs/decisions/0170). A counts or confirmed-list
 * message of one category is composed once and the same bytes go to every stream of it, stamped with `em`
 * (the server's clock before it read the counts: every change acknowledged before is in them). So the holder
 * of the streams only notes, per message, the time it arrived on each stream; at the end, each change acked
 * by the rush is matched with the first message that carries it and its latency on every stream is that
 * arrival minus the moment the change was acknowledged (same machine, same clock).
 */

/** A change made by the load generator: an offer chosen, sent and acknowledged at these times (Date.now()). */
export interface Mudanca {
  codCategoria: number;
  seqCategoria: number;
  enviadaMs: number;
  confirmadaMs: number;
  /**
   * Only a message listing its offer carries it: the streams are on another server, whose `em` is its own
   * clock before it read, not a promise about changes made elsewhere.
   */
  soListada?: boolean;
}

/** Latencies in 1 ms buckets up to a minute (the last bucket holds everything longer). */
export const LIMITE_MS = 60_000;

export interface HistogramaSerializado {
  n: number;
  antes: number;
  baldes: [number, number][];
}

export class Histograma {
  readonly baldes = new Uint32Array(LIMITE_MS + 1);
  n = 0;
  /** Arrived before the generator had read the acknowledgement (counted as 0 ms). */
  antes = 0;

  registrar(ms: number): void {
    if (ms < 0) this.antes++;
    const i = Math.min(LIMITE_MS, Math.max(0, Math.round(ms)));
    this.baldes[i] = (this.baldes[i] ?? 0) + 1;
    this.n++;
  }

  /** The smallest latency (ms) at or under which p % of the samples are; NaN without samples. */
  percentil(p: number): number {
    if (this.n === 0) return Number.NaN;
    const alvo = Math.max(1, Math.ceil((p / 100) * this.n));
    let soma = 0;
    for (let i = 0; i < this.baldes.length; i++) {
      soma += this.baldes[i] ?? 0;
      if (soma >= alvo) return i;
    }
    return LIMITE_MS;
  }

  /** The share of samples at or under `ms`. */
  fracaoAte(ms: number): number {
    if (this.n === 0) return Number.NaN;
    let soma = 0;
    for (let i = 0; i <= Math.min(ms, LIMITE_MS); i++) soma += this.baldes[i] ?? 0;
    return soma / this.n;
  }

  serializar(): HistogramaSerializado {
    const baldes: [number, number][] = [];
    this.baldes.forEach((v, i) => {
      if (v > 0) baldes.push([i, v]);
    });
    return { n: this.n, antes: this.antes, baldes };
  }

  juntar(outro: HistogramaSerializado): this {
    for (const [i, v] of outro.baldes) this.baldes[i] = (this.baldes[i] ?? 0) + v;
    this.n += outro.n;
    this.antes += outro.antes;
    return this;
  }
}

/** One message of a category as composed by the server, with its arrival on every stream that got it. */
interface MensagemRecebida {
  codCategoria: number;
  em: number;
  /** The offers of its counts part; undefined when the compose had only the confirmed-list part. */
  seqs: Set<number> | undefined;
  contagens: number[];
  confirmados: number[];
}

export interface ResultadoChegadas {
  contagens: HistogramaSerializado;
  confirmados: HistogramaSerializado;
  /** Changes no message was found to carry (the run ended first, or a net-zero change of the offer). */
  semMensagem: number;
  /** (change, stream) pairs whose stream follows the category but did not get the message. */
  faltaram: number;
  /** Arrivals of the `escala` message after the marker (Date.now()). */
  escala: number[];
}

/** What the streams of one process received, and the latencies it gives. */
export class Recepcao {
  private readonly mensagens = new Map<string, MensagemRecebida>();
  /** Streams per category followed (from each stream's `estado`). */
  readonly fluxosPorCategoria = new Map<number, number>();
  private marcoEscala = Number.POSITIVE_INFINITY;
  readonly escala: number[] = [];

  /** `escala` messages are timed from now on (the generator is about to change the call). */
  marcarEscala(desdeMs: number): void {
    this.marcoEscala = desdeMs;
    this.escala.length = 0;
  }

  evento(tipo: string, dados: string, recebidoMs: number): void {
    if (tipo === 'contagens' || tipo === 'confirmados') {
      const d = JSON.parse(dados) as {
        codCategoria: number;
        em: number;
        completo?: boolean;
        ofertas?: { seqCategoria: number }[];
      };
      // The full picture a stream starts with is not a change.
      if (d.completo) return;
      const chave = `${d.codCategoria}/${d.em}`;
      let m = this.mensagens.get(chave);
      if (!m) {
        m = { codCategoria: d.codCategoria, em: d.em, seqs: undefined, contagens: [], confirmados: [] };
        this.mensagens.set(chave, m);
      }
      if (tipo === 'contagens') {
        m.seqs ??= new Set((d.ofertas ?? []).map((o) => o.seqCategoria));
        m.contagens.push(recebidoMs);
      } else m.confirmados.push(recebidoMs);
    } else if (tipo === 'estado') {
      const d = JSON.parse(dados) as { categorias: number[] };
      for (const c of d.categorias) this.fluxosPorCategoria.set(c, (this.fluxosPorCategoria.get(c) ?? 0) + 1);
    } else if (tipo === 'escala' && recebidoMs >= this.marcoEscala) this.escala.push(recebidoMs);
  }

  /**
   * Each change's message is the first of its category (in the server's order) that carries it: composed
   * after the acknowledgement (`em` ≥ acknowledged: it read the change), or composed after the change was
   * sent and listing its offer (it read it before the answer reached the generator). Its counts and its
   * confirmed-list parts are timed apart (they travel in one write, so they almost always agree).
   */
  chegadas(mudancas: readonly Mudanca[]): ResultadoChegadas {
    const porCategoria = new Map<number, MensagemRecebida[]>();
    for (const m of this.mensagens.values()) {
      const lista = porCategoria.get(m.codCategoria) ?? [];
      lista.push(m);
      porCategoria.set(m.codCategoria, lista);
    }
    for (const lista of porCategoria.values()) lista.sort((a, b) => a.em - b.em);
    const contagens = new Histograma();
    const confirmados = new Histograma();
    let semMensagem = 0;
    let faltaram = 0;
    for (const mud of mudancas) {
      const fluxos = this.fluxosPorCategoria.get(mud.codCategoria) ?? 0;
      if (fluxos === 0) continue;
      const lista = porCategoria.get(mud.codCategoria) ?? [];
      const leva = (m: MensagemRecebida) =>
        (!mud.soListada && m.em >= mud.confirmadaMs) ||
        (m.em >= mud.enviadaMs && m.seqs?.has(mud.seqCategoria) === true);
      let achouContagem = false;
      let achouConfirmados = false;
      for (let i = primeiroDesde(lista, mud.enviadaMs); i < lista.length; i++) {
        const m = lista[i] as MensagemRecebida;
        if (!leva(m)) continue;
        if (!achouContagem && m.contagens.length > 0) {
          achouContagem = true;
          for (const t of m.contagens) contagens.registrar(t - mud.confirmadaMs);
          faltaram += Math.max(0, fluxos - m.contagens.length);
        }
        if (!achouConfirmados && m.confirmados.length > 0) {
          achouConfirmados = true;
          for (const t of m.confirmados) confirmados.registrar(t - mud.confirmadaMs);
          faltaram += Math.max(0, fluxos - m.confirmados.length);
        }
        if (achouContagem && achouConfirmados) break;
      }
      if (!achouContagem || !achouConfirmados) semMensagem++;
    }
    return {
      contagens: contagens.serializar(),
      confirmados: confirmados.serializar(),
      semMensagem,
      faltaram,
      escala: this.escala,
    };
  }
}

/** Index of the first message composed at or after `ms` (the list is in `em` order). */
function primeiroDesde(lista: readonly MensagemRecebida[], ms: number): number {
  let a = 0;
  let b = lista.length;
  while (a < b) {
    const meio = (a + b) >> 1;
    if ((lista[meio] as MensagemRecebida).em < ms) a = meio + 1;
    else b = meio;
  }
  return a;
}
