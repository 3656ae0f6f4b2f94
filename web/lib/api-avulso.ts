import { queryOptions } from '@tanstack/react-query';
import { apiAvulso } from '#common/api/avulso.ts';
import { chamar } from './api-client.ts';

/** The logged-in worker's qualifications. */
export const habilitacoesQuery = queryOptions({
  queryKey: ['avulso', 'habilitacoes'],
  queryFn: () => chamar(apiAvulso.habilitacoes),
  staleTime: 5 * 60_000,
});

/** The job history and the current job (trabalhoCorrente). */
export const ultimosTrabalhosQuery = queryOptions({
  queryKey: ['avulso', 'ultimosTrabalhos'],
  queryFn: () => chamar(apiAvulso.ultimosTrabalhos),
  staleTime: 60_000,
});
