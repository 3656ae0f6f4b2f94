import { categoriaPorCodigo } from '../dominio.ts';
import { inteiro32, inteiro32DaUrl } from '../inteiros.ts';
import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';

/**
 * The wire of the electronic call (docs/produto/escalacao.md §3 and §7, docs/produto/decisoes.md §3).
 * GET /api/vagas?numEscalacao=N → the call's offers and the worker's part (escalaCarregada once merged); POST /api/vagas → the resulting state of the posted offers;
 * GET /api/avulsosConfirmados?numEscalacao=N&codCategoria=C → the confirmed workers.
 */

export const parCoresSchema = z.object({ fundo: z.string(), texto: z.string() });

/** A function offer inside a hold, computed for the worker asking. */
export const funcaoOfertaSchema = z.object({
  codFuncao: z.number(),
  nomeFuncao: z.string(),
  /** The hold/block code this offer belongs to ('PR01', 'BL02'...). */
  numPorao: z.string(),
  /** Identifies the offer inside its call and category. */
  seqCategoria: z.number(),
  /** The worker's own sequence for this offer: their choice's id, 0 when not chosen. */
  seqCategoTPA: z.number(),
  habilitado: z.boolean(),
  comDescanso: z.boolean(),
  escolhida: z.boolean(),
  preferencia: z.number().nullable(),
  /** 0 available, 1 in progress, 2 error: client state; the server always answers 0. */
  situacao: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  mensagem: z.string().nullable(),
  numVagas: z.number(),
  cor: parCoresSchema,
  icone: z.string(),
  /** Pointer data, present only where docs/produto/escalacao.md §5 lets this worker see it. */
  ponteiro: z.number().optional(),
  ponteiroA: z.number().optional(),
  ponteiroP: z.number().optional(),
  grupo: z.string().optional(),
});
export type FuncaoOferta = z.infer<typeof funcaoOfertaSchema>;

export const poraoSchema = z.object({
  numPorao: z.string(),
  nomeMercadoria: z.string(),
  tonelagem: z.number(),
  funcoes: z.array(funcaoOfertaSchema),
});
export type Porao = z.infer<typeof poraoSchema>;

export const requisicaoSchema = z.object({
  numRequisicao: z.number(),
  codOperador: z.number(),
  codNavio: z.number(),
  nomeNavio: z.string(),
  nomeOperador: z.string(),
  /** yyyymmdd */
  dataOperacao: z.string(),
  codPeriodo: z.number(),
  horaInicio: z.number(),
  horaFim: z.number(),
  codLocalAtrac: z.string(),
  nomeLocalAtrac: z.string(),
  qtdOfertas: z.number(),
  qtdEscolhas: z.number(),
  poroes: z.array(poraoSchema),
});
export type Requisicao = z.infer<typeof requisicaoSchema>;

export const categoriaEscalaSchema = z.object({
  codCategoria: z.number(),
  qtdOfertas: z.number(),
  qtdDisponiveis: z.number(),
  qtdEscolhas: z.number(),
  requisicoes: z.array(requisicaoSchema),
});
export type CategoriaEscala = z.infer<typeof categoriaEscalaSchema>;

export const escalaCarregadaSchema = z.object({
  numEscalacao: z.number(),
  dataChamada: z.string(),
  horaChamada: z.string(),
  /** Keyed by category code ('1', '2', '4', '6'). */
  categorias: z.record(z.string(), categoriaEscalaSchema),
});
export type EscalaCarregada = z.infer<typeof escalaCarregadaSchema>;

/**
 * GET /api/vagas on the wire (docs/decisions/0134-vagas-compartilhada-e-pessoal.md): the call's offers as
 * every worker sees them (the same bytes for everyone who sees the same pointers, so the server compresses
 * them once per change of the call) and, after them, `pessoal`: the little that is this worker's.
 * `montarEscalaCarregada` (common/escala-carregada.ts) turns the two into escalaCarregada.
 */
