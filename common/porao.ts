/**
 * A hold's or block's name as people say it: 'PR01' is 'Porão 2', 'BL00' is 'Bloco 1' (docs/produto/escalacao.md §3,
 * holds are numbered from zero in the scheduling system's codes).
 */
export function nomePorao(codigo: string): string {
  const numero = Number(codigo.slice(2));
  if (codigo.length === 4 && Number.isInteger(numero)) {
    if (codigo.startsWith('PR')) return `Porão ${numero + 1}`;
    if (codigo.startsWith('BL')) return `Bloco ${numero + 1}`;
  }
  return codigo;
}
