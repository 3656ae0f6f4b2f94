import { CATEGORIA, nomeSindicato } from '../dominio.ts';
import { inteiro32, inteiro32DaUrl } from '../inteiros.ts';
import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';

/**
 * The service messages the OGMO's staff write (issue 30, docs/produto/mensagens.md, docs/decisions/0270): the
 * worker reads them in the home's "Atenção!" queue (GET /api/avulso/mensagens). Only the role `comunicacao`.
 */

export const TITULO_MAX = 120;
export const TEXTO_MAX = 2000;
/** A list of workers names at most this many (a larger audience is a category or a union). */
export const LISTA_MAX = 5000;
export const MENSAGENS_POR_PAGINA = 50;

/** The categories a message may be addressed to, with the names staff read. */
export const CATEGORIAS_MENSAGEM = [
  { codigo: CATEGORIA.estivador, nome: 'Estivadores' },
  { codigo: CATEGORIA.conferente, nome: 'Conferentes' },
  { codigo: CATEGORIA.vigia, nome: 'Vigias' },
  { codigo: CATEGORIA.capatazia, nome: 'Capatazia' },
  { codigo: CATEGORIA.portuario, nome: 'Portuários' },
  { codigo: CATEGORIA.ogmo, nome: 'Equipe do OGMO' },
] as const;

/** The unions (codSindicato 1 to 9), named as in the seed. */
export const SINDICATOS_MENSAGEM = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((codigo) => ({
  codigo,
  nome: nomeSindicato(codigo),
}));

const codigosCategoria: readonly number[] = CATEGORIAS_MENSAGEM.map((c) => c.codigo);
const codigosSindicato: readonly number[] = SINDICATOS_MENSAGEM.map((s) => s.codigo);

export const TIPOS_PARA = ['todos', 'categoria', 'sindicato', 'trabalhadores'] as const;
export type TipoPara = (typeof TIPOS_PARA)[number];

/** Who a message is for: everyone, one category, one union or a list of matrículas. */
export const paraSchema = z.discriminatedUnion(
  'tipo',
  [
    z.object({ tipo: z.literal('todos') }),
    z.object({
      tipo: z.literal('categoria'),
      codigo: inteiro32('Categoria inválida.').refine(
        (c) => codigosCategoria.includes(c),
        'Categoria inválida.',
      ),
    }),
    z.object({
      tipo: z.literal('sindicato'),
      codigo: inteiro32('Sindicato inválido.').refine(
        (c) => codigosSindicato.includes(c),
        'Sindicato inválido.',
      ),
    }),
    z.object({
      tipo: z.literal('trabalhadores'),
      codAvulsos: z
        .array(z.string().regex(/^\d{6}$/, 'Matrícula inválida: são 6 dígitos.'))
        .min(1, 'Informe ao menos uma matrícula.')
        .max(LISTA_MAX, `No máximo ${LISTA_MAX} matrículas; para mais, use uma categoria ou um sindicato.`),
    }),
  ],
  { error: 'Destinatários inválidos: todos, categoria, sindicato ou trabalhadores.' },
);
export type Para = z.infer<typeof paraSchema>;

const instante = (rotulo: string) =>
  z.iso.datetime({ offset: true, error: `${rotulo} inválido: use data e hora ISO 8601 com fuso.` });

const conteudo = {
  titulo: z
    .string({ error: 'Informe o título.' })
    .trim()
    .min(1, 'Informe o título.')
    .max(TITULO_MAX, `O título tem no máximo ${TITULO_MAX} caracteres.`),
  texto: z
    .string({ error: 'Informe o texto.' })
    .trim()
    .min(1, 'Informe o texto.')
    .max(TEXTO_MAX, `O texto tem no máximo ${TEXTO_MAX} caracteres.`),
  /** From when the workers see it (default: at once). */
  inicio: instante('Início').nullish(),
  /** Until when (exclusive; default: until closed). */
  fim: instante('Fim').nullish(),
};

const periodoCoerente = (m: { inicio?: string | null | undefined; fim?: string | null | undefined }) =>
  !m.inicio || !m.fim || Date.parse(m.fim) > Date.parse(m.inicio);
const PERIODO_INCOERENTE = { message: 'O fim deve ser depois do início.', path: ['fim'] };

export const novaMensagemSchema = z
  .object({
    ...conteudo,
    para: paraSchema,
    /** Also a notification on the phones of the addressed workers who allowed them. */
    aviso: z.boolean({ error: 'aviso é verdadeiro ou falso.' }).optional(),
  })
  .refine(periodoCoerente, PERIODO_INCOERENTE);
export type NovaMensagem = z.infer<typeof novaMensagemSchema>;

/** An edit changes the text and the period; the audience stays (a new audience is a new message). */
export const edicaoMensagemSchema = z.object(conteudo).refine(periodoCoerente, PERIODO_INCOERENTE);
export type EdicaoMensagem = z.infer<typeof edicaoMensagemSchema>;

