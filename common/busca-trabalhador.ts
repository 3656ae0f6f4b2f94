/**
 * The audit's search box (docs/decisions/0261): one field takes a name, a matrícula or a número de chamada.
 * Six digits are a matrícula; one to five digits a número de chamada (numbers are per union, so several
 * workers may share one); anything else is a name, compared without accents or case.
 */
export type BuscaTrabalhador =
  | { tipo: 'matricula'; codAvulso: string }
  | { tipo: 'numero'; numChamada: number }
  | { tipo: 'nome'; nome: string };

export const MENSAGEM_BUSCA_VAZIA = 'Informe o nome, a matrícula ou o nº de chamada.';

/** The search's meaning, or the Portuguese reason it has none. */
export function lerBuscaTrabalhador(texto: string): BuscaTrabalhador | { erro: string } {
  const termo = texto.trim().replace(/\s+/g, ' ');
  if (termo === '') return { erro: MENSAGEM_BUSCA_VAZIA };
  if (/^\d+$/.test(termo)) {
    if (termo.length === 6) return { tipo: 'matricula', codAvulso: termo };
    if (termo.length <= 5) return { tipo: 'numero', numChamada: Number(termo) };
    return { erro: 'A matrícula tem 6 dígitos e o nº de chamada, até 5.' };
  }
  const nome = normalizarNome(termo);
  if (nome.replace(/[^a-z]/g, '').length < 2) return { erro: 'Digite ao menos 2 letras do nome.' };
  if (termo.length > 80) return { erro: 'O nome tem no máximo 80 caracteres.' };
  return { tipo: 'nome', nome };
}

/** Lower case, no accents, single spaces: 'JOSÉ  Antônio' and 'jose antonio' compare equal. */
export function normalizarNome(nome: string): string {
  return nome.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' ');
}
