import { lerBuscaTrabalhador, MENSAGEM_BUSCA_VAZIA } from '../busca-trabalhador.ts';
import { PAPEIS, PAPEL_ESCALADOR, SITUACOES_ESCOLHA } from '../dominio.ts';
import { categoriaDaOferta, funcaoPorCodigo } from '../funcoes.ts';
import { INTEIRO32_MAX } from '../inteiros.ts';
import { TURNOS } from '../tempo.ts';
import { z } from '../zod-pt.ts';
import { arquivo, definirEndpoint } from './endpoint.ts';

/**
 * The wire of /gestao: the OGMO staff (role `escalador`) run calls (issue 16, docs/decisions/0150-0155).
 * Every call lives through `rascunho` → `aberta` → `fechada` → `apurada` → `publicada` (or `cancelada`
 * from a draft), each step with its instant and staff member.
 */

// Zod-free in common/funcoes.ts, so /inicio's result card does not load zod (docs/decisions/0191).
export { categoriaDaOferta, PAPEL_ESCALADOR };
export const papelSchema = z.enum(PAPEIS);
export type { Papel } from '../dominio.ts';

export const situacoesEscala = [
  'rascunho',
  'aberta',
  'fechada',
  'apurada',
  'publicada',
  'cancelada',
] as const;
export const situacaoEscalaSchema = z.enum(situacoesEscala);
export type SituacaoEscala = z.infer<typeof situacaoEscalaSchema>;

/** How each state reads on the staff screens. */
export const NOME_SITUACAO: Record<SituacaoEscala, string> = {
  rascunho: 'Rascunho',
  aberta: 'Aberta',
  fechada: 'Fechada',
  apurada: 'Apurada',
  publicada: 'Publicada',
  cancelada: 'Cancelada',
};

/** The largest integer a database column holds: larger numbers are input errors, never queries. */
const MAIOR_INTEIRO = INTEIRO32_MAX;
/** A path or query number: digits only (no '1e3', no sign), within a database integer. */
export const numeroEscalaSchema = z
  .string({ error: 'Número inválido.' })
  .regex(/^[1-9]\d{0,9}$/, 'Número inválido.')
  .transform(Number)
  .pipe(z.number().max(MAIOR_INTEIRO, 'Número inválido.'));

export const numEscalaParams = z.object({ num: numeroEscalaSchema });
export const numRequisicaoParams = z.object({ num: numeroEscalaSchema, req: numeroEscalaSchema });

/** C0 controls and DEL, refused in the text a requisition stores. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
const CONTROLE = /[\u0000-\u001f\u007f]/;
/** Half of a surrogate pair alone (no text, and PostgreSQL refuses it). */
const SUBSTITUTO_SOZINHO = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A real calendar date yyyy-MM-dd. */
function dataValida(ano: number, mes: number, dia: number): boolean {
  const d = new Date(Date.UTC(ano, mes - 1, dia));
  return d.getUTCFullYear() === ano && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia;
}

export const novaEscalaBody = z.object({
  dataChamada: z
    .string({ error: 'Informe a data da chamada.' })
    .min(1, { error: 'Informe a data da chamada.', abort: true })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Data no formato aaaa-mm-dd.', abort: true })
    .refine(
      (s) => dataValida(Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))),
      'Data inexistente.',
    ),
  horaChamada: z
    .string({ error: 'Informe a hora da chamada.' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Hora no formato hh:mm.'),
});
export type NovaEscalaBody = z.infer<typeof novaEscalaBody>;

const inteiro = (nome: string, min: number, max: number) =>
  z
    .number({ error: `Informe ${nome}.` })
    .int(`${nome[0]?.toUpperCase()}${nome.slice(1)} deve ser um número inteiro.`)
    .min(min, `${nome[0]?.toUpperCase()}${nome.slice(1)} deve ser no mínimo ${min}.`)
    .max(max, `${nome[0]?.toUpperCase()}${nome.slice(1)} deve ser no máximo ${max}.`);

export const funcaoRequisicaoSchema = z.object({
  codFuncao: inteiro('o código da função', 1, 999).refine(
    (c) => funcaoPorCodigo(c) !== undefined && categoriaDaOferta(c) !== undefined,
    'Função desconhecida ou fora das categorias da chamada.',
  ),
  numVagas: inteiro('o número de vagas', 1, 99),
});

