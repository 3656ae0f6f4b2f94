import { useQuery } from '@tanstack/react-query';
import { FUSO_PADRAO } from '#common/tempo.ts';
import { configPublicaQuery } from './api-sessao.ts';

/**
 * The port's time zone, as GET /api/config says (FUSO_HORARIO). Every time on screen is the port's clock,
 * whatever the phone's (docs/decisions/0121-fuso-do-porto.md). The footer loads the config on every page;
 * until it answers (or offline with nothing cached), the server's default.
 */
export function useFusoPorto(): string {
  const { data } = useQuery(configPublicaQuery);
  return data?.fusoHorario ?? FUSO_PADRAO;
}
