/**
 * An integer typed the Brazilian way: '12500' or '12.500' (dots grouping thousands, as Excel in Portuguese
 * writes them). The requisition form and the CSV import read numbers with this one rule (issue 27: the form
 * refused '12.500' that the CSV took). Anything else ('12,5', '1.2', '-3', '') is not a number: NaN.
 */
export function lerInteiroPtBr(texto: string): number {
  const t = texto.trim();
  if (/^\d+$/.test(t) || /^\d{1,3}(\.\d{3})+$/.test(t)) return Number(t.replaceAll('.', ''));
  return Number.NaN;
}