export const poraoRequisicaoSchema = z.object({
  numPorao: z
    .string({ error: 'Informe o porão ou bloco.' })
    .regex(/^(PR|BL)\d{2}$/, 'Porão PR00 a PR99 ou bloco BL00 a BL99.'),
  nomeMercadoria: z
    .string({ error: 'Informe a mercadoria.' })
    .trim()
    .min(1, 'Informe a mercadoria.')
    .max(80, 'Mercadoria com no máximo 80 caracteres.')
    // A NUL was a 500 on PostgreSQL (issue 28, item 6); the CSV import says the same per line.
    .refine(
      (s) => !CONTROLE.test(s) && !SUBSTITUTO_SOZINHO.test(s),
      'A mercadoria não pode ter caracteres de controle.',
    ),
  tonelagem: inteiro('a tonelagem', 0, 10_000_000),
  funcoes: z
    .array(funcaoRequisicaoSchema)
    .min(1, 'Informe ao menos uma função.')
    .max(30, 'No máximo 30 funções por porão.'),
});

/** One requisition as an operator sends it: the shape GET /api/vagas shows, without names (the server has them). */
export const requisicaoBody = z
  .object({
    codOperador: inteiro('o operador', 1, MAIOR_INTEIRO),
    codNavio: inteiro('o navio', 1, MAIOR_INTEIRO),
    dataOperacao: z
      .string({ error: 'Informe a data da operação.' })
      // Each check stops the next: an empty field reads 'Informe…', not 'inexistente' (issue 27).
      .min(1, { error: 'Informe a data da operação.', abort: true })
      .regex(/^\d{8}$/, { error: 'Data da operação no formato aaaammdd.', abort: true })
      .refine(
        (s) => dataValida(Number(s.slice(0, 4)), Number(s.slice(4, 6)), Number(s.slice(6, 8))),
        'Data da operação inexistente.',
      ),
    codPeriodo: inteiro('o período', 1, 4),
    horaInicio: inteiro('a hora de início', 0, 23),
    horaFim: inteiro('a hora de fim', 0, 23),
    codLocalAtrac: z
      .string({ error: 'Informe o local de atracação.' })
      .regex(/^\d{1,4}$/, 'Local de atracação inválido.'),
    poroes: z
      .array(poraoRequisicaoSchema)
      .min(1, 'Informe ao menos um porão ou bloco.')
      .max(20, 'No máximo 20 porões ou blocos.'),
  })
  .superRefine((r, ctx) => {
    const turno = TURNOS.find((t) => t.codPeriodo === r.codPeriodo);
    if (turno && (turno.horaInicio !== r.horaInicio || turno.horaFim !== r.horaFim)) {
      ctx.addIssue({
        code: 'custom',
        path: ['horaInicio'],
        message: `O período ${r.codPeriodo} vai das ${turno.horaInicio}h às ${turno.horaFim}h.`,
      });
    }
    const vistos = new Set<string>();
    const categorias = new Set<number>();
    r.poroes.forEach((p, i) => {
      if (vistos.has(p.numPorao)) {
        ctx.addIssue({ code: 'custom', path: ['poroes', i, 'numPorao'], message: 'Porão repetido.' });
      }
      vistos.add(p.numPorao);
      const funcoes = new Set<number>();
      p.funcoes.forEach((f, j) => {
        if (funcoes.has(f.codFuncao)) {
          ctx.addIssue({
            code: 'custom',
            path: ['poroes', i, 'funcoes', j, 'codFuncao'],
            message: 'Função repetida no mesmo porão.',
          });
        }
        funcoes.add(f.codFuncao);
        const c = categoriaDaOferta(f.codFuncao);
        if (c !== undefined) categorias.add(c);
      });
    });
    if (categorias.size > 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['poroes'],
        message: 'Uma requisição tem funções de uma só categoria.',
      });
    }
  });
export type RequisicaoBody = z.infer<typeof requisicaoBody>;

/** A step of the call's life: when and by whom. */
export const passoSchema = z.object({
  situacao: situacaoEscalaSchema,
  em: z.string(),
  por: z.string().nullable(),
});
export type Passo = z.infer<typeof passoSchema>;

