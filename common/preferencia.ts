/**
 * The preference a worker gives an offer on choosing it (docs/produto/escalacao.md §4): 1 for the first choice in the
 * category, else one more than the highest preference among the worker's other chosen enabled offers.
 * Shared by the client (optimistic choice) and the server (which keeps preferences distinct).
 */

export interface OfertaComPreferencia {
  escolhida: boolean;
  habilitado: boolean;
  preferencia: number | null;
}

/** `outras`: the worker's other offers in the same category (the one being chosen left out). */
export function proximaPreferencia(outras: Iterable<OfertaComPreferencia>): number {
  let maior = 0;
  for (const oferta of outras) {
    if (oferta.escolhida && oferta.habilitado && oferta.preferencia != null && oferta.preferencia > maior) {
      maior = oferta.preferencia;
    }
  }
  return maior + 1;
}
