import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';

/**
 * GET /api/seguranca/bloqueios (OGMO staff): the latest locks and unlocks of the throttle, so staff can see
 * who is under attack (docs/decisions/0090-aparelhos-confiaveis.md).
 */
export const registroBloqueioSchema = z.object({
  em: z.string(),
  evento: z.enum(['bloqueio', 'desbloqueio']),
  /** login: unknown devices of a user code; aparelho: one trusted device; declaracao: the MP 945 check. */
  politica: z.enum(['login', 'aparelho', 'declaracao', 'primeiro-acesso']),
  /** The user code as typed (login), `<code>:<device>` (aparelho) or the worker (declaracao). */
  sujeito: z.string(),
  falhas: z.number(),
  ate: z.string().nullable(),
  ip: z.string().nullable(),
});
export type RegistroBloqueio = z.infer<typeof registroBloqueioSchema>;

export const bloqueiosSchema = z.array(registroBloqueioSchema);

export const apiSeguranca = {
  bloqueios: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/seguranca/bloqueios',
    resposta: bloqueiosSchema,
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: 'Segurança',
    resumo: 'Os últimos bloqueios e desbloqueios de acesso (até 500)',
    descricao: 'Somente a equipe do OGMO.',
  }),
} as const;