export const contagensEscalaSchema = z.object({
  requisicoes: z.number(),
  ofertas: z.number(),
  vagas: z.number(),
  /** Choices (rows) and the workers who made at least one. */
  escolhas: z.number(),
  avulsos: z.number(),
  /** Engaged by the last rotation (0 before it runs). */
  escalados: z.number(),
});
export type ContagensEscala = z.infer<typeof contagensEscalaSchema>;

/** Who a step taken by the scheduled open or close names (`*_por`; docs/decisions/0269): no worker has it. */
export const POR_AUTOMATICO = 'auto';

export const escalaResumoSchema = z.object({
  numEscalacao: z.number(),
  dataChamada: z.string(),
  horaChamada: z.string(),
  situacao: situacaoEscalaSchema,
  contagens: contagensEscalaSchema,
});
export type EscalaResumo = z.infer<typeof escalaResumoSchema>;
export const listaEscalasSchema = z.array(escalaResumoSchema);

export const funcaoGestaoSchema = z.object({
  seqCategoria: z.number(),
  codFuncao: z.number(),
  nomeFuncao: z.string(),
  numVagas: z.number(),
  /** Workers who chose this offer (live while open). */
  qtdEscolhas: z.number(),
});

export const requisicaoGestaoSchema = z.object({
  numRequisicao: z.number(),
  codCategoria: z.number(),
  codOperador: z.number(),
  nomeOperador: z.string(),
  codNavio: z.number(),
  nomeNavio: z.string(),
  dataOperacao: z.string(),
  codPeriodo: z.number(),
  horaInicio: z.number(),
  horaFim: z.number(),
  codLocalAtrac: z.string(),
  nomeLocalAtrac: z.string(),
  poroes: z.array(
    z.object({
      numPorao: z.string(),
      nomeMercadoria: z.string(),
      tonelagem: z.number(),
      funcoes: z.array(funcaoGestaoSchema),
    }),
  ),
});
export type RequisicaoGestao = z.infer<typeof requisicaoGestaoSchema>;

/**
 * One round of phone notices of the call (docs/decisions/0264): workers and their subscriptions sent to,
 * delivered, refused, gone (removed); when it finished. Absent until the round finished.
 */
export const avisoEnviadoSchema = z.object({
  trabalhadores: z.number(),
  aparelhos: z.number(),
  enviados: z.number(),
  falhas: z.number(),
  removidas: z.number(),
  terminadoEm: z.string(),
});
export type AvisoEnviado = z.infer<typeof avisoEnviadoSchema>;

/**
 * The second round of this call (docs/decisions/0217, 0268), present only when the port's REPESCAGEM policy is on:
 * the leftover vacancies it may offer now (published, shifts not ended, none opened yet; else 0), the round
 * already opened from it, and the call this one is the second round of.
 */
export const repescagemEscalaSchema = z.object({
  vagas: z.number(),
  repescagem: z.number().nullable(),
  repescagemDe: z.number().nullable(),
});
export type RepescagemEscala = z.infer<typeof repescagemEscalaSchema>;

export const escalaDetalheSchema = escalaResumoSchema.extend({
  passos: z.array(passoSchema),
  requisicoes: z.array(requisicaoGestaoSchema),
  /** How many workers were notified on their phones that it opened, and of their result. */
  avisos: z.object({ abertura: avisoEnviadoSchema.nullable(), resultado: avisoEnviadoSchema.nullable() }),
  /** Null when the port does not use the second round (REPESCAGEM off). */
  repescagem: repescagemEscalaSchema.nullable(),
});
export type EscalaDetalhe = z.infer<typeof escalaDetalheSchema>;

export const numEscalacaoSchema = z.object({ numEscalacao: z.number() });
export const numRequisicaoSchema = z.object({ numRequisicao: z.number() });
export const importacaoSchema = z.object({ requisicoes: z.array(z.number()) });

/** GET …/escala.pdf?codOperador=&codNavio=: one operator's or one ship's part (docs/decisions/0266). */
export const escalaPdfQuery = z.object({
  codOperador: numeroEscalaSchema.optional(),
  codNavio: numeroEscalaSchema.optional(),
});

