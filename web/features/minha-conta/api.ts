import { queryOptions } from '@tanstack/react-query';
import type {
  Contracheques13FeriasResposta,
  ContrachequesResposta,
  FichasFinanceirasResposta,
  InformesRendimentosResposta,
} from '#common/api/financeiro.ts';
import { api } from '../../lib/api-client.ts';

/** The four pay-document lists (minha-conta.md §7). Documents change rarely: five minutes fresh. */
const FRESCOR = 5 * 60_000;

export const contrachequesQuery = queryOptions({
  queryKey: ['financeiro', 'contracheques'],
  queryFn: () => api<ContrachequesResposta>('/api/avulso/contracheques'),
  staleTime: FRESCOR,
});

export const contracheques13FeriasQuery = queryOptions({
  queryKey: ['financeiro', 'contracheques13Ferias'],
  queryFn: () => api<Contracheques13FeriasResposta>('/api/avulso/contracheques13Ferias'),
  staleTime: FRESCOR,
});

export const fichasFinanceirasQuery = queryOptions({
  queryKey: ['financeiro', 'fichasFinanceiras'],
  queryFn: () => api<FichasFinanceirasResposta>('/api/avulso/fichasFinanceiras'),
  staleTime: FRESCOR,
});

export const informesRendimentosQuery = queryOptions({
  queryKey: ['financeiro', 'informesRendimentos'],
  queryFn: () => api<InformesRendimentosResposta>('/api/avulso/informesRendimentos'),
  staleTime: FRESCOR,
});

/** The file call of each kind of document: the answer is the PDF itself. */
export const DOWNLOAD = {
  contracheque: '/api/avulso/contracheque',
  contracheque13Ferias: '/api/avulso/contracheque13Ferias',
  fichaFinanceira: '/api/avulso/fichaFinanceira',
  informeRendimentos: '/api/avulso/informeRendimentos',
} as const;
export type CaminhoDownload = (typeof DOWNLOAD)[keyof typeof DOWNLOAD];
