/**
 * When each change reached each stream (bench:ao-vivo, docs/decisions/0170). A counts or confirmed-list
 * message is stamped with `em` (the server's clock before it read the counts: every change acknowledged before
 * is in them) and its bytes go to every stream of a slice (docs/decisions/0172: the slices are told at
 * different moments, each only what changed since it was last told). So the holder of the streams notes, per
 * distinct message, which stream got it and when; at the end, each change acked by the rush is matched, on
 * every stream, with the first message that stream got that carries it, and its latency there is that
 * arrival minus the moment the change was acknowledged (same machine, same clock).
 */

/** A change made by the load generator: an offer chosen, sent and acknowledged at these times (Date.now()). */
export interface Mudanca {
  codCategoria: number;
  seqCategoria: number;
  enviadaMs: number;
  confirmadaMs: number;
}

/** How many distinct message texts a holder keeps parsed (Recepcao.porTexto). */
const TEXTOS_GUARDADOS = 2_048;

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

/** One message of a category as composed by the server, with the streams that got it and when. */
interface MensagemRecebida {
  codCategoria: number;
  em: number;
  /** The counts it lists (seqCategoria → qtdEscolhas); empty for a confirmed-list notice. */
  qtds: Map<number, number>;
  /** Parallel: the stream (this process's number) and its arrival there. */
  fluxos: number[];
  tempos: number[];
}

export interface ResultadoChegadas {
  contagens: HistogramaSerializado;
  confirmados: HistogramaSerializado;
  /** Changes no message was found to carry (the run ended first). */
  semMensagem: number;
  /** (change, stream) pairs whose stream follows the category but did not get a message carrying it. */
  faltaram: number;
  /** Arrivals of the `escala` message after the marker (Date.now()). */
  escala: number[];
  /**
   * Diagnostics (docs/decisions/0173): per (counts message, stream), its arrival minus its `em` (the moment
   * the server took the counts: what delivery adds); and per (stream, category), the time between the `em`
   * of two messages in a row (how far apart the pictures are: a change waits up to that for the next one).
   */
  entrega: HistogramaSerializado;
  espacamento: HistogramaSerializado;
}

interface DadosContagens {
  codCategoria: number;
  em: number;
  completo?: boolean;
  ofertas?: { seqCategoria: number; qtdEscolhas: number }[];
}

/** What the streams of one process received, and the latencies it gives. */
export class Recepcao {
  private readonly contagens: MensagemRecebida[] = [];
  private readonly confirmados: MensagemRecebida[] = [];
  /** The counts each category had when the streams opened (their first, full, message). */
  private readonly base = new Map<number, Map<number, number>>();
  /** Streams per category followed (from each stream's `estado`). */
  readonly fluxosPorCategoria = new Map<number, number>();
  private marcoEscala = Number.POSITIVE_INFINITY;
  readonly escala: number[] = [];
  /**
   * The message each `data` text is (the same bytes reach every stream of a slice within one tick: parsed
   * once). Only the latest texts are kept: holding every text of a run (gigabytes over 6,000 streams) made the
   * holders' own garbage collection delay the arrivals they time. A text seen again after it left is parsed
   * again into a message with the same `em`, which the matching treats alike.
   */
  private readonly porTexto = new Map<string, MensagemRecebida | null>();
  private fluxos = 0;
  private readonly entrega = new Histograma();
  private readonly espacamento = new Histograma();
  /** `${stream}/${category}` → the `em` of the last counts message that stream got of that category. */
  private readonly ultimoEm = new Map<string, number>();

  /** `escala` messages are timed from now on (the generator is about to change the call). */
  marcarEscala(desdeMs: number): void {
    this.marcoEscala = desdeMs;
    this.escala.length = 0;
  }

  /** An event that arrived on stream `fluxo` (numbered from 0 by the caller) at `recebidoMs`. */
  evento(tipo: string, dados: string, recebidoMs: number, fluxo: number): void {
    this.fluxos = Math.max(this.fluxos, fluxo + 1);
    if (tipo === 'contagens' || tipo === 'confirmados') {
      let m = this.porTexto.get(dados);
      if (m === undefined) {
        const d = JSON.parse(dados) as DadosContagens;
        const qtds = new Map((d.ofertas ?? []).map((o) => [o.seqCategoria, o.qtdEscolhas]));
        if (d.completo) {
          // The full picture a stream starts with is not a change: it is where the counts start from.
          if (!this.base.has(d.codCategoria)) this.base.set(d.codCategoria, qtds);
          m = null;
        } else {
          m = { codCategoria: d.codCategoria, em: d.em, qtds, fluxos: [], tempos: [] };
          (tipo === 'contagens' ? this.contagens : this.confirmados).push(m);
        }
        this.porTexto.set(dados, m);
        if (this.porTexto.size > TEXTOS_GUARDADOS) {
          const maisAntigo = this.porTexto.keys().next().value;
          if (maisAntigo !== undefined) this.porTexto.delete(maisAntigo);
        }
      }
      if (m) {
        m.fluxos.push(fluxo);
        m.tempos.push(recebidoMs);
        if (tipo === 'contagens') {
          this.entrega.registrar(recebidoMs - m.em);
          const chave = `${fluxo}/${m.codCategoria}`;
          const anterior = this.ultimoEm.get(chave);
          if (anterior !== undefined) this.espacamento.registrar(m.em - anterior);
          this.ultimoEm.set(chave, m.em);
        }
      }
    } else if (tipo === 'estado') {
      const d = JSON.parse(dados) as { categorias: number[] };
      for (const c of d.categorias) this.fluxosPorCategoria.set(c, (this.fluxosPorCategoria.get(c) ?? 0) + 1);
    } else if (tipo === 'escala' && recebidoMs >= this.marcoEscala) this.escala.push(recebidoMs);
  }