export const funcaoOfertaCompartilhadaSchema = funcaoOfertaSchema.omit({
  seqCategoTPA: true,
  habilitado: true,
  comDescanso: true,
  escolhida: true,
  preferencia: true,
  situacao: true,
  mensagem: true,
});
export type FuncaoOfertaCompartilhada = z.infer<typeof funcaoOfertaCompartilhadaSchema>;

export const poraoCompartilhadoSchema = poraoSchema.extend({
  funcoes: z.array(funcaoOfertaCompartilhadaSchema),
});

export const requisicaoCompartilhadaSchema = requisicaoSchema.omit({ qtdEscolhas: true }).extend({
  poroes: z.array(poraoCompartilhadoSchema),
});
export type RequisicaoCompartilhada = z.infer<typeof requisicaoCompartilhadaSchema>;

export const categoriaCompartilhadaSchema = z.object({
  codCategoria: z.number(),
  qtdOfertas: z.number(),
  requisicoes: z.array(requisicaoCompartilhadaSchema),
});
export type CategoriaCompartilhada = z.infer<typeof categoriaCompartilhadaSchema>;

/** What of the call is this worker's own, computed by the server. */
export const pessoalEscalaSchema = z.object({
  /** The worker's functions: an offer is `habilitado` when its codFuncao is here. */
  habilitacoes: z.array(z.number()),
  /** Requisitions whose shift breaks the worker's rest (`comDescanso` false for all their offers). */
  semDescanso: z.array(z.number()),
  /** The worker's choices among the call's offers. */
  escolhas: z.array(
    z.object({ seqCategoria: z.number(), seqCategoTPA: z.number(), preferencia: z.number().nullable() }),
  ),
});
export type PessoalEscala = z.infer<typeof pessoalEscalaSchema>;

export const vagasRespostaSchema = z.object({
  numEscalacao: z.number(),
  dataChamada: z.string(),
  horaChamada: z.string(),
  /** Keyed by category code ('1', '2', '4', '6'). */
  categorias: z.record(z.string(), categoriaCompartilhadaSchema),
  pessoal: pessoalEscalaSchema,
});
export type VagasResposta = z.infer<typeof vagasRespostaSchema>;

export const vagasQuery = z.object({
  numEscalacao: inteiro32DaUrl('Número de escala inválido.', 'Informe o número da escala.').positive(
    'Número de escala inválido.',
  ),
});

/** One changed offer in POST /api/vagas (docs/produto/escalacao.md §7). */
export const escolhaSchema = z.object({
  numRequisicao: inteiro32(),
  codOperador: inteiro32(),
  codNavio: inteiro32(),
  dataOperacao: z.string().regex(/^\d{8}$/),
  codPeriodo: inteiro32(),
  numPorao: z.string().max(10),
  numPoraoFuncao: z.string().max(10),
  codFuncao: inteiro32(),
  nomeFuncao: z.string().max(120),
  seqCategoria: inteiro32(),
  seqCategoTPA: inteiro32(),
  escolhida: z.boolean(),
  preferencia: inteiro32().positive().nullable(),
});
export type Escolha = z.infer<typeof escolhaSchema>;

export const postVagasBody = z.object({
  numEscalacao: inteiro32().positive(),
  /** Category code: 1, 2, 4 or 6. */
  categoria: inteiro32(),
  escolhas: z.array(escolhaSchema).min(1, 'Nenhuma oferta enviada.').max(500),
});
export type PostVagasBody = z.infer<typeof postVagasBody>;

export const postVagasResposta = z.object({
  escolhas: z.array(escolhaSchema),
  codAvulso: z.string(),
  numEscalacao: z.number(),
  categoria: z.number(),
});
export type PostVagasResposta = z.infer<typeof postVagasResposta>;

export const avulsosConfirmadosQuery = z.object({
  numEscalacao: inteiro32DaUrl().positive(),
  codCategoria: inteiro32DaUrl(),
});

