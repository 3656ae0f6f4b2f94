import type { TipoImportacao } from '#common/api/financeiro-importacao.ts';
import { escreverCsv } from '../../plataforma/csv.ts';
import { COLUNAS } from './importacao-formatos.ts';

/**
 * Writes a payroll file in the documented format (docs/produto/financeiro-importacao.md) through the portal's
 * one CSV writer (server/plataforma/csv.ts, docs/decisions/0215: `;`, CRLF, a UTF-8 BOM, quotes where needed,
 * formulas neutralised). The demo writes its own files with it (seed.ts) and the tests and the benchmark theirs.
 */
export function escreverCsvFolha(tipo: TipoImportacao, linhas: Iterable<Record<string, string>>): string {
  const colunas = COLUNAS[tipo];
  const saida: string[][] = [[...colunas]];
  for (const l of linhas) saida.push(colunas.map((c) => l[c] ?? ''));
  return escreverCsv(saida);
}

/** Centavos as the file writes them: 123456 → '1234,56'. */
export function valorCsv(centavos: number): string {
  return `${Math.floor(centavos / 100)},${String(centavos % 100).padStart(2, '0')}`;
}

/** yyyy-MM-dd → dd/mm/aaaa. */
export function dataCsv(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

export const competenciaCsv = (ano: number, mes: number) => `${String(mes).padStart(2, '0')}/${ano}`;
