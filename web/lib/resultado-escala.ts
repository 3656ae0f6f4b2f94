import { queryOptions } from '@tanstack/react-query';
import { apiResultadoEscala } from '#common/api/gestao.ts';
import { chamar } from './api-client.ts';

/**
 * GET /api/escalacao/resultado: the worker's result of the last published call (or null). Shared by
 * /inicio and /escalacao, so it lives here and not in one of those features.
 */
export const resultadoEscalaQuery = queryOptions({
  queryKey: ['escalacao', 'resultado'],
  queryFn: () => chamar(apiResultadoEscala.resultado, { query: {} }),
  staleTime: 60_000,
});
