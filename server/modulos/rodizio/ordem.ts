import type { AvulsoRodizio, EscolhaRodizio, OfertaRodizio } from './tipos.ts';

/** The caller sent data the rotation cannot rank (a bug upstream, never a worker's doing). */
export class ErroEntradaRodizio extends Error {
  override name = 'ErroEntradaRodizio';
}

function instante(escolha: EscolhaRodizio): number {
  const t = Date.parse(escolha.horaDigitacao);
  if (Number.isNaN(t)) {
    throw new ErroEntradaRodizio(
      `horaDigitacao inválida na escolha de ${escolha.codAvulso}: ${escolha.horaDigitacao}`,
    );
  }
  return t;
}

interface EscolhaOrdenavel {
  escolha: EscolhaRodizio;
  t: number;
  codCategoria: number;
}

/**
 * A worker's whole list, best first (docs/decisions/0141): inside a category by `preferencia` (ties, which the
 * server never stores, by offer id); the categories' lists merged by the time of each list's next choice,
 * ties by category code. A merge, not a sort by time, so a category's own preference order always holds even
 * if its times disagree with it.
 */
export function ordenarEscolhasDoAvulso(
  escolhas: readonly EscolhaRodizio[],
  categoriaDaOferta: (ofertaId: number) => number,
): EscolhaRodizio[] {
  const porPreferencia = (a: EscolhaRodizio, b: EscolhaRodizio) =>
    a.preferencia - b.preferencia || a.ofertaId - b.ofertaId;
  const primeira = escolhas[0];
  if (!primeira) return [];
  const categoriaUnica = categoriaDaOferta(primeira.ofertaId);
  // Most workers choose in one category: there the times do not matter.
  if (escolhas.every((e) => categoriaDaOferta(e.ofertaId) === categoriaUnica)) {
    return escolhas.slice().sort(porPreferencia);
  }
  const porCategoria = new Map<number, EscolhaOrdenavel[]>();
  for (const escolha of escolhas) {
    const codCategoria = categoriaDaOferta(escolha.ofertaId);
    let lista = porCategoria.get(codCategoria);
    if (!lista) {
      lista = [];
      porCategoria.set(codCategoria, lista);
    }
    lista.push({ escolha, t: instante(escolha), codCategoria });
  }
  const listas = [...porCategoria.values()];
  for (const lista of listas) lista.sort((a, b) => porPreferencia(a.escolha, b.escolha));
  const cabecas = listas.map(() => 0);
  const saida: EscolhaRodizio[] = [];
  for (;;) {
    let melhor = -1;
    let melhorItem: EscolhaOrdenavel | undefined;
    for (let i = 0; i < listas.length; i++) {
      const item = listas[i]?.[cabecas[i] ?? 0];
      if (!item) continue;
      if (
        !melhorItem ||
        item.t < melhorItem.t ||
        (item.t === melhorItem.t && item.codCategoria < melhorItem.codCategoria)
      ) {
        melhor = i;
        melhorItem = item;
      }
    }
    if (!melhorItem) return saida;
    saida.push(melhorItem.escolha);
    cabecas[melhor] = (cabecas[melhor] ?? 0) + 1;
  }
}

/**
 * The rotation order of the call's workers (docs/decisions/0140): two lists, registered (art. 55) then
 * cadastered (art. 54), each by numChamada (ties by codAvulso), read circularly from just after the list's
 * pointer of the function being ranked. `chave` turns that into one integer per (worker, function): lower is
 * ahead, distinct for distinct workers, so the matching compares numbers only.
 */
export class OrdemRodizio {
  /** Workers in list order: registered by (numChamada, codAvulso), then cadastered likewise. */
  readonly avulsos: readonly AvulsoRodizio[];
  /** Per input position (the constructor's array): the worker's position in `avulsos`. */
  readonly posicaoDaEntrada: Int32Array;
  readonly totalRegistro: number;
  private readonly chamadasRegistro: Float64Array;
  private readonly chamadasCadastro: Float64Array;
  private readonly codigosRegistro: readonly string[];
  private readonly codigosCadastro: readonly string[];

