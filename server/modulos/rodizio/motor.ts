import { auditar } from './auditoria.ts';
import { ErroEntradaRodizio, indexarOfertas, OrdemRodizio, ordenarEscolhasDoAvulso } from './ordem.ts';
import { ponteirosFinais } from './ponteiros.ts';
import type {
  AvulsoRodizio,
  Engajamento,
  EntradaRodizio,
  EscolhaRodizio,
  FilaRodizio,
  OfertaResultado,
  OfertaRodizio,
  ResultadoRodizio,
} from './tipos.ts';

/**
 * The call turned into indices: what the matching needs, in typed arrays (few objects for the collector, data
 * read in order). Workers are numbered by their position in `ordem.avulsos` (rotation order), offers by their
 * input position, choices by their position in `entrada.escolhas`.
 */
export interface RodizioPreparado {
  entrada: EntradaRodizio;
  ordem: OrdemRodizio;
  ofertas: readonly OfertaRodizio[];
  /** Per choice: its offer's index. */
  ofertaDaEscolha: Int32Array;
  /**
   * Every worker's choices, best first (docs/decisions/0141), as choice indices, flat: worker w's are
   * listaEscolhas[inicioLista[w]] … listaEscolhas[inicioLista[w + 1] - 1]. A position k in this array, minus
   * inicioLista[w], is the choice's place in the worker's list.
   */
  listaEscolhas: Int32Array;
  inicioLista: Int32Array;
  /** Per offer: its queue's index in `codFuncoes` (the function's, or the category's: docs/decisions/0216). */
  funcaoDaOferta: Int32Array;
  /** Per queue index: its key (function code, or category code), sorted ascending. */
  codFuncoes: readonly number[];
  /** Per function index: where its registered and cadastered circles start (OrdemRodizio.chave). */
  inicioRegistro: Int32Array;
  inicioCadastro: Int32Array;
  /**
   * The valid choices (not impeded, habilitado, comDescanso) of every worker in order, flat: worker w's are
   * slots [inicioValidas[w], inicioValidas[w + 1]); each slot holds the offer's index (`validas`), the
   * position in `listaEscolhas` (`posicaoValida`) and the worker's rank key there (`chaveValida`).
   */
  validas: Int32Array;
  posicaoValida: Int32Array;
  /** The worker's rank key at that offer's function, computed here so the matching reads it in order. */
  chaveValida: Float64Array;
  inicioValidas: Int32Array;
}

/** An offer's queue key: its function (default) or its category ('rodízio numérico', docs/decisions/0216). */
export function filaDaOferta(fila: FilaRodizio | undefined): (o: OfertaRodizio) => number {
  return fila === 'categoria' ? (o) => o.codCategoria : (o) => o.codFuncao;
}

