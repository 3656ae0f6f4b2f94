import { NOMES_PAPEIS, PAPEIS } from '../dominio.ts';
import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';

/**
 * The OGMO staff and their roles (issue 30, docs/decisions/0230): the role `administrador` lists the staff,
 * grants and takes away roles; every grant and removal is a line of the member's history (who, when, before,
 * after).
 */

const GRUPO = 'Equipe (administração)';
const SOMENTE_ADMINISTRADOR = 'Somente a administração do OGMO (papel `administrador`).';

export const papelEquipeSchema = z.enum(PAPEIS, {
  error: `Papel inválido: ${PAPEIS.join(', ')}.`,
});

/** A worker's code (matrícula): six digits. */
export const codAvulsoSchema = z
  .string({ error: 'Matrícula inválida.' })
  .regex(/^\d{6}$/, 'A matrícula tem 6 dígitos.');

export const codParams = z.object({ cod: codAvulsoSchema });

export const membroEquipeSchema = z.object({
  codAvulso: z.string(),
  nome: z.string(),
  papeis: z.array(papelEquipeSchema),
});
export type MembroEquipe = z.infer<typeof membroEquipeSchema>;

/** A line of a worker's history (append-only): who, when, what, before → after (shown as text). */
export const linhaHistoricoSchema = z.object({
  id: z.number(),
  em: z.string(),
  por: z.string(),
  porNome: z.string(),
  acao: z.string(),
  descricao: z.string(),
  antes: z.record(z.string(), z.string().nullable()).nullable(),
  depois: z.record(z.string(), z.string().nullable()).nullable(),
});
export type LinhaHistorico = z.infer<typeof linhaHistoricoSchema>;

export const equipeSchema = z.object({
  membros: z.array(membroEquipeSchema),
  /** The latest grants and removals, newest first. */
  historico: z.array(linhaHistoricoSchema.extend({ codAvulso: z.string(), nome: z.string() })),
});

export const apiEquipe = {
  listar: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/equipe',
    resposta: equipeSchema,
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    resumo: 'A equipe do OGMO com os seus papéis e as últimas concessões e retiradas.',
    descricao: SOMENTE_ADMINISTRADOR,
    grupo: GRUPO,
  }),
  conceder: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/equipe/:cod/papeis',
    params: codParams,
    corpo: z.object({ papel: papelEquipeSchema }),
    resposta: membroEquipeSchema,
    erros: ['AcessoNegado', 'NaoEncontrado', 'ForaDaEquipe'],
    acesso: 'sessao',
    resumo: 'Concede um papel a um membro da equipe (auditado; conceder de novo não muda nada).',
    descricao: SOMENTE_ADMINISTRADOR,
    grupo: GRUPO,
  }),
  retirar: definirEndpoint({
    metodo: 'DELETE',
    caminho: '/api/gestao/equipe/:cod/papeis/:papel',
    params: z.object({ cod: codAvulsoSchema, papel: papelEquipeSchema }),
    resposta: membroEquipeSchema,
    erros: ['AcessoNegado', 'NaoEncontrado', 'UltimoAdministrador'],
    acesso: 'sessao',
    resumo: 'Retira um papel de um membro da equipe (auditado; o último administrador fica).',
    descricao: SOMENTE_ADMINISTRADOR,
    grupo: GRUPO,
  }),
};

export { NOMES_PAPEIS };