  constructor(avulsos: readonly AvulsoRodizio[]) {
    const n = avulsos.length;
    // Sorted as indices over packed numbers: the comparisons read two typed arrays, not scattered objects,
    // and only equal numbers (which the data should never have) look at the codes.
    const grupo = new Uint8Array(n);
    const numero = new Float64Array(n);
    avulsos.forEach((a, i) => {
      if (a.artigo !== 55 && a.artigo !== 54) {
        throw new ErroEntradaRodizio(`artigo desconhecido para ${a.codAvulso}: ${a.artigo}`);
      }
      if (!Number.isSafeInteger(a.numChamada)) {
        throw new ErroEntradaRodizio(`numChamada inválido para ${a.codAvulso}: ${a.numChamada}`);
      }
      grupo[i] = a.artigo === 55 ? 0 : 1;
      numero[i] = a.numChamada;
    });
    const ordem = Int32Array.from({ length: n }, (_, i) => i).sort((x, y) => {
      const d = (grupo[x] as number) - (grupo[y] as number) || (numero[x] as number) - (numero[y] as number);
      if (d !== 0) return d;
      const cx = (avulsos[x] as AvulsoRodizio).codAvulso;
      const cy = (avulsos[y] as AvulsoRodizio).codAvulso;
      return cx < cy ? -1 : cx > cy ? 1 : 0;
    });
    this.avulsos = Array.from(ordem, (i) => avulsos[i] as AvulsoRodizio);
    this.posicaoDaEntrada = new Int32Array(n);
    ordem.forEach((i, posicao) => {
      this.posicaoDaEntrada[i] = posicao;
    });
    let registro = 0;
    while (registro < n && grupo[ordem[registro] as number] === 0) registro++;
    this.totalRegistro = registro;
    this.chamadasRegistro = Float64Array.from(ordem.subarray(0, registro), (i) => numero[i] as number);
    this.chamadasCadastro = Float64Array.from(ordem.subarray(registro), (i) => numero[i] as number);
    this.codigosRegistro = Array.from(
      ordem.subarray(0, registro),
      (i) => (avulsos[i] as AvulsoRodizio).codAvulso,
    );
    this.codigosCadastro = Array.from(
      ordem.subarray(registro),
      (i) => (avulsos[i] as AvulsoRodizio).codAvulso,
    );
  }

  /**
   * Where a list's circle starts for a pointer: the count of its members at or before the pointer's position
   * in the list's total order (numChamada, then codAvulso; docs/decisions/0212). A pointer that names its
   * worker starts right after that worker, so workers sharing a number are reached in turn; one that names
   * only a number (stored before the worker was kept) starts after every worker of that number.
   */
  private inicio(
    chamadas: Float64Array,
    codigos: readonly string[],
    ponteiro: number | null,
    avulso: string | null | undefined,
  ): number {
    if (ponteiro === null) return 0;
    let baixo = 0;
    let alto = chamadas.length;
    while (baixo < alto) {
      const meio = (baixo + alto) >>> 1;
      if ((chamadas[meio] ?? 0) <= ponteiro) baixo = meio + 1;
      else alto = meio;
    }
    if (avulso == null) return baixo;
    // Members numbered `ponteiro` are [primeiro, baixo), by codAvulso: the circle starts after `avulso`.
    let primeiro = baixo;
    while (primeiro > 0 && chamadas[primeiro - 1] === ponteiro) primeiro--;
    let k = primeiro;
    while (k < baixo && (codigos[k] as string) <= avulso) k++;
    return k;
  }

  /** The two starts of one queue's circle, for `chave`. */
  inicios(
    registro: number | null,
    cadastro: number | null,
    registroAvulso?: string | null,
    cadastroAvulso?: string | null,
  ): { registro: number; cadastro: number } {
    return {
      registro: this.inicio(this.chamadasRegistro, this.codigosRegistro, registro, registroAvulso),
      cadastro: this.inicio(this.chamadasCadastro, this.codigosCadastro, cadastro, cadastroAvulso),
    };
  }

  /** Rank key of the worker at `indice` (a position in `avulsos`) for a function with these starts. */
  chave(indice: number, inicioRegistro: number, inicioCadastro: number): number {
    const nr = this.totalRegistro;
    if (indice < nr) return (indice - inicioRegistro + nr) % nr;
    const nc = this.avulsos.length - nr;
    return nr + ((indice - nr - inicioCadastro + nc) % nc);
  }
}

/** Offers by id, refusing duplicates and impossible capacities. */
export function indexarOfertas(ofertas: readonly OfertaRodizio[]): Map<number, number> {
  const indice = new Map<number, number>();
  ofertas.forEach((oferta, i) => {
    if (indice.has(oferta.id)) throw new ErroEntradaRodizio(`oferta repetida: ${oferta.id}`);
    if (!Number.isSafeInteger(oferta.capacidade) || oferta.capacidade < 0) {
      throw new ErroEntradaRodizio(`capacidade inválida na oferta ${oferta.id}: ${oferta.capacidade}`);
    }
    indice.set(oferta.id, i);
  });
  return indice;
}