/** POST …/requisicoes/copiar: the call whose requisitions a draft copies (docs/decisions/0265). */
export const copiarRequisicoesBody = z.object({
  deEscala: z
    .number({ error: 'Escolha a escala de onde copiar.' })
    .int('Escolha a escala de onde copiar.')
    .min(1, 'Escolha a escala de onde copiar.')
    .max(MAIOR_INTEIRO, 'Escolha a escala de onde copiar.'),
});
export const copiaSchema = z.object({
  requisicoes: z.array(z.number()),
  /** Days added to each operation date: the distance between the two calls' dates. */
  deslocamentoDias: z.number(),
});

/** A bad line of an imported CSV, in the `dados.linhas` of its DadosInvalidos answer. */
export const erroLinhaCsvSchema = z.object({ linha: z.number(), campo: z.string(), mensagem: z.string() });
export type ErroLinhaCsv = z.infer<typeof erroLinhaCsvSchema>;

export const resumoRodizioSchema = z.object({
  numEscalacao: z.number(),
  vagas: z.number(),
  escalados: z.number(),
  vagasNaoPreenchidas: z.number(),
  /** Workers who chose, and of them those left without an engagement. */
  avulsosComEscolhas: z.number(),
  naoEscalados: z.number(),
  /** Wall time of the whole step: reading, computing and writing. */
  duracaoMs: z.number(),
});
export type ResumoRodizio = z.infer<typeof resumoRodizioSchema>;

export const escaladoSchema = z.object({
  codAvulso: z.string(),
  nome: z.string(),
  numChamada: z.number(),
  /** The worker's preference this engagement met (1 = first). */
  preferencia: z.number(),
});

export const resultadoEscalaSchema = z.object({
  numEscalacao: z.number(),
  situacao: situacaoEscalaSchema,
  requisicoes: z.array(
    z.object({
      numRequisicao: z.number(),
      codCategoria: z.number(),
      codNavio: z.number(),
      nomeNavio: z.string(),
      codOperador: z.number(),
      nomeOperador: z.string(),
      dataOperacao: z.string(),
      codPeriodo: z.number(),
      horaInicio: z.number(),
      horaFim: z.number(),
      nomeLocalAtrac: z.string(),
      poroes: z.array(
        z.object({
          numPorao: z.string(),
          nomeMercadoria: z.string(),
          funcoes: z.array(
            z.object({
              seqCategoria: z.number(),
              codFuncao: z.number(),
              nomeFuncao: z.string(),
              numVagas: z.number(),
              escalados: z.array(escaladoSchema),
            }),
          ),
        }),
      ),
    }),
  ),
  /**
   * Per function code of the call: the registered list's pointer before and after (numChamada; null: none
   * yet), the cadastered list's, and whether the call reached it (docs/decisions/0142).
   */
  ponteiros: z.array(
    z.object({
      codFuncao: z.number(),
      nomeFuncao: z.string(),
      ponteiroInicial: z.number().nullable(),
      ponteiroFinal: z.number().nullable(),
      cadastroInicial: z.number().nullable(),
      cadastroFinal: z.number().nullable(),
      alcancouCadastro: z.boolean(),
    }),
  ),
});
export type ResultadoEscala = z.infer<typeof resultadoEscalaSchema>;

export const auditoriaQuery = z.object({
  codAvulso: z.string({ error: 'Informe o trabalhador.' }).regex(/^\d{6}$/, 'O trabalhador tem 6 dígitos.'),
});

/** Why one choice ended as it did (server/modulos/rodizio: docs/decisions/0143). */
export const decisaoEscolhaSchema = z.object({
  /** Position in the worker's whole list, the order the rotation used. */
  ordem: z.number(),
  preferencia: z.number(),
  situacao: z.enum(SITUACOES_ESCOLHA),
  texto: z.string(),
});

export const auditoriaSchema = z.object({
  numEscalacao: z.number(),
  codAvulso: z.string(),
  nome: z.string(),
  numChamada: z.number(),
  /** false: the worker made no choice in this call (no decision about them). */
  escolheu: z.boolean(),
  escalado: z.boolean(),
  /** The paragraph a worker reads: what they got and why. */
  motivo: z.string(),
  escolhas: z.array(decisaoEscolhaSchema),
});
export type Auditoria = z.infer<typeof auditoriaSchema>;

