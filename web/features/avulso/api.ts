import { queryOptions } from '@tanstack/react-query';
import type { Habilitacao, UltimosTrabalhos } from '#common/api/avulso.ts';
import { api } from '../../lib/api-client.ts';

/** GET /api/avulso/habilitacoes: the logged-in worker's qualifications. */
export const habilitacoesQuery = queryOptions({
  queryKey: ['avulso', 'habilitacoes'],
  queryFn: () => api<Habilitacao[]>('/api/avulso/habilitacoes'),
  staleTime: 5 * 60_000,
});

/** GET /api/avulso/ultimosTrabalhos: the job history and the current job (trabalhoCorrente). */
export const ultimosTrabalhosQuery = queryOptions({
  queryKey: ['avulso', 'ultimosTrabalhos'],
  queryFn: () => api<UltimosTrabalhos>('/api/avulso/ultimosTrabalhos'),
  staleTime: 60_000,
});
