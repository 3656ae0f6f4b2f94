import { z } from '../zod-pt.ts';
import { encerrarEleicaoBody, idEleicaoParams, sexoSchema, situacaoEleicaoSchema } from './eleicoes.ts';
import { definirEndpoint } from './endpoint.ts';

/**
 * Elections set up on screen by the OGMO's election staff (issue 30, docs/produto/eleicao.md §8,
 * docs/decisions/0271): create one with its voting period and candidates, then the commission's key ceremony
 * (the tally code of decision 0063, shown once, never stored). Closing and the tally stay at /api/eleicoes.
 * Only the role `eleicao`.
 */

export const DESCRICAO_MAX = 300;
export const NOME_URNA_MAX = 60;
export const CANDIDATOS_MAX = 50;

const instante = (rotulo: string) =>
  z.iso.datetime({ offset: true, error: `${rotulo} inválido: use data e hora ISO 8601 com fuso.` });

export const candidatoNovoSchema = z.object({
  /** The candidate's matrícula: the number on the ballot and the vote's value. */
  codAvulso: z
    .string({ error: 'Informe a matrícula do candidato.' })
    .regex(/^\d{6}$/, 'Matrícula inválida: são 6 dígitos.'),
  /** The name on the ballot; empty: first and last names of the worker's. */
  nome: z
    .string()
    .trim()
    .max(NOME_URNA_MAX, `O nome na urna tem no máximo ${NOME_URNA_MAX} caracteres.`)
    .optional(),
});
export type CandidatoNovo = z.infer<typeof candidatoNovoSchema>;

export const novaEleicaoSchema = z
  .object({
    descricao: z
      .string({ error: 'Informe a descrição da eleição.' })
      .trim()
      .min(1, 'Informe a descrição da eleição.')
      .max(DESCRICAO_MAX, `A descrição tem no máximo ${DESCRICAO_MAX} caracteres.`),
    /** When voting starts. */
    inicio: instante('Início'),
    /** When voting ends (exclusive). Closing and the tally stay a separate step, with the commission's code. */
    fim: instante('Fim'),
    candidatos: z
      .array(candidatoNovoSchema, { error: 'Informe os candidatos.' })
      .min(1, 'Informe ao menos um candidato.')
      .max(CANDIDATOS_MAX, `No máximo ${CANDIDATOS_MAX} candidatos.`)
      .refine(
        (cs) => new Set(cs.map((c) => c.codAvulso)).size === cs.length,
        'O mesmo candidato aparece duas vezes.',
      ),
  })
  .refine((e) => Date.parse(e.fim) > Date.parse(e.inicio), {
    message: 'O fim da votação deve ser depois do início.',
    path: ['fim'],
  });
export type NovaEleicao = z.infer<typeof novaEleicaoSchema>;

export const candidatoGestaoSchema = z.object({
  matricula: z.number(),
  codAvulso: z.string(),
  nomeExibicao: z.string(),
  nomeCompleto: z.string(),
  sexo: sexoSchema,
  codSindicato: z.number(),
  /** The worker's badge photo (signed, expiring), or null when they have none. */
  fotoUrl: z.string().nullable(),
});
export type CandidatoGestao = z.infer<typeof candidatoGestaoSchema>;

export const eleicaoGestaoSchema = z.object({
  $id: z.number(),
  descricao: z.string().nullable(),
  /** Voting starts (ISO). */
  inicio: z.string(),
  /** Voting ends (ISO); null: until closed. */
  fim: z.string().nullable(),
  situacao: situacaoEleicaoSchema,
  encerramento: z.string().nullable(),
  /** The sealed box has its key: votes are taken within the period. */
  urnaPreparada: z.boolean(),
  /** Ballots in the box: the zero report is only issued while this is 0. */
  cedulas: z.number(),
  criadaPor: z.object({ codAvulso: z.string(), nome: z.string() }).nullable(),
  criadaEm: z.string().nullable(),
  candidatos: z.array(candidatoGestaoSchema),
  historico: z.array(
    z.object({
      acao: z.enum(['criada', 'urna']),
      em: z.string(),
      por: z.object({ codAvulso: z.string(), nome: z.string() }),
    }),
  ),
});
export type EleicaoGestao = z.infer<typeof eleicaoGestaoSchema>;

export const eleicaoGestaoResumoSchema = eleicaoGestaoSchema
  .omit({ candidatos: true, historico: true })
  .extend({
    candidatos: z.number(),
  });
export type EleicaoGestaoResumo = z.infer<typeof eleicaoGestaoResumoSchema>;

export const cerimoniaSchema = z.object({
  eleicao: eleicaoGestaoSchema,
  /** The commission's tally code: answered this once, stored nowhere. */
  chaveApuracao: z.string(),
});
export type Cerimonia = z.infer<typeof cerimoniaSchema>;

export const conferenciaChaveSchema = z.object({ confere: z.literal(true) });

const GRUPO = 'Eleições (equipe)';
const SOMENTE_ELEICAO = 'Somente a equipe eleitoral do OGMO (papel `eleicao`).';

export const apiEleicoesGestao = {
  listar: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/eleicoes',
    resposta: z.array(eleicaoGestaoResumoSchema),
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'As eleições, da mais nova, com o período e o estado da urna',
    descricao: SOMENTE_ELEICAO,
  }),
  criar: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/eleicoes',
    corpo: novaEleicaoSchema,
    resposta: eleicaoGestaoSchema,
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'Cria uma eleição com o período de votação e os candidatos (trabalhadores, pela matrícula)',
    descricao:
      `${SOMENTE_ELEICAO} A eleição nasce sem chave: ninguém vota até a cerimônia de chaves ` +
      '(`POST /api/gestao/eleicoes/:id/urna`). A zerésima sai em `GET /api/eleicoes/:id/zeresima.pdf`.',
  }),
  detalhe: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/eleicoes/:id',
    params: idEleicaoParams,
    resposta: eleicaoGestaoSchema,
    erros: ['AcessoNegado', 'NaoEncontrado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'Uma eleição com os candidatos e o histórico (quem criou, quem fez a cerimônia de chaves)',
    descricao: SOMENTE_ELEICAO,
  }),
  cerimonia: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/eleicoes/:id/urna',
    params: idEleicaoParams,
    resposta: cerimoniaSchema,
    erros: ['AcessoNegado', 'NaoEncontrado', 'EleicaoEncerrada', 'UrnaJaPreparada'],
    acesso: 'sessao',
    grupo: GRUPO,
    caro: true,
    resumo: 'A cerimônia de chaves: lacra a urna e responde, uma única vez, a chave da apuração da comissão',
    descricao:
      `${SOMENTE_ELEICAO} A chave não fica guardada em lugar nenhum (decisão 0063): sem ela a eleição não é ` +
      'apurada. Uma urna que já tem chave não recebe outra (409 `UrnaJaPreparada`).',
  }),
  conferirChave: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/eleicoes/:id/conferir-chave',
    params: idEleicaoParams,
    corpo: encerrarEleicaoBody,
    resposta: conferenciaChaveSchema,
    erros: ['AcessoNegado', 'NaoEncontrado', 'MuitasRequisicoes'],
    acesso: 'sessao',
    grupo: GRUPO,
    caro: true,
    resumo: 'Confere se a chave anotada pela comissão abre a urna, sem encerrar nada',
    descricao: `${SOMENTE_ELEICAO} Uma chave que não confere: 400 \`DadosInvalidos\`. As tentativas contam no mesmo limite do encerramento: 5 por minuto por eleição (MuitasRequisicoes).`,
  }),
};