export const SITUACOES_MENSAGEM = ['agendada', 'vigente', 'expirada', 'encerrada'] as const;
export type SituacaoMensagem = (typeof SITUACOES_MENSAGEM)[number];

export const pessoaSchema = z.object({ codAvulso: z.string(), nome: z.string() });

export const mensagemEnviadaSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  texto: z.string(),
  para: z.discriminatedUnion('tipo', [
    z.object({ tipo: z.literal('todos') }),
    z.object({ tipo: z.literal('categoria'), codigo: z.number() }),
    z.object({ tipo: z.literal('sindicato'), codigo: z.number() }),
    z.object({ tipo: z.literal('trabalhadores'), quantidade: z.number() }),
  ]),
  /** "Todos", "Estivadores", "Sindicato Conferente", "3 trabalhadores". */
  paraDescricao: z.string(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  aviso: z.boolean(),
  situacao: z.enum(SITUACOES_MENSAGEM),
  criadaEm: z.string(),
  autor: pessoaSchema,
  atualizadaEm: z.string().nullable(),
  encerradaEm: z.string().nullable(),
  /** The workers it is addressed to, today (a category or union counted now). */
  destinatarios: z.number(),
  /** Of them, how many closed it in their "Atenção!" queue. */
  lidas: z.number(),
});
export type MensagemEnviada = z.infer<typeof mensagemEnviadaSchema>;

export const listaMensagensSchema = z.object({
  mensagens: z.array(mensagemEnviadaSchema),
  total: z.number(),
  pagina: z.number(),
  porPagina: z.number(),
});
export type ListaMensagens = z.infer<typeof listaMensagensSchema>;

export const registroMensagemSchema = z.object({
  acao: z.enum(['criada', 'editada', 'encerrada']),
  em: z.string(),
  por: pessoaSchema,
  /** The fields changed, before and after (JSON objects; null on creation or closing). */
  antes: z.record(z.string(), z.unknown()).nullable(),
  depois: z.record(z.string(), z.unknown()).nullable(),
});
export type RegistroMensagem = z.infer<typeof registroMensagemSchema>;

export const detalheMensagemSchema = z.object({
  mensagem: mensagemEnviadaSchema,
  /** The list's workers (only `para.tipo` 'trabalhadores'), with their names. */
  trabalhadores: z.array(pessoaSchema),
  historico: z.array(registroMensagemSchema),
});
export type DetalheMensagem = z.infer<typeof detalheMensagemSchema>;

export const idMensagemParams = z.object({
  id: inteiro32DaUrl('Mensagem inválida.').positive('Mensagem inválida.'),
});
export const listaMensagensQuery = z.object({
  pagina: inteiro32DaUrl('Página inválida.').min(1, 'Página inválida.').optional(),
});

const GRUPO = 'Mensagens (equipe)';
const SOMENTE_COMUNICACAO = 'Somente a equipe de comunicação do OGMO (papel `comunicacao`).';

export const apiMensagensGestao = {
  enviar: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/mensagens',
    corpo: novaMensagemSchema,
    resposta: mensagemEnviadaSchema,
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'Envia uma mensagem de serviço para todos, uma categoria, um sindicato ou uma lista',
    descricao:
      `${SOMENTE_COMUNICACAO} O trabalhador a lê na fila "Atenção!" do início entre \`inicio\` e \`fim\`. ` +
      'Com `aviso: true`, os celulares dos destinatários com avisos ligados também a recebem (só numa mensagem ' +
      'que já vale no envio). Uma matrícula da lista que não existe recusa o envio inteiro.',
  }),
  listar: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/mensagens',
    query: listaMensagensQuery,
    resposta: listaMensagensSchema,
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'As mensagens enviadas pela equipe, da mais nova, com quantos as receberam e leram',
    descricao: SOMENTE_COMUNICACAO,
  }),
  detalhe: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/mensagens/:id',
    params: idMensagemParams,
    resposta: detalheMensagemSchema,
    erros: ['AcessoNegado', 'NaoEncontrado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'Uma mensagem enviada, os trabalhadores da lista e o seu histórico (quem, quando, o quê)',
    descricao: SOMENTE_COMUNICACAO,
  }),
  editar: definirEndpoint({
    metodo: 'PUT',
    caminho: '/api/gestao/mensagens/:id',
    params: idMensagemParams,
    corpo: edicaoMensagemSchema,
    resposta: mensagemEnviadaSchema,
    erros: ['AcessoNegado', 'NaoEncontrado', 'MensagemEncerrada'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'Corrige o título, o texto ou o período de uma mensagem (os destinatários ficam)',
    descricao: `${SOMENTE_COMUNICACAO} Quem já leu não a recebe de novo.`,
  }),
  encerrar: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/mensagens/:id/encerrar',
    params: idMensagemParams,
    resposta: mensagemEnviadaSchema,
    erros: ['AcessoNegado', 'NaoEncontrado', 'MensagemEncerrada'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'Encerra uma mensagem: ela sai da fila de quem ainda não a leu',
    descricao: SOMENTE_COMUNICACAO,
  }),
};
