import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';

/**
 * GET /api/seguranca/bloqueios (OGMO staff): the latest locks and unlocks of the throttle, so staff can see
 * who is under attack (docs/decisions/0090-aparelhos-confiaveis.md).
 */
export const registroBloqueioSchema = z.object({
  em: z.string(),
  evento: z.enum(['bloqueio', 'desbloqueio']),
  /**
   * login: unknown devices of a user code; aparelho: one trusted device; totem: a kiosk registered by staff;
   * declaracao: the MP 945 check; primeiro-acesso: the first access with a staff code.
   */
  politica: z.enum(['login', 'aparelho', 'totem', 'declaracao', 'primeiro-acesso']),
  /** The user code as typed (login), `<code>:<device>` (aparelho), `<kiosk>:<code>` (totem) or the worker. */
  sujeito: z.string(),
  falhas: z.number(),
  ate: z.string().nullable(),
  ip: z.string().nullable(),
});
export type RegistroBloqueio = z.infer<typeof registroBloqueioSchema>;

export const bloqueiosSchema = z.array(registroBloqueioSchema);

/** A kiosk of the OGMO registered by staff (docs/decisions/0228). */
export const totemSchema = z.object({
  id: z.string(),
  nome: z.string(),
  criadoEm: z.string(),
  criadoPor: z.string(),
  revogadoEm: z.string().nullable(),
  revogadoPor: z.string().nullable(),
  /** The last login at the kiosk. */
  usadoEm: z.string().nullable(),
});
export type Totem = z.infer<typeof totemSchema>;

export const registrarTotemBody = z.object({
  nome: z
    .string({ error: 'Informe um nome para o totem.' })
    .trim()
    .min(1, 'Informe um nome para o totem.')
    .max(60, 'O nome do totem tem no máximo 60 caracteres.')
    .regex(/^[^\p{Cc}]*$/u, 'O nome do totem não pode ter caracteres de controle.'),
});

export const totemParams = z.object({
  id: z.string().regex(/^[\w-]{22}$/, 'Totem inexistente.'),
});

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
  registrarTotem: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/seguranca/totens',
    corpo: registrarTotemBody,
    resposta: totemSchema,
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: 'Segurança',
    resumo: 'Registrar este navegador como um totem do OGMO (papel administrador)',
    descricao:
      'Deixa no navegador o cookie TPA-TOTEM: os logins do totem feitos nele têm um limite de tentativas próprio, que ninguém de fora alcança.',
  }),
  totens: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/seguranca/totens',
    resposta: z.array(totemSchema),
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: 'Segurança',
    resumo: 'Os totens registrados (papel administrador)',
  }),
  revogarTotem: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/seguranca/totens/:id/revogar',
    params: totemParams,
    resposta: z.null(),
    erros: ['AcessoNegado', 'NaoEncontrado'],
    acesso: 'sessao',
    grupo: 'Segurança',
    resumo: 'Revogar um totem: o seu cookie deixa de valer (papel administrador)',
  }),
} as const;