/** Checks and indexes the input. Throws ErroEntradaRodizio on data the rotation cannot rank. */
export function prepararRodizio(entrada: EntradaRodizio): RodizioPreparado {
  const { ofertas, escolhas } = entrada;
  const indiceOferta = indexarOfertas(ofertas);
  const ordem = new OrdemRodizio(entrada.avulsos);
  const nAvulsos = ordem.avulsos.length;
  // Built in input order (the objects as they lie in memory), valued by rotation position.
  const indiceAvulso = new Map<string, number>();
  entrada.avulsos.forEach((a, i) => {
    if (indiceAvulso.has(a.codAvulso)) throw new ErroEntradaRodizio(`avulso repetido: ${a.codAvulso}`);
    indiceAvulso.set(a.codAvulso, ordem.posicaoDaEntrada[i] as number);
  });

  // Each offer's queue (docs/decisions/0216): its function, or its category under one queue per category.
  const fila = filaDaOferta(entrada.fila);
  const codFuncoes = [...new Set(ofertas.map(fila))].sort((a, b) => a - b);
  const indiceFuncao = new Map(codFuncoes.map((cod, i) => [cod, i]));
  const funcaoDaOferta = Int32Array.from(ofertas, (o) => indiceFuncao.get(fila(o)) ?? 0);
  const categoriaDaOferta = Int32Array.from(ofertas, (o) => o.codCategoria);
  const encerrada = Uint8Array.from(ofertas, (o) => (o.encerrada ? 1 : 0));
  const ponteiros = new Map(entrada.ponteiros.map((x) => [x.codFuncao, x]));
  const inicioRegistro = new Int32Array(codFuncoes.length);
  const inicioCadastro = new Int32Array(codFuncoes.length);
  codFuncoes.forEach((cod, i) => {
    const x = ponteiros.get(cod);
    const inicios = ordem.inicios(
      x?.registro ?? null,
      x?.cadastro ?? null,
      x?.registroAvulso,
      x?.cadastroAvulso,
    );
    inicioRegistro[i] = inicios.registro;
    inicioCadastro[i] = inicios.cadastro;
  });

  // Choices grouped by worker with a counting sort: one pass to count, one to place.
  const nEscolhas = escolhas.length;
  // The fields the later passes need are copied here, in one pass over the objects in input order.
  const ofertaDaEscolha = new Int32Array(nEscolhas);
  const avulsoDaEscolha = new Int32Array(nEscolhas);
  const preferenciaDaEscolha = new Float64Array(nEscolhas);
  const validaDaEscolha = new Uint8Array(nEscolhas);
  const inicioLista = new Int32Array(nAvulsos + 1);
  for (let i = 0; i < nEscolhas; i++) {
    const e = escolhas[i] as EscolhaRodizio;
    if (!Number.isFinite(e.preferencia)) {
      throw new ErroEntradaRodizio(`preferência inválida na escolha de ${e.codAvulso}: ${e.preferencia}`);
    }
    preferenciaDaEscolha[i] = e.preferencia;
    validaDaEscolha[i] = e.habilitado && e.comDescanso ? 1 : 0;
    const w = indiceAvulso.get(e.codAvulso);
    if (w === undefined) throw new ErroEntradaRodizio(`escolha de avulso ausente: ${e.codAvulso}`);
    const o = indiceOferta.get(e.ofertaId);
    if (o === undefined) throw new ErroEntradaRodizio(`escolha de oferta ausente: ${e.ofertaId}`);
    ofertaDaEscolha[i] = o;
    avulsoDaEscolha[i] = w;
    inicioLista[w + 1] = (inicioLista[w + 1] as number) + 1;
  }
  for (let w = 0; w < nAvulsos; w++)
    inicioLista[w + 1] = (inicioLista[w + 1] as number) + (inicioLista[w] as number);
  const cursor = inicioLista.slice(0, nAvulsos);
  const listaEscolhas = new Int32Array(nEscolhas);
  for (let i = 0; i < nEscolhas; i++) {
    const w = avulsoDaEscolha[i] as number;
    listaEscolhas[cursor[w] as number] = i;
    cursor[w] = (cursor[w] as number) + 1;
  }

  const idDaOferta = Float64Array.from(ofertas, (o) => o.id);
  const antes = (i: number, j: number) =>
    (preferenciaDaEscolha[i] as number) - (preferenciaDaEscolha[j] as number) ||
    (idDaOferta[ofertaDaEscolha[i] as number] as number) -
      (idDaOferta[ofertaDaEscolha[j] as number] as number);
  const inicioValidas = new Int32Array(nAvulsos + 1);
  const validas = new Int32Array(nEscolhas);
  const posicaoValida = new Int32Array(nEscolhas);
  const chaveValida = new Float64Array(nEscolhas);
  let nValidas = 0;
  for (let w = 0; w < nAvulsos; w++) {
    const a = inicioLista[w] as number;
    const b = inicioLista[w + 1] as number;
    if (b - a > 1) {
      if (temRepetida(ofertaDaEscolha, listaEscolhas, a, b)) {
        throw new ErroEntradaRodizio(`oferta escolhida duas vezes por ${ordem.avulsos[w]?.codAvulso}`);
      }
      const categoria = categoriaDaOferta[ofertaDaEscolha[listaEscolhas[a] as number] as number];
      let umaCategoria = true;
      for (let k = a + 1; k < b && umaCategoria; k++) {
        umaCategoria = categoriaDaOferta[ofertaDaEscolha[listaEscolhas[k] as number] as number] === categoria;
      }
      if (umaCategoria) ordenarTrecho(listaEscolhas, a, b, antes);
      else
        intercalarCategorias(
          listaEscolhas,
          a,
          b,
          escolhas,
          (i) => categoriaDaOferta[ofertaDaEscolha[i] as number] as number,
        );
    }
    inicioValidas[w] = nValidas;
    if (ordem.avulsos[w]?.impedido || ordem.avulsos[w]?.jaEscalado) continue;
    for (let k = a; k < b; k++) {
      const i = listaEscolhas[k] as number;
      if (validaDaEscolha[i] === 1 && encerrada[ofertaDaEscolha[i] as number] === 0) {
        const o = ofertaDaEscolha[i] as number;
        const f = funcaoDaOferta[o] as number;
        validas[nValidas] = o;
        posicaoValida[nValidas] = k;
        chaveValida[nValidas] = ordem.chave(w, inicioRegistro[f] as number, inicioCadastro[f] as number);
        nValidas++;
      }
    }
  }
  inicioValidas[nAvulsos] = nValidas;

  return {
    entrada,
    ordem,
    ofertas,
    ofertaDaEscolha,
    listaEscolhas,
    inicioLista,
    funcaoDaOferta,
    codFuncoes,
    inicioRegistro,
    inicioCadastro,
    validas: validas.subarray(0, nValidas),
    posicaoValida: posicaoValida.subarray(0, nValidas),
    chaveValida: chaveValida.subarray(0, nValidas),
    inicioValidas,
  };
}

