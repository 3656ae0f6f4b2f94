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
  /** The counts of its counts part (seqCategoria → qtdEscolhas); undefined when it had only the other. */
  qtds: Map<number, number> | undefined;
  contagens: number[];
  confirmados: number[];
}

export interface ResultadoChegadas {
  contagens: HistogramaSerializado;
  confirmados: HistogramaSerializado;
  /** Changes no message was found to carry (the run ended first). */
  semMensagem: number;
  /** (change, stream) pairs whose stream follows the category but did not get the message. */
  faltaram: number;
  /** Arrivals of the `escala` message after the marker (Date.now()). */
  escala: number[];
}

interface DadosContagens {
  codCategoria: number;
  em: number;
  completo?: boolean;
  ofertas?: { seqCategoria: number; qtdEscolhas: number }[];
}

/** What the streams of one process received, and the latencies it gives. */
export class Recepcao {
  private readonly mensagens = new Map<string, MensagemRecebida>();
  /** The counts each category had when the streams opened (their first, full, message). */
  private readonly base = new Map<number, Map<number, number>>();
  /** Streams per category followed (from each stream's `estado`). */
  readonly fluxosPorCategoria = new Map<number, number>();
  private marcoEscala = Number.POSITIVE_INFINITY;
  readonly escala: number[] = [];
  /** The message each `data` text is (the same bytes reach every stream: parsed once). */
  private readonly porTexto = new Map<string, MensagemRecebida | null>();

  /** `escala` messages are timed from now on (the generator is about to change the call). */
  marcarEscala(desdeMs: number): void {
    this.marcoEscala = desdeMs;
    this.escala.length = 0;
  }

  evento(tipo: string, dados: string, recebidoMs: number): void {
    if (tipo === 'contagens' || tipo === 'confirmados') {
      const vista = this.porTexto.get(dados);
      if (vista !== undefined) {
        if (vista) (tipo === 'contagens' ? vista.contagens : vista.confirmados).push(recebidoMs);
        return;
      }
      const d = JSON.parse(dados) as DadosContagens;
      const qtds = new Map((d.ofertas ?? []).map((o) => [o.seqCategoria, o.qtdEscolhas]));
      // The full picture a stream starts with is not a change: it is where the counts start from.
      if (d.completo) {
        if (!this.base.has(d.codCategoria)) this.base.set(d.codCategoria, qtds);
        this.porTexto.set(dados, null);
        return;
      }
      const chave = `${d.codCategoria}/${d.em}`;
      let m = this.mensagens.get(chave);
      if (!m) {
        m = { codCategoria: d.codCategoria, em: d.em, qtds: undefined, contagens: [], confirmados: [] };
        this.mensagens.set(chave, m);
      }
      this.porTexto.set(dados, m);
      if (tipo === 'contagens') {
        m.qtds ??= qtds;
        m.contagens.push(recebidoMs);
      } else m.confirmados.push(recebidoMs);
    } else if (tipo === 'estado') {
      const d = JSON.parse(dados) as { categorias: number[] };
      for (const c of d.categorias) this.fluxosPorCategoria.set(c, (this.fluxosPorCategoria.get(c) ?? 0) + 1);
    } else if (tipo === 'escala' && recebidoMs >= this.marcoEscala) this.escala.push(recebidoMs);
  }

  /**
   * The changes are choices only (the rush never clears one), so an offer's count only grows: the k-th
   * choice of an offer (in the order they were acknowledged) is carried by the first counts message whose
   * count for it reaches the count it started from plus k; its confirmed-list notice is the first one
   * composed with or after that message. Each is timed on every stream that got it.
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
    const ordem = [...mudancas].sort((a, b) => a.confirmadaMs - b.confirmadaMs);
    const vezes = new Map<string, number>();
    let semMensagem = 0;
    let faltaram = 0;
    for (const mud of ordem) {
      const chave = `${mud.codCategoria}/${mud.seqCategoria}`;
      const k = (vezes.get(chave) ?? 0) + 1;
      vezes.set(chave, k);
      const fluxos = this.fluxosPorCategoria.get(mud.codCategoria) ?? 0;
      if (fluxos === 0) continue;
      const alvo = (this.base.get(mud.codCategoria)?.get(mud.seqCategoria) ?? 0) + k;
      const lista = porCategoria.get(mud.codCategoria) ?? [];
      let emContagem: number | undefined;
      let achouConfirmados = false;
      for (let i = primeiroDesde(lista, mud.enviadaMs); i < lista.length; i++) {
        const m = lista[i] as MensagemRecebida;
        if (emContagem === undefined) {
          if ((m.qtds?.get(mud.seqCategoria) ?? -1) < alvo) continue;
          emContagem = m.em;
          for (const t of m.contagens) contagens.registrar(t - mud.confirmadaMs);
          faltaram += Math.max(0, fluxos - m.contagens.length);
        }
        if (m.confirmados.length > 0) {
          achouConfirmados = true;
          for (const t of m.confirmados) confirmados.registrar(t - mud.confirmadaMs);
          faltaram += Math.max(0, fluxos - m.confirmados.length);
          break;
        }
      }
      if (emContagem === undefined || !achouConfirmados) semMensagem++;
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