export const avulsoConfirmadoSchema = z.object({
  numChamada: z.number(),
  codAvulso: z.string(),
  nomeAvulso: z.string(),
  sindicato: z.string(),
  /** Instant (ISO) the server recorded the worker's latest choice. */
  horaDigitacao: z.string(),
  /** Only in a call whose rotation was published: true for the workers it engaged (docs/decisions/0155). */
  escalado: z.boolean().optional(),
});

export const grupoConfirmadosSchema = z.object({
  nome: z.string(),
  exibe: z.boolean(),
  avulsos: z.array(avulsoConfirmadoSchema),
});

export const avulsosConfirmadosSchema = z.object({
  numEscalacao: z.number(),
  codCategoria: z.number(),
  avulsosConfirmados: z.array(grupoConfirmadosSchema),
});
export type AvulsosConfirmados = z.infer<typeof avulsosConfirmadosSchema>;

/** The body as the server takes it: the wire, positive keys, each offer once and a known category. */
export const postVagasCorpo = postVagasBody.superRefine((corpo, ctx) => {
  const vistas = new Set<number>();
  corpo.escolhas.forEach((e, i) => {
    for (const campo of ['numRequisicao', 'seqCategoria', 'codFuncao'] as const) {
      if (!(e[campo] > 0)) {
        ctx.addIssue({ code: 'custom', path: ['escolhas', i, campo], message: 'Número fora do intervalo.' });
      }
    }
    if (vistas.has(e.seqCategoria)) {
      ctx.addIssue({
        code: 'custom',
        path: ['escolhas', i, 'seqCategoria'],
        message: 'A mesma oferta foi enviada mais de uma vez.',
      });
    }
    vistas.add(e.seqCategoria);
  });
  if (!categoriaPorCodigo(corpo.categoria)) {
    ctx.addIssue({ code: 'custom', path: ['categoria'], message: 'Categoria inválida.' });
  }
});

export const avulsosConfirmadosConsulta = avulsosConfirmadosQuery.superRefine((q, ctx) => {
  if (!categoriaPorCodigo(q.codCategoria)) {
    ctx.addIssue({ code: 'custom', path: ['codCategoria'], message: 'Categoria inválida.' });
  }
});

export const apiEscalacao = {
  vagas: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/vagas',
    query: vagasQuery,
    resposta: vagasRespostaSchema,
    erros: ['NaoEncontrado', 'TpaImpedido', 'EscalaFechada'],
    acesso: 'sessao',
    grupo: 'Escalação',
    resumo: 'A escala carregada: as ofertas da chamada e o que delas é do trabalhador',
    descricao:
      '`categorias` é igual para todos que veem os mesmos ponteiros; `pessoal` diz quais ofertas o trabalhador ' +
      'pode escolher (habilitações, requisições sem descanso) e quais já escolheu.',
  }),
  escolher: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/vagas',
    corpo: postVagasCorpo,
    resposta: postVagasResposta,
    erros: ['NaoEncontrado', 'TpaImpedido', 'EscalaFechada', 'SemHabilitacao', 'SemDescanso'],
    acesso: 'sessao',
    grupo: 'Escalação',
    resumo: 'Escolhe ou desiste de ofertas de uma categoria; responde o estado resultante delas',
    descricao:
      'Envie só as ofertas cuja escolha mudou. Uma recusa por oferta traz `dados.seqCategoria` da oferta recusada.',
  }),
  avulsosConfirmados: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/avulsosConfirmados',
    query: avulsosConfirmadosConsulta,
    resposta: avulsosConfirmadosSchema,
    erros: ['NaoEncontrado', 'EscalaFechada'],
    acesso: 'sessao',
    grupo: 'Escalação',
    resumo: 'Quem já confirmou escolhas na chamada e categoria, por grupo',
  }),
} as const;
