import { queryOptions } from '@tanstack/react-query';
import { apiFinanceiroGestao, type TipoImportacao } from '#common/api/financeiro-importacao.ts';
import { chamar } from '../../lib/api-client.ts';

/** The payroll screen's calls (/api/gestao/financeiro, issue 25), through their descriptions. */

export const importacoesQuery = queryOptions({
  queryKey: ['gestao-financeiro', 'importacoes'],
  queryFn: () => chamar(apiFinanceiroGestao.importacoes),
  staleTime: 0,
});

export function importacaoQuery(id: number) {
  return queryOptions({
    queryKey: ['gestao-financeiro', 'importacao', id],
    queryFn: () => chamar(apiFinanceiroGestao.importacao, { params: { id } }),
    staleTime: 60_000,
  });
}

export function conciliacaoQuery(competencia: string, dias: number | undefined) {
  return queryOptions({
    queryKey: ['gestao-financeiro', 'conciliacao', competencia, dias],
    queryFn: () =>
      chamar(apiFinanceiroGestao.conciliacao, {
        query: { competencia, ...(dias === undefined ? {} : { dias }) },
      }),
    staleTime: 0,
  });
}

/** The file's bytes as they are: the server finds UTF-8 or Windows-1252 itself. */
export function importarArquivo(tipo: TipoImportacao, bytes: Uint8Array<ArrayBuffer>, simular: boolean) {
  return chamar(apiFinanceiroGestao.importar, {
    query: { tipo, ...(simular ? { simular: '1' as const } : {}) },
    corpo: bytes,
  });
}