/** Insertion sort of lista[a, b): a worker's list is a handful of choices. */
function ordenarTrecho(
  lista: Int32Array,
  a: number,
  b: number,
  antes: (i: number, j: number) => number,
): void {
  for (let k = a + 1; k < b; k++) {
    const x = lista[k] as number;
    let j = k - 1;
    while (j >= a && antes(lista[j] as number, x) > 0) {
      lista[j + 1] = lista[j] as number;
      j--;
    }
    lista[j + 1] = x;
  }
}

/** A worker with choices in several categories (rare): the merge of ordem.ts, written back in place. */
function intercalarCategorias(
  lista: Int32Array,
  a: number,
  b: number,
  escolhas: readonly EscolhaRodizio[],
  categoria: (i: number) => number,
): void {
  const trecho = Array.from(lista.subarray(a, b), (i) => escolhas[i] as EscolhaRodizio);
  const posicao = new Map(trecho.map((e, n) => [e, lista[a + n] as number]));
  const ordenadas = ordenarEscolhasDoAvulso(trecho, (ofertaId) => {
    const e = trecho.find((x) => x.ofertaId === ofertaId);
    return e ? categoria(posicao.get(e) as number) : 0;
  });
  ordenadas.forEach((e, n) => {
    lista[a + n] = posicao.get(e) as number;
  });
}

/** Lists are a handful of choices: pairwise beats building a Set for each of thousands of workers. */
function temRepetida(ofertaDaEscolha: Int32Array, lista: Int32Array, a: number, b: number): boolean {
  if (b - a > 32) {
    const vistas = new Set<number>();
    for (let k = a; k < b; k++) vistas.add(ofertaDaEscolha[lista[k] as number] as number);
    return vistas.size !== b - a;
  }
  for (let k = a + 1; k < b; k++) {
    const o = ofertaDaEscolha[lista[k] as number];
    for (let j = a; j < k; j++) if (ofertaDaEscolha[lista[j] as number] === o) return true;
  }
  return false;
}

/** What `casar` answers: each worker's offer index (-1: none) and how many proposals were made. */
export interface Casamento {
  ofertaDoAvulso: Int32Array;
  /** Per worker: the engaged choice's position in `listaEscolhas`, -1 when none. */
  escolhaDoAvulso: Int32Array;
  propostas: number;
}

/**
 * Worker-proposing deferred acceptance (Gale-Shapley with capacities; proof sketch in docs/decisions/0140).
 * Every free worker proposes to the next offer on their eligible list; the offer holds its best `capacidade`
 * proposers by rank key (a max-heap, worst on top) and rejects the rest. Each choice is proposed at most once,
 * so it runs in O(total choices · log capacity). The outcome is the worker-optimal stable matching, which is
 * unique: the order in which free workers propose does not change it.
 */
