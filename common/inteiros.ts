import { z } from './zod-pt.ts';

/**
 * Integers on the wire have the bounds of their columns: every integer column is 32-bit (`integer`/`serial`)
 * on both databases, so 2^31 in a body, a path or a query is the sender's mistake (400 DadosInvalidos), never
 * a PostgreSQL error (issue 12, item 6). Every integer a request carries goes through these two.
 */
export const INTEIRO32_MIN = -2_147_483_648;
export const INTEIRO32_MAX = 2_147_483_647;

const FORA_DO_INTERVALO = 'Número fora do intervalo.';

/** An integer in a JSON body. */
export function inteiro32(invalido = FORA_DO_INTERVALO, ausente?: string) {
  return z
    .number(ausente === undefined ? undefined : { error: ausente })
    .int(invalido)
    .min(INTEIRO32_MIN, invalido)
    .max(INTEIRO32_MAX, invalido);
}

/** An integer written in the URL (path parameter or query), read from its text. */
export function inteiro32DaUrl(invalido = FORA_DO_INTERVALO, ausente?: string) {
  return z.coerce
    .number(ausente === undefined ? undefined : { error: ausente })
    .int(invalido)
    .min(INTEIRO32_MIN, invalido)
    .max(INTEIRO32_MAX, invalido);
}