/** GET …/auditoria/busca?termo=: a name, a matrícula or a número de chamada (common/busca-trabalhador.ts). */
export const buscaAuditoriaQuery = z.object({
  termo: z
    .string({ error: MENSAGEM_BUSCA_VAZIA })
    .max(200, 'A busca tem no máximo 200 caracteres.')
    .superRefine((termo, ctx) => {
      const lida = lerBuscaTrabalhador(termo);
      if ('erro' in lida) ctx.addIssue({ code: 'custom', message: lida.erro });
    }),
});

/** A worker the audit search found, and what the call did with them. */
export const trabalhadorEncontradoSchema = z.object({
  codAvulso: z.string(),
  nome: z.string(),
  numChamada: z.number(),
  escolheu: z.boolean(),
  escalado: z.boolean(),
});
export type TrabalhadorEncontrado = z.infer<typeof trabalhadorEncontradoSchema>;

/** At most this many workers answer one search: the rest asks for a longer name. */
export const LIMITE_BUSCA_AUDITORIA = 20;

export const buscaAuditoriaSchema = z.object({
  trabalhadores: z.array(trabalhadorEncontradoSchema),
  /** More workers matched than the answer carries. */
  haMais: z.boolean(),
});
export type BuscaAuditoria = z.infer<typeof buscaAuditoriaSchema>;

/** The workers who chose in the call and got no job, each with the paragraph that says why. */
export const naoEscaladosSchema = z.object({
  trabalhadores: z.array(
    z.object({ codAvulso: z.string(), nome: z.string(), numChamada: z.number(), motivo: z.string() }),
  ),
});
export type NaoEscalados = z.infer<typeof naoEscaladosSchema>;

/** The job an engagement gives, as the worker sees it. */
export const trabalhoEscaladoSchema = z.object({
  dataOperacao: z.string(),
  horaInicio: z.number(),
  horaFim: z.number(),
  operador: z.string(),
  navio: z.string(),
  localAtracacao: z.string(),
  mercadoria: z.string(),
  numPorao: z.string(),
  codFuncao: z.number(),
  funcao: z.string(),
});
export type TrabalhoEscalado = z.infer<typeof trabalhoEscaladoSchema>;

/** GET /api/escalacao/resultado?numEscalacao=N (latest published when omitted): the worker's own result. */
export const resultadoAvulsoQuery = z.object({ numEscalacao: numeroEscalaSchema.optional() });
const chamadaPublicada = {
  numEscalacao: z.number(),
  dataChamada: z.string(),
  horaChamada: z.string(),
};
export const resultadoAvulsoSchema = z.discriminatedUnion('resultado', [
  z.object({
    resultado: z.literal('escalado'),
    ...chamadaPublicada,
    trabalho: trabalhoEscaladoSchema,
    motivo: z.string(),
    escolhas: z.array(decisaoEscolhaSchema),
  }),
  z.object({
    resultado: z.literal('nao-escalado'),
    ...chamadaPublicada,
    motivo: z.string(),
    escolhas: z.array(decisaoEscolhaSchema),
  }),
  z.object({ resultado: z.literal('sem-escolhas'), ...chamadaPublicada }),
]);
export type ResultadoAvulso = z.infer<typeof resultadoAvulsoSchema>;

export const resumoPublicacaoSchema = z.object({
  numEscalacao: z.number(),
  /** Engagements written to the workers' jobs. */
  trabalhos: z.number(),
  /** Functions whose pointers moved. */
  funcoes: z.number(),
  duracaoMs: z.number(),
});

/** GET /api/gestao/cadastros: the port's reference lists a requisition names by code. */
export const cadastrosSchema = z.object({
  operadores: z.array(z.object({ codigo: z.number(), nome: z.string() })),
  navios: z.array(z.object({ codigo: z.number(), nome: z.string() })),
  locais: z.array(z.object({ codigo: z.string(), nome: z.string() })),
});
export type Cadastros = z.infer<typeof cadastrosSchema>;

/** Codes every /api/gestao route may answer: the role check runs before anything else. */
const ERROS_GESTAO = ['AcessoNegado'] as const;
const GRUPO_GESTAO = 'Gestão das escalas';
const SOMENTE_ESCALADORES = 'Somente a equipe de escalação do OGMO (papel `escalador`).';

/**
 * /api/gestao (issue 16, docs/decisions/0150-0155): every route needs a session whose worker is OGMO staff
 * holding the role `escalador` (checked by the routes' plugin, server/modulos/gestao/acesso.ts).
 */