export function casar(p: RodizioPreparado): Casamento {
  const nAvulsos = p.inicioLista.length - 1;
  const nOfertas = p.ofertas.length;
  const base = new Int32Array(nOfertas + 1);
  for (let o = 0; o < nOfertas; o++) base[o + 1] = (base[o] ?? 0) + (p.ofertas[o]?.capacidade ?? 0);
  const heapAvulso = new Int32Array(base[nOfertas] ?? 0);
  const heapChave = new Float64Array(base[nOfertas] ?? 0);
  const ocupadas = new Int32Array(nOfertas);
  const ofertaDoAvulso = new Int32Array(nAvulsos).fill(-1);
  const escolhaDoAvulso = new Int32Array(nAvulsos).fill(-1);
  const proxima = Int32Array.from(p.inicioValidas.subarray(0, nAvulsos));
  const livres: number[] = [];
  for (let w = nAvulsos - 1; w >= 0; w--) livres.push(w);
  const { validas, posicaoValida, chaveValida, inicioValidas } = p;
  let propostas = 0;

  while (livres.length > 0) {
    let w = livres.pop() as number;
    // A worker keeps proposing until held or out of choices; a displaced worker goes back on the stack.
    for (;;) {
      const i = proxima[w] as number;
      if (i >= (inicioValidas[w + 1] as number)) break;
      proxima[w] = i + 1;
      propostas++;
      const o = validas[i] as number;
      const capacidade = (base[o + 1] as number) - (base[o] as number);
      if (capacidade === 0) continue;
      const chave = chaveValida[i] as number;
      const b = base[o] as number;
      const n = ocupadas[o] as number;
      if (n < capacidade) {
        subir(heapAvulso, heapChave, b, n, w, chave);
        ocupadas[o] = n + 1;
        ofertaDoAvulso[w] = o;
        escolhaDoAvulso[w] = posicaoValida[i] as number;
        break;
      }
      if (chave < (heapChave[b] as number)) {
        const deslocado = heapAvulso[b] as number;
        descer(heapAvulso, heapChave, b, n, w, chave);
        ofertaDoAvulso[w] = o;
        escolhaDoAvulso[w] = posicaoValida[i] as number;
        ofertaDoAvulso[deslocado] = -1;
        escolhaDoAvulso[deslocado] = -1;
        w = deslocado;
      }
    }
  }
  return { ofertaDoAvulso, escolhaDoAvulso, propostas };
}

/** Inserts at position n of the heap starting at b and sifts up (max-heap on chave). */
function subir(av: Int32Array, ch: Float64Array, b: number, n: number, w: number, chave: number): void {
  let i = n;
  while (i > 0) {
    const pai = (i - 1) >> 1;
    if ((ch[b + pai] as number) >= chave) break;
    av[b + i] = av[b + pai] as number;
    ch[b + i] = ch[b + pai] as number;
    i = pai;
  }
  av[b + i] = w;
  ch[b + i] = chave;
}

/** Replaces the top of a full heap of size n and sifts down. */
function descer(av: Int32Array, ch: Float64Array, b: number, n: number, w: number, chave: number): void {
  let i = 0;
  for (;;) {
    const esq = 2 * i + 1;
    if (esq >= n) break;
    const dir = esq + 1;
    const filho = dir < n && (ch[b + dir] as number) > (ch[b + esq] as number) ? dir : esq;
    if ((ch[b + filho] as number) <= chave) break;
    av[b + i] = av[b + filho] as number;
    ch[b + i] = ch[b + filho] as number;
    i = filho;
  }
  av[b + i] = w;
  ch[b + i] = chave;
}

