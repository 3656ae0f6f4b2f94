import { ARTIGO, CATEGORIA } from './dominio.ts';

/**
 * Pointer visibility (docs/produto/escalacao.md §5). Each offer category has a parameter: '1', 'ogmo' or 'todos' show the
 * pointer to the body's own staff (category 9); '1' or 'todos' show it to workers registered under article 55
 * whose category matches (Estivador: Estivador and Vigia offers; Conferente: Conferente; Capatazia/Arrumador
 * and Portuário: Capatazia). The Capatazia pointer is hidden from own staff. Anything else shows nothing.
 */
export const PARAMETRO_PONTEIRO: Readonly<Record<number, string>> = {
  [CATEGORIA.estivador]: 'EXIBIR_OFERTA_PONTEIRO_ESTIVA',
  [CATEGORIA.conferente]: 'EXIBIR_OFERTA_PONTEIRO_CONFERENTES',
  [CATEGORIA.capatazia]: 'EXIBIR_OFERTA_PONTEIRO_CAPATAZIA',
  [CATEGORIA.vigia]: 'EXIBIR_OFERTA_PONTEIRO_VIGIAS',
};

export interface QuemVe {
  codCategoria: number;
  artigo: number;
}

/** Offer categories whose pointer a registered worker of each category may see. */
const CATEGORIAS_VISIVEIS: Readonly<Record<number, readonly number[]>> = {
  [CATEGORIA.estivador]: [CATEGORIA.estivador, CATEGORIA.vigia],
  [CATEGORIA.conferente]: [CATEGORIA.conferente],
  [CATEGORIA.capatazia]: [CATEGORIA.capatazia],
  [CATEGORIA.portuario]: [CATEGORIA.capatazia],
};

/**
 * Whether `avulso` sees the pointer fields of offers in `codCategoriaOferta`, given the parameters
 * (name → value; a missing parameter shows nothing).
 */
export function exibePonteiro(
  codCategoriaOferta: number,
  avulso: QuemVe,
  parametros: ReadonlyMap<string, string>,
): boolean {
  const nome = PARAMETRO_PONTEIRO[codCategoriaOferta];
  if (!nome) return false;
  const valor = parametros.get(nome)?.trim().toLowerCase();
  if (valor === undefined) return false;
  if (avulso.codCategoria === CATEGORIA.ogmo) {
    if (codCategoriaOferta === CATEGORIA.capatazia) return false;
    return valor === '1' || valor === 'ogmo' || valor === 'todos';
  }
  if (avulso.artigo !== ARTIGO.registro) return false;
  if (valor !== '1' && valor !== 'todos') return false;
  return CATEGORIAS_VISIVEIS[avulso.codCategoria]?.includes(codCategoriaOferta) ?? false;
}

/** The parameter list of dadosLogin as a map, for `exibePonteiro`. */
export function mapaParametros(lista: readonly { nome: string; valor: string }[]): Map<string, string> {
  return new Map(lista.map((p) => [p.nome, p.valor]));
}
