import { queryOptions } from '@tanstack/react-query';
import { chamar } from './api-client.ts';
import { enderecosAvulso } from './enderecos-api.ts';

/** The logged-in worker's qualifications. */
export const habilitacoesQuery = queryOptions({
  queryKey: ['avulso', 'habilitacoes'],
  queryFn: () => chamar(enderecosAvulso.habilitacoes),
  staleTime: 5 * 60_000,
});

/** The job history and the current job (trabalhoCorrente). */
export const ultimosTrabalhosQuery = queryOptions({
  queryKey: ['avulso', 'ultimosTrabalhos'],
  queryFn: () => chamar(enderecosAvulso.ultimosTrabalhos),
  staleTime: 60_000,
});