/** Engagements, per-offer figures, pointers and the audit from a matching. */
export function montarResultado(p: RodizioPreparado, casamento: Casamento): ResultadoRodizio {
  const { ordem, ofertas, entrada } = p;
  const nOfertas = ofertas.length;
  const nAvulsos = p.inicioLista.length - 1;
  const chaveNaOferta = (w: number, o: number) => {
    const f = p.funcaoDaOferta[o] as number;
    return ordem.chave(w, p.inicioRegistro[f] as number, p.inicioCadastro[f] as number);
  };
  // Engaged workers per offer (counting sort), each offer's in rotation order.
  const inicioOferta = new Int32Array(nOfertas + 1);
  for (const o of casamento.ofertaDoAvulso)
    if (o >= 0) inicioOferta[o + 1] = (inicioOferta[o + 1] as number) + 1;
  for (let o = 0; o < nOfertas; o++)
    inicioOferta[o + 1] = (inicioOferta[o + 1] as number) + (inicioOferta[o] as number);
  const cursor = inicioOferta.slice(0, nOfertas);
  const escalados = new Int32Array(inicioOferta[nOfertas] as number);
  casamento.ofertaDoAvulso.forEach((o, w) => {
    if (o < 0) return;
    escalados[cursor[o] as number] = w;
    cursor[o] = (cursor[o] as number) + 1;
  });
  const ultimoPorOferta = new Float64Array(nOfertas).fill(Number.NaN);
  for (let o = 0; o < nOfertas; o++) {
    const a = inicioOferta[o] as number;
    const b = inicioOferta[o + 1] as number;
    ordenarTrecho(escalados, a, b, (x, y) => chaveNaOferta(x, o) - chaveNaOferta(y, o));
    if (b > a) ultimoPorOferta[o] = ordem.avulsos[escalados[b - 1] as number]?.numChamada ?? Number.NaN;
  }

  const porId = Int32Array.from(ofertas.keys()).sort((x, y) => (ofertas[x]?.id ?? 0) - (ofertas[y]?.id ?? 0));
  const engajamentos: Engajamento[] = [];
  const ofertasResultado: OfertaResultado[] = [];
  for (const o of porId) {
    const oferta = ofertas[o] as OfertaRodizio;
    const a = inicioOferta[o] as number;
    const b = inicioOferta[o + 1] as number;
    const ultimo = ultimoPorOferta[o] as number;
    ofertasResultado.push({
      ofertaId: oferta.id,
      codFuncao: oferta.codFuncao,
      capacidade: oferta.capacidade,
      escalados: b - a,
      ultimoEscalado: Number.isNaN(ultimo) ? null : ultimo,
    });
    for (let k = a; k < b; k++) {
      const w = escalados[k] as number;
      const avulso = ordem.avulsos[w] as AvulsoRodizio;
      const posicao = casamento.escolhaDoAvulso[w] as number;
      engajamentos.push({
        codAvulso: avulso.codAvulso,
        numChamada: avulso.numChamada,
        ofertaId: oferta.id,
        codFuncao: oferta.codFuncao,
        ordem: posicao - (p.inicioLista[w] as number) + 1,
        preferencia: (entrada.escolhas[p.listaEscolhas[posicao] as number] as EscolhaRodizio).preferencia,
        posicaoNaOferta: k - a + 1,
      });
    }
  }

  const decisoes = auditar({
    avulsos: ordem.avulsos,
    escolhas: entrada.escolhas,
    listaEscolhas: p.listaEscolhas,
    inicioLista: p.inicioLista,
    ofertaDaEscolha: p.ofertaDaEscolha,
    ofertas,
    escolhaDoAvulso: casamento.escolhaDoAvulso,
    ultimoPorOferta,
    horasDescanso: entrada.horasDescanso ?? 11,
  });

  const ponteiros = ponteirosFinais(p, casamento, chaveNaOferta);
  let vagas = 0;
  for (const o of ofertas) vagas += o.capacidade;
  return {
    engajamentos,
    decisoes,
    ponteiros,
    ofertas: ofertasResultado,
    estatisticas: {
      avulsos: decisoes.length,
      escolhas: entrada.escolhas.length,
      escolhasValidas: p.inicioValidas[nAvulsos] as number,
      propostas: casamento.propostas,
      vagas,
      escalados: engajamentos.length,
    },
  };
}

/**
 * The rotation of one call: a pure function of its input (same input in any order → same output).
 * Throws ErroEntradaRodizio when the input is inconsistent (unknown offer or worker, duplicates, bad article).
 */
export function executarRodizio(entrada: EntradaRodizio): ResultadoRodizio {
  const preparado = prepararRodizio(entrada);
  return montarResultado(preparado, casar(preparado));
}