  /**
   * The changes are choices only (the rush never clears one), so an offer's count only grows: the k-th
   * choice of an offer (in the order they were acknowledged) is carried, on each stream, by the first counts
   * message it got whose count for the offer reaches the count it started from plus k; its confirmed-list
   * notice there is the first one that stream got composed with or after that message.
   */
  chegadas(mudancas: readonly Mudanca[]): ResultadoChegadas {
    const contagensPor = porCategoriaEmOrdem(this.contagens);
    const confirmadosPor = porCategoriaEmOrdem(this.confirmados);
    const contagens = new Histograma();
    const confirmados = new Histograma();
    const ordem = [...mudancas].sort((a, b) => a.confirmadaMs - b.confirmadaMs);
    const vezes = new Map<string, number>();
    // Per stream: the change (its index) it was last matched for, and the `em` of its counts message.
    const visto = new Int32Array(this.fluxos).fill(-1);
    const avisado = new Int32Array(this.fluxos).fill(-1);
    const emDe = new Float64Array(this.fluxos);
    let semMensagem = 0;
    let faltaram = 0;
    ordem.forEach((mud, g) => {
      const chave = `${mud.codCategoria}/${mud.seqCategoria}`;
      const k = (vezes.get(chave) ?? 0) + 1;
      vezes.set(chave, k);
      const fluxos = this.fluxosPorCategoria.get(mud.codCategoria) ?? 0;
      if (fluxos === 0) return;
      const alvo = (this.base.get(mud.codCategoria)?.get(mud.seqCategoria) ?? 0) + k;
      const lista = contagensPor.get(mud.codCategoria) ?? [];
      let servidos = 0;
      let emMinimo = Number.POSITIVE_INFINITY;
      for (let i = primeiroDesde(lista, mud.enviadaMs); i < lista.length && servidos < fluxos; i++) {
        const m = lista[i] as MensagemRecebida;
        if ((m.qtds.get(mud.seqCategoria) ?? -1) < alvo) continue;
        m.fluxos.forEach((f, j) => {
          if (visto[f] === g) return;
          visto[f] = g;
          emDe[f] = m.em;
          emMinimo = Math.min(emMinimo, m.em);
          contagens.registrar((m.tempos[j] as number) - mud.confirmadaMs);
          servidos++;
        });
      }
      let avisados = 0;
      const avisos = confirmadosPor.get(mud.codCategoria) ?? [];
      for (let i = primeiroDesde(avisos, emMinimo); i < avisos.length && avisados < servidos; i++) {
        const m = avisos[i] as MensagemRecebida;
        m.fluxos.forEach((f, j) => {
          if (visto[f] !== g || avisado[f] === g || m.em < (emDe[f] as number)) return;
          avisado[f] = g;
          confirmados.registrar((m.tempos[j] as number) - mud.confirmadaMs);
          avisados++;
        });
      }
      faltaram += fluxos - servidos + (servidos - avisados);
      if (servidos === 0 || avisados === 0) semMensagem++;
    });
    return {
      contagens: contagens.serializar(),
      confirmados: confirmados.serializar(),
      semMensagem,
      faltaram,
      escala: this.escala,
      entrega: this.entrega.serializar(),
      espacamento: this.espacamento.serializar(),
    };
  }
}

/** The messages of each category in `em` order. */
function porCategoriaEmOrdem(mensagens: readonly MensagemRecebida[]): Map<number, MensagemRecebida[]> {
  const por = new Map<number, MensagemRecebida[]>();
  for (const m of mensagens) {
    const lista = por.get(m.codCategoria) ?? [];
    lista.push(m);
    por.set(m.codCategoria, lista);
  }
  for (const lista of por.values()) lista.sort((a, b) => a.em - b.em);
  return por;
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
