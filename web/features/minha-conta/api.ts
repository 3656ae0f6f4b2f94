import { queryOptions } from '@tanstack/react-query';
import { apiFinanceiro } from '#common/api/financeiro.ts';
import { chamar } from '../../lib/api-client.ts';

/** The four pay-document lists (docs/produto/minha-conta.md §7). Documents change rarely: five minutes fresh. */
const FRESCOR = 5 * 60_000;

export const contrachequesQuery = queryOptions({
  queryKey: ['financeiro', 'contracheques'],
  queryFn: () => chamar(apiFinanceiro.contracheques),
  staleTime: FRESCOR,
});

export const contracheques13FeriasQuery = queryOptions({
  queryKey: ['financeiro', 'contracheques13Ferias'],
  queryFn: () => chamar(apiFinanceiro.contracheques13Ferias),
  staleTime: FRESCOR,
});

export const fichasFinanceirasQuery = queryOptions({
  queryKey: ['financeiro', 'fichasFinanceiras'],
  queryFn: () => chamar(apiFinanceiro.fichasFinanceiras),
  staleTime: FRESCOR,
});

export const informesRendimentosQuery = queryOptions({
  queryKey: ['financeiro', 'informesRendimentos'],
  queryFn: () => chamar(apiFinanceiro.informesRendimentos),
  staleTime: FRESCOR,
});

/** The file call of each kind of document: the answer is the PDF itself. */
export const DOWNLOAD = {
  contracheque: apiFinanceiro.contracheque,
  contracheque13Ferias: apiFinanceiro.contracheque13Ferias,
  fichaFinanceira: apiFinanceiro.fichaFinanceira,
  informeRendimentos: apiFinanceiro.informeRendimentos,
} as const;
export type EndpointDownload = (typeof DOWNLOAD)[keyof typeof DOWNLOAD];
