import { z } from 'zod';
import type { CodigoErro } from './erros.ts';

/** Every /api JSON answer (docs/produto/decisoes.md §2). */
export type Envelope<T> =
  | { sucesso: true; dados: T; token?: string }
  | {
      sucesso: false;
      dados?: unknown;
      token?: string;
      codigoErro: CodigoErro;
      mensagem: string;
      /** The request's id (X-Request-Id), for support to find its log line. */
      idPedido?: string;
    };

/** Response schema of a successful answer, for Fastify route declarations. */
export function envelopeSucesso<T extends z.ZodType>(dados: T) {
  return z.object({ sucesso: z.literal(true), dados, token: z.string().optional() });
}

/** A field that failed validation, in the `dados` of a DadosInvalidos answer. */
export const campoInvalidoSchema = z.object({ campo: z.string(), mensagem: z.string() });
export type CampoInvalido = z.infer<typeof campoInvalidoSchema>;
