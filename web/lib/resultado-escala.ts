import { queryOptions } from '@tanstack/react-query';
import { chamar } from './api-client.ts';
import { enderecosEscalacao, enderecosResultadoEscala } from './enderecos-api.ts';

/**
 * GET /api/escalacao/resultado: the worker's result of the last published call (or null). Shared by
 * /inicio and /escalacao, so it lives here and not in one of those features.
 */
export const resultadoEscalaQuery = queryOptions({
  queryKey: ['escalacao', 'resultado'],
  queryFn: () => chamar(enderecosResultadoEscala.resultado, { query: {} }),
  staleTime: 60_000,
});

/**
 * The confirmed list of a published call in one category: the workers the rotation engaged come marked
 * `escalado` (docs/decisions/0155). Read only when the worker opens it; a published list never changes.
 */
export const confirmadosPublicadaQuery = (numEscalacao: number, codCategoria: number) =>
  queryOptions({
    queryKey: ['escalacao', 'confirmados-publicada', numEscalacao, codCategoria],
    queryFn: () => chamar(enderecosEscalacao.avulsosConfirmados, { query: { numEscalacao, codCategoria } }),
    staleTime: Number.POSITIVE_INFINITY,
  });
