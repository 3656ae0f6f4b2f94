import { inteiro32, inteiro32DaUrl } from '../inteiros.ts';
import { z } from '../zod-pt.ts';
import { arquivo, definirEndpoint } from './endpoint.ts';

/**
 * The CPATP election (docs/produto/escalacao.md §3, §7; docs/decisions/0060-eleicao-sigilo-do-voto.md).
 * A candidate's `matricula` is the worker code as a number; 999998 and 999999 are white and null.
 */

export const sexoSchema = z.enum(['F', 'M']);

export const candidatoSchema = z.object({
  matricula: z.number(),
  nomeExibicao: z.string(),
  /** null for the two pseudo-candidates. */
  sexo: sexoSchema.nullable(),
  codSindicato: z.number().nullable(),
  /** Signed, expiring photo URL like the worker's own; null for the pseudo-candidates. */
  fotoUrl: z.string().nullable(),
});
export type Candidato = z.infer<typeof candidatoSchema>;

/** GET /api/eleicoes/pendente: the open election the worker has not voted in, or null. */
export const eleicaoPendenteSchema = z
  .object({
    eleicao: z.object({ $id: z.number(), descricao: z.string().nullable() }),
    /** Sorted by display name (pt-BR), then 999998 'Voto em Branco' and 999999 'Voto Nulo'. */
    candidatos: z.array(candidatoSchema),
  })
  .nullable();
export type EleicaoPendente = NonNullable<z.infer<typeof eleicaoPendenteSchema>>;

/** POST /api/eleicoes/voto */
export const votoBody = z.object({
  idEleicao: inteiro32('Eleição inválida.', 'Informe a eleição.').positive('Eleição inválida.'),
  voto: inteiro32('Voto inválido.', 'Escolha um candidato, voto em branco ou voto nulo.')
    .positive('Voto inválido.')
    .max(999999, 'Voto inválido.'),
});
export type VotoBody = z.infer<typeof votoBody>;

export const idEleicaoParams = z.object({
  id: inteiro32DaUrl('Eleição inválida.', 'Eleição inválida.').positive('Eleição inválida.'),
});

/**
 * POST /api/eleicoes/:id/encerrar (staff): the commission's code opens the sealed box for the tally
 * (docs/decisions/0063-cedula-selada.md). Case, spaces and hyphens do not matter.
 */
export const encerrarEleicaoBody = z.object({
  chaveApuracao: z
    .string({ error: 'Informe a chave da apuração.' })
    .trim()
    .min(1, 'Informe a chave da apuração.')
    .max(64, 'Chave da apuração inválida.'),
});
export type EncerrarEleicaoBody = z.infer<typeof encerrarEleicaoBody>;

export const situacaoEleicaoSchema = z.enum(['aberta', 'encerrada']);
export type SituacaoEleicao = z.infer<typeof situacaoEleicaoSchema>;

export const eleicaoResumoSchema = z.object({
  $id: z.number(),
  descricao: z.string().nullable(),
  /** ISO instants. */
  abertura: z.string(),
  encerramento: z.string().nullable(),
  situacao: situacaoEleicaoSchema,
});
export type EleicaoResumo = z.infer<typeof eleicaoResumoSchema>;

export const linhaApuracaoSchema = z.object({
  matricula: z.number(),
  nomeExibicao: z.string(),
  sexo: sexoSchema,
  codSindicato: z.number(),
  votos: z.number(),
});
export type LinhaApuracao = z.infer<typeof linhaApuracaoSchema>;

/** GET /api/eleicoes/:id/resultado (staff, only after closing). */
export const resultadoEleicaoSchema = z.object({
  eleicao: eleicaoResumoSchema,
  /** Most voted first; ties in name order. */
  candidatos: z.array(linhaApuracaoSchema),
  brancos: z.number(),
  nulos: z.number(),
  /** Ballots for a candidate. */
  validos: z.number(),
  /** Ballots in the box; always equal to `votantes`. */
  cedulas: z.number(),
  votantes: z.number(),
  /** The roll fixed at closing: workers entitled to vote. */
  eleitores: z.number(),
  /** votantes / eleitores, 0..1. */
  comparecimento: z.number(),
  emitidoEm: z.string(),
});
export type ResultadoEleicao = z.infer<typeof resultadoEleicaoSchema>;