export const apiGestao = {
  cadastros: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/cadastros',
    resposta: cadastrosSchema,
    erros: [...ERROS_GESTAO],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Os cadastros do porto que uma requisição cita por código: operadores, navios e locais',
    descricao: SOMENTE_ESCALADORES,
  }),
  escalas: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/escalas',
    resposta: listaEscalasSchema,
    erros: [...ERROS_GESTAO],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'As escalas, da mais recente à mais antiga, com suas contagens',
    descricao: SOMENTE_ESCALADORES,
  }),
  criar: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/escalas',
    corpo: novaEscalaBody,
    resposta: numEscalacaoSchema,
    erros: [...ERROS_GESTAO],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Cria uma escala em rascunho',
    descricao: SOMENTE_ESCALADORES,
  }),
  escala: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/escalas/:num',
    params: numEscalaParams,
    resposta: escalaDetalheSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Uma escala: situação, passos, contagens e requisições',
    descricao: SOMENTE_ESCALADORES,
  }),
  adicionarRequisicao: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/escalas/:num/requisicoes',
    params: numEscalaParams,
    corpo: requisicaoBody,
    resposta: numRequisicaoSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Cadastra uma requisição numa escala em rascunho',
    descricao: SOMENTE_ESCALADORES,
  }),
  editarRequisicao: definirEndpoint({
    metodo: 'PUT',
    caminho: '/api/gestao/escalas/:num/requisicoes/:req',
    params: numRequisicaoParams,
    corpo: requisicaoBody,
    resposta: numRequisicaoSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Substitui uma requisição de uma escala em rascunho',
    descricao: SOMENTE_ESCALADORES,
  }),
  removerRequisicao: definirEndpoint({
    metodo: 'DELETE',
    caminho: '/api/gestao/escalas/:num/requisicoes/:req',
    params: numRequisicaoParams,
    resposta: z.null(),
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Remove uma requisição de uma escala em rascunho',
    descricao: SOMENTE_ESCALADORES,
  }),
  importarRequisicoes: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/escalas/:num/requisicoes/importar',
    params: numEscalaParams,
    corpo: z.string({ error: 'Envie o arquivo CSV (text/csv).' }),
    tipoCorpo: 'text/csv',
    resposta: importacaoSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Importa as requisições de um arquivo CSV (tudo ou nada)',
    descricao:
      `${SOMENTE_ESCALADORES} O corpo é o arquivo CSV (\`text/csv\`, até 2 MiB). Um arquivo com erros não importa ` +
      'nada: a recusa `DadosInvalidos` traz em `dados` a lista `{ linha, campo, mensagem }`.',
  }),
  copiarRequisicoes: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/escalas/:num/requisicoes/copiar',
    params: numEscalaParams,
    corpo: copiarRequisicoesBody,
    resposta: copiaSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Copia para o rascunho as requisições de outra escala (tudo ou nada)',
    descricao:
      `${SOMENTE_ESCALADORES} Cada data de operação anda a distância entre as datas das duas chamadas; as mesmas ` +
      'regras do formulário valem (janela de datas, cadastros do porto). Só num rascunho.',
  }),
  cancelar: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/escalas/:num/cancelar',
    params: numEscalaParams,
    resposta: escalaDetalheSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Cancela uma escala em rascunho',
    descricao: SOMENTE_ESCALADORES,
  }),
  abrir: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/escalas/:num/abrir',
    params: numEscalaParams,
    resposta: escalaDetalheSchema,
    erros: [
      ...ERROS_GESTAO,
      'NaoEncontrado',
      'SituacaoEscalaInvalida',
      'EscalaSemRequisicoes',
      'OutraEscalaAberta',
    ],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Abre a chamada de uma escala em rascunho (uma aberta por vez)',
    descricao: SOMENTE_ESCALADORES,
  }),
  fechar: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/escalas/:num/fechar',
    params: numEscalaParams,
    resposta: escalaDetalheSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Fecha a chamada: as escolhas confirmadas antes entram no rodízio, as depois são recusadas',
    descricao: SOMENTE_ESCALADORES,
  }),
  rodizio: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/escalas/:num/rodizio',
    params: numEscalaParams,
    resposta: resumoRodizioSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Apura o rodízio de uma escala fechada (pode ser refeito até a publicação)',
    descricao: SOMENTE_ESCALADORES,
  }),
  publicar: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/escalas/:num/publicar',
    params: numEscalaParams,
    resposta: resumoPublicacaoSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida', 'RodizioDesatualizado'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Publica o resultado apurado: os engajamentos viram trabalhos e os ponteiros andam',
    descricao:
      `${SOMENTE_ESCALADORES} Recusa com \`RodizioDesatualizado\` um resultado apurado antes de outra mudança ` +
      '(ponteiros ou engajamentos de outra escala, um turno que terminou): apure de novo e publique.',
  }),
  repescagem: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/escalas/:num/repescagem',
    params: numEscalaParams,
    corpo: novaEscalaBody,
    resposta: numEscalacaoSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida', 'RepescagemIndisponivel'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Cria a repescagem de uma escala publicada: um rascunho só com as vagas não preenchidas',
    descricao:
      `${SOMENTE_ESCALADORES} Só com a política REPESCAGEM ligada (docs/produto/gestao.md §6). O rascunho novo ` +
      'tem as requisições da escala com as vagas que sobraram; abre, fecha, apura e publica como qualquer escala, ' +
      'e o rodízio deixa de fora quem a escala principal escalou. Os ponteiros continuam de onde ela os deixou.',
  }),
  resultado: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/escalas/:num/resultado',
    params: numEscalaParams,
    resposta: resultadoEscalaSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'O resultado apurado: escalados por oferta, vagas não preenchidas e ponteiros',
    descricao: SOMENTE_ESCALADORES,
  }),
  auditoria: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/escalas/:num/auditoria',
    params: numEscalaParams,
    query: auditoriaQuery,
    resposta: auditoriaSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Por que um trabalhador foi ou não escalado: cada escolha e sua decisão',
    descricao: SOMENTE_ESCALADORES,
  }),
  buscaAuditoria: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/escalas/:num/auditoria/busca',
    params: numEscalaParams,
    query: buscaAuditoriaQuery,
    resposta: buscaAuditoriaSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Acha trabalhadores para a auditoria por nome, matrícula ou nº de chamada',
    descricao:
      `${SOMENTE_ESCALADORES} Seis dígitos são a matrícula; até cinco, o nº de chamada (pode haver mais de um por ` +
      'sindicato); o resto é parte do nome, sem acento nem caixa, entre quem escolheu nesta escala. Até ' +
      `${LIMITE_BUSCA_AUDITORIA} trabalhadores, em ordem de nº de chamada.`,
  }),
  naoEscalados: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/escalas/:num/nao-escalados',
    params: numEscalaParams,
    resposta: naoEscaladosSchema,
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'Quem escolheu e ficou sem trabalho nesta escala, com o motivo',
    descricao: `${SOMENTE_ESCALADORES} Em ordem de nº de chamada; o motivo é o parágrafo da auditoria.`,
  }),
  escalaPdf: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/escalas/:num/escala.pdf',
    params: numEscalaParams,
    query: escalaPdfQuery,
    resposta: arquivo('application/pdf'),
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'A escala publicada em PDF',
    caro: true,
    descricao: SOMENTE_ESCALADORES,
  }),
  escalaCsv: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/escalas/:num/escala.csv',
    params: numEscalaParams,
    resposta: arquivo('text/csv'),
    erros: [...ERROS_GESTAO, 'NaoEncontrado', 'SituacaoEscalaInvalida'],
    acesso: 'sessao',
    grupo: GRUPO_GESTAO,
    resumo: 'A escala publicada em CSV',
    descricao: SOMENTE_ESCALADORES,
  }),
} as const;

/** The worker's side of a published call. */
export const apiResultadoEscala = {
  resultado: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/escalacao/resultado',
    query: resultadoAvulsoQuery,
    resposta: resultadoAvulsoSchema.nullable(),
    erros: [],
    acesso: 'sessao',
    grupo: 'Escalação',
    resumo: 'O resultado do próprio trabalhador numa escala publicada (a última, sem numEscalacao)',
    descricao:
      'Escalado (com o trabalho), não escalado (com os motivos) ou sem escolhas; `null` enquanto nenhuma escala foi publicada.',
  }),
} as const;
