import { ordenarEscolhasDoAvulso } from '../ordem.ts';
import type { Engajamento, EntradaRodizio, OfertaRodizio } from '../tipos.ts';

/**
 * A brute-force reading of docs/decisions/0140, written apart from the engine (no keys, no heaps, no
 * indices): it ranks by sorting, lists by filtering, and checks a matching pair by pair. Tests only.
 */

/** codAvulso → valid offer ids, best first (an impeded worker's list is empty). */
export function listasValidas(entrada: EntradaRodizio): Map<string, number[]> {
  const categoria = new Map(entrada.ofertas.map((o) => [o.id, o.codCategoria]));
  const listas = new Map<string, number[]>();
  for (const avulso of entrada.avulsos) {
    const minhas = entrada.escolhas.filter((e) => e.codAvulso === avulso.codAvulso);
    const ordenadas = ordenarEscolhasDoAvulso(minhas, (id) => categoria.get(id) ?? 0);
    listas.set(
      avulso.codAvulso,
      avulso.impedido ? [] : ordenadas.filter((e) => e.habilitado && e.comDescanso).map((e) => e.ofertaId),
    );
  }
  return listas;
}

/** codFuncao → the workers in that function's rotation order (registered circle, then cadastered circle). */
export function ordensPorFuncao(entrada: EntradaRodizio): Map<number, string[]> {
  const ordens = new Map<number, string[]>();
  for (const codFuncao of new Set(entrada.ofertas.map((o) => o.codFuncao))) {
    const p = entrada.ponteiros.find((x) => x.codFuncao === codFuncao);
    const circulo = (artigo: number, ponteiro: number | null) =>
      entrada.avulsos
        .filter((a) => a.artigo === artigo)
        .map((a) => ({ a, depois: ponteiro === null || a.numChamada > ponteiro ? 0 : 1 }))
        .sort(
          (x, y) =>
            x.depois - y.depois ||
            x.a.numChamada - y.a.numChamada ||
            x.a.codAvulso.localeCompare(y.a.codAvulso),
        )
        .map((x) => x.a.codAvulso);
    ordens.set(codFuncao, [...circulo(55, p?.registro ?? null), ...circulo(54, p?.cadastro ?? null)]);
  }
  return ordens;
}

export interface Par {
  codAvulso: string;
  ofertaId: number;
}

/** Every violation of capacity, uniqueness, validity and stability; empty when the matching is right. */
export function violacoes(entrada: EntradaRodizio, pares: readonly Par[]): string[] {
  const erros: string[] = [];
  const listas = listasValidas(entrada);
  const ordens = ordensPorFuncao(entrada);
  const ofertaPorId = new Map<number, OfertaRodizio>(entrada.ofertas.map((o) => [o.id, o]));
  const deAvulso = new Map<string, number>();
  const naOferta = new Map<number, string[]>();
  for (const par of pares) {
    if (deAvulso.has(par.codAvulso)) erros.push(`${par.codAvulso} escalado duas vezes`);
    deAvulso.set(par.codAvulso, par.ofertaId);
    naOferta.set(par.ofertaId, [...(naOferta.get(par.ofertaId) ?? []), par.codAvulso]);
    if (!(listas.get(par.codAvulso) ?? []).includes(par.ofertaId)) {
      erros.push(`${par.codAvulso} escalado em ${par.ofertaId}, escolha não válida`);
    }
  }
  for (const [ofertaId, quem] of naOferta) {
    const cap = ofertaPorId.get(ofertaId)?.capacidade ?? 0;
    if (quem.length > cap) erros.push(`oferta ${ofertaId}: ${quem.length} escalados para ${cap} vagas`);
  }
  for (const [codAvulso, lista] of listas) {
    const obtida = deAvulso.get(codAvulso);
    const limite = obtida === undefined ? lista.length : lista.indexOf(obtida);
    for (const ofertaId of lista.slice(0, Math.max(0, limite))) {
      const oferta = ofertaPorId.get(ofertaId);
      if (!oferta) continue;
      const quem = naOferta.get(ofertaId) ?? [];
      if (quem.length < oferta.capacidade) {
        erros.push(`par bloqueante: ${codAvulso} preferia ${ofertaId}, que tem vaga livre`);
        continue;
      }
      const ordem = ordens.get(oferta.codFuncao) ?? [];
      const eu = ordem.indexOf(codAvulso);
      const atras = quem.find((outro) => ordem.indexOf(outro) > eu);
      if (atras)
        erros.push(`par bloqueante: ${codAvulso} preferia ${ofertaId}, que escalou ${atras} atrás dele`);
    }
  }
  return erros;
}

/** Every stable matching of a tiny call, by enumerating every assignment (exponential: tests only). */
export function todosEstaveis(entrada: EntradaRodizio): Par[][] {
  const listas = [...listasValidas(entrada)];
  const estaveis: Par[][] = [];
  const atual: Par[] = [];
  const visitar = (i: number) => {
    if (i === listas.length) {
      if (violacoes(entrada, atual).length === 0) estaveis.push([...atual]);
      return;
    }
    const [codAvulso, lista] = listas[i] as [string, number[]];
    visitar(i + 1);
    for (const ofertaId of lista) {
      atual.push({ codAvulso, ofertaId });
      visitar(i + 1);
      atual.pop();
    }
  };
  visitar(0);
  return estaveis;
}

/** Position of what a worker got in their own valid list (list length when nothing: worse than any). */
export function posicaoObtida(lista: readonly number[], obtida: number | undefined): number {
  return obtida === undefined ? lista.length : lista.indexOf(obtida);
}

export function paresDe(engajamentos: readonly Engajamento[]): Par[] {
  return engajamentos.map((e) => ({ codAvulso: e.codAvulso, ofertaId: e.ofertaId }));
}