/** GET /api/eleicoes/:id/zeresima (staff, while open and before the first ballot). */
export const zeresimaSchema = z.object({
  eleicao: eleicaoResumoSchema,
  /** Every candidate, white and null included, each with the ballots stored for it: all 0. */
  candidatos: z.array(
    candidatoSchema.pick({ matricula: true, nomeExibicao: true }).extend({ votos: z.number() }),
  ),
  cedulas: z.number(),
  votantes: z.number(),
  eleitores: z.number(),
  emitidoEm: z.string(),
});
export type Zeresima = z.infer<typeof zeresimaSchema>;

/** GET /api/eleicoes (staff): every election, newest first. */
export const listaEleicoesSchema = z.array(
  eleicaoResumoSchema.extend({ candidatos: z.number(), votantes: z.number() }),
);
export type ListaEleicoes = z.infer<typeof listaEleicoesSchema>;

const EQUIPE = 'Somente a equipe do OGMO.';

export const apiEleicoes = {
  pendente: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/eleicoes/pendente',
    resposta: eleicaoPendenteSchema,
    erros: [],
    acesso: 'sessao',
    grupo: 'Eleição CPATP',
    resumo: 'A eleição aberta em que o trabalhador ainda não votou, com a cédula; null se não há',
  }),
  voto: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/eleicoes/voto',
    corpo: votoBody,
    resposta: z.null(),
    erros: ['AcessoNegado', 'EleicaoInexistente', 'VotoJaRegistrado'],
    acesso: 'sessao',
    grupo: 'Eleição CPATP',
    resumo: 'Registra o voto do trabalhador (uma única vez por eleição)',
  }),
  lista: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/eleicoes',
    resposta: listaEleicoesSchema,
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: 'Eleição CPATP',
    resumo: 'Todas as eleições, da mais nova à mais antiga',
    descricao: EQUIPE,
  }),
  encerrar: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/eleicoes/:id/encerrar',
    params: idEleicaoParams,
    corpo: encerrarEleicaoBody,
    resposta: eleicaoResumoSchema,
    erros: ['AcessoNegado', 'NaoEncontrado', 'EleicaoEncerrada', 'MuitasRequisicoes'],
    acesso: 'sessao',
    // A scrypt per code (docs/decisions/0223).
    caro: true,
    grupo: 'Eleição CPATP',
    resumo: 'Encerra a eleição e apura: a chave da comissão abre a urna selada',
    descricao: `${EQUIPE} Uma chave que não confere é recusada (DadosInvalidos) e nada muda. No máximo 5 chaves por minuto por eleição (MuitasRequisicoes).`,
  }),
  resultado: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/eleicoes/:id/resultado',
    params: idEleicaoParams,
    resposta: resultadoEleicaoSchema,
    erros: ['AcessoNegado', 'NaoEncontrado', 'EleicaoEmAndamento'],
    acesso: 'sessao',
    grupo: 'Eleição CPATP',
    resumo: 'A apuração de uma eleição encerrada',
    descricao: EQUIPE,
  }),
  resultadoPdf: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/eleicoes/:id/resultado.pdf',
    params: idEleicaoParams,
    resposta: arquivo('application/pdf'),
    erros: ['AcessoNegado', 'NaoEncontrado', 'EleicaoEmAndamento'],
    acesso: 'sessao',
    grupo: 'Eleição CPATP',
    resumo: 'A apuração em PDF',
    descricao: EQUIPE,
    caro: true,
  }),
  zeresima: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/eleicoes/:id/zeresima',
    params: idEleicaoParams,
    resposta: zeresimaSchema,
    erros: ['AcessoNegado', 'NaoEncontrado', 'EleicaoEncerrada', 'EleicaoEmAndamento'],
    acesso: 'sessao',
    grupo: 'Eleição CPATP',
    resumo: 'A zerésima: a urna sem votos, antes do primeiro voto',
    descricao: EQUIPE,
  }),
  zeresimaPdf: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/eleicoes/:id/zeresima.pdf',
    params: idEleicaoParams,
    resposta: arquivo('application/pdf'),
    erros: ['AcessoNegado', 'NaoEncontrado', 'EleicaoEncerrada', 'EleicaoEmAndamento'],
    acesso: 'sessao',
    grupo: 'Eleição CPATP',
    resumo: 'A zerésima em PDF',
    descricao: EQUIPE,
    caro: true,
  }),
} as const;
