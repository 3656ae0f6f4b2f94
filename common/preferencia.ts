/**
 * The preference rule (escalacao.md §4): 1 for the first choice in the category, else one more than the
 * highest preference among the worker's other chosen enabled offers. Preferences are distinct positive
 * integers per worker per category; clearing a choice clears its preference and leaves a gap (no renumbering).
 */
export function proximaPreferencia(preferencias: Iterable<number | null | undefined>): number {
  let maior = 0;
  for (const p of preferencias) if (p != null && p > maior) maior = p;
  return maior + 1;
}

export interface OfertaComPreferencia {
  seqCategoria: number;
  escolhida: boolean;
  habilitado: boolean;
  preferencia: number | null;
}

/** The preference an offer takes when the worker chooses it, among the offers of one category. */
export function preferenciaAoEscolher(
  ofertasDaCategoria: Iterable<OfertaComPreferencia>,
  seqCategoria: number,
): number {
  const outras: (number | null)[] = [];
  for (const o of ofertasDaCategoria) {
    if (o.seqCategoria !== seqCategoria && o.escolhida && o.habilitado) outras.push(o.preferencia);
  }
  return proximaPreferencia(outras);
}
