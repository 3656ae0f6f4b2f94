import { inteiro32DaUrl } from '../inteiros.ts';
import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';

/**
 * The payroll's files and what staff see of them (issue 25, docs/produto/financeiro-importacao.md,
 * docs/decisions/0240-0244): the import, its history and report, and the reconciliation of payslips with the
 * jobs the portal engaged. Only the role `financeiro`.
 */

/** The four kinds of file, one per kind of pay document. */
export const TIPOS_IMPORTACAO = ['contracheque', '13ferias', 'ficha', 'informe'] as const;
export type TipoImportacao = (typeof TIPOS_IMPORTACAO)[number];

export const NOMES_TIPOS_IMPORTACAO: Record<TipoImportacao, string> = {
  contracheque: 'Contracheques',
  '13ferias': 'Contracheques de 13º e férias',
  ficha: 'Fichas financeiras',
  informe: 'Informes de rendimentos',
};

/** At most this many errors are listed; `totalErros` counts them all. */
export const MAXIMO_ERROS_LISTADOS = 200;
/** A file's size: a month of 6,000 workers' payslips in the documented format is about 45 MB. */
export const LIMITE_BYTES_IMPORTACAO = 96 * 1024 * 1024;
/** The JSON form is for integrations sending a few documents at a time; a whole month goes as CSV. */
export const LIMITE_BYTES_JSON = 8 * 1024 * 1024;
export const MAXIMO_LINHAS_IMPORTACAO = 600_000;

const GRUPO = 'Financeiro (equipe)';
const SOMENTE_FINANCEIRO = 'Somente a equipe financeira do OGMO (papel `financeiro`).';

export const importarQuery = z.object({
  tipo: z.enum(TIPOS_IMPORTACAO, {
    error: 'Tipo de arquivo inválido: contracheque, 13ferias, ficha ou informe.',
  }),
  /** `1`: checks the file and answers the report, writes nothing. */
  simular: z.enum(['0', '1'], { error: 'simular é 0 ou 1.' }).optional(),
});

/** A cell of the JSON form: the same text the CSV cell would hold (amounts as text: `1234,56`). */
const celulaJson = z.union([z.string().max(2000), z.number(), z.null()]);
/** The JSON form: the CSV's lines as objects keyed by the same column names. */
export const corpoJsonImportacao = z.object({
  linhas: z
    .array(z.record(z.string().max(60), celulaJson))
    .max(MAXIMO_LINHAS_IMPORTACAO, `No máximo ${MAXIMO_LINHAS_IMPORTACAO} linhas.`),
});
export type CorpoJsonImportacao = z.infer<typeof corpoJsonImportacao>;

/** The body: the CSV file's bytes (`text/csv`, UTF-8 or Windows-1252) or its lines as JSON. */
export const corpoImportacao = z.union([z.string(), z.instanceof(Uint8Array), corpoJsonImportacao], {
  error: 'Envie o arquivo CSV (text/csv) ou as linhas em JSON ({ "linhas": [...] }).',
});

export const erroImportacaoSchema = z.object({
  /** The file's line (the header is line 1); in the JSON form, the position in `linhas` plus 1. */
  linha: z.number(),
  campo: z.string(),
  mensagem: z.string(),
});
export type ErroImportacao = z.infer<typeof erroImportacaoSchema>;

const contagens = {
  /** Lines read (not counting the header). */
  linhas: z.number(),
  documentos: z.number(),
  trabalhadores: z.number(),
  criados: z.number(),
  substituidos: z.number(),
  inalterados: z.number(),
  /** Payslips of engagements matched to a job of the portal, and those that matched none (a report, not an error). */
  conciliados: z.number(),
  naoConciliados: z.number(),
  /** Workers told (one home message and one notification each). */
  avisados: z.number(),
};

/** What an import did, or would do (`simulado`), or why it was refused (`erros`). */
export const relatorioImportacaoSchema = z.object({
  tipo: z.enum(TIPOS_IMPORTACAO),
  simulado: z.boolean(),
  formato: z.enum(['csv', 'json']),
  codificacao: z.enum(['utf-8', 'windows-1252']),
  /** SHA-256 of the bytes received, hex. */
  digesto: z.string(),
  bytes: z.number(),
  /** yyyy-MM competências, or yyyy calendar years (income statements). */
  periodos: z.array(z.string()),
  ...contagens,
  erros: z.array(erroImportacaoSchema),
  totalErros: z.number(),
  /** The import recorded (null: a dry run, a refusal, or nothing changed). */
  idImportacao: z.number().nullable(),
  /** The same file imported before (same kind and digest): when and by whom. */
  importadoAntes: z.object({ id: z.number(), em: z.string(), por: z.string() }).nullable(),
  duracaoMs: z.number(),
});
export type RelatorioImportacao = z.infer<typeof relatorioImportacaoSchema>;

export const importacaoSchema = z.object({
  id: z.number(),
  tipo: z.enum(TIPOS_IMPORTACAO),
  em: z.string(),
  por: z.string(),
  porNome: z.string(),
  digesto: z.string(),
  formato: z.enum(['csv', 'json']),
  codificacao: z.enum(['utf-8', 'windows-1252']),
  bytes: z.number(),
  periodos: z.array(z.string()),
  ...contagens,
});
export type Importacao = z.infer<typeof importacaoSchema>;

export const documentoSubstituidoSchema = z.object({
  codAvulso: z.string(),
  arquivo: z.string(),
  /** The import that had written the replaced version (null: before imports). */
  idImportacaoAnterior: z.number().nullable(),
});

export const contrachequeNaoConciliadoSchema = z.object({
  codAvulso: z.string(),
  nome: z.string(),
  numero: z.number(),
  arquivo: z.string(),
  /** yyyy-MM-dd */
  movimento: z.string(),
  turno: z.string(),
  navio: z.string(),
  funcao: z.string(),
  motivo: z.string(),
});
export type ContrachequeNaoConciliado = z.infer<typeof contrachequeNaoConciliadoSchema>;

export const detalheImportacaoSchema = z.object({
  importacao: importacaoSchema,
  substituidos: z.array(documentoSubstituidoSchema),
  totalSubstituidos: z.number(),
  naoConciliados: z.array(contrachequeNaoConciliadoSchema),
  totalNaoConciliados: z.number(),
});
export type DetalheImportacao = z.infer<typeof detalheImportacaoSchema>;

export const idImportacaoParams = z.object({ id: inteiro32DaUrl('Importação inválida.').positive() });

export const conciliacaoQuery = z.object({
  /** yyyy-MM */
  competencia: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Competência inválida: use aaaa-mm.'),
  /** Days after the job with no payslip before it is listed (default FINANCEIRO_DIAS_SEM_CONTRACHEQUE). */
  dias: inteiro32DaUrl('Dias inválidos.').min(0, 'Dias inválidos.').max(366, 'Dias inválidos.').optional(),
});

export const trabalhoSemContrachequeSchema = z.object({
  codAvulso: z.string(),
  nome: z.string(),
  /** yyyymmdd */
  dataOperacao: z.string(),
  turno: z.string(),
  navio: z.string(),
  funcao: z.string(),
  numEscalacao: z.number().nullable(),
  motivo: z.string(),
});
export type TrabalhoSemContracheque = z.infer<typeof trabalhoSemContrachequeSchema>;

export const conciliacaoSchema = z.object({
  competencia: z.string(),
  dias: z.number(),
  /** Jobs that ended on or before this day (yyyy-MM-dd) and have no payslip are listed. */
  limite: z.string(),
  conciliados: z.number(),
  trabalhosSemContracheque: z.array(trabalhoSemContrachequeSchema),
  totalTrabalhosSemContracheque: z.number(),
  contrachequesSemTrabalho: z.array(contrachequeNaoConciliadoSchema),
  totalContrachequesSemTrabalho: z.number(),
});
export type Conciliacao = z.infer<typeof conciliacaoSchema>;

export const apiFinanceiroGestao = {
  importar: definirEndpoint({
    metodo: 'POST',
    caminho: '/api/gestao/financeiro/importar',
    query: importarQuery,
    corpo: corpoImportacao,
    tipoCorpo: 'text/csv',
    resposta: relatorioImportacaoSchema,
    erros: ['AcessoNegado', 'ImportacaoEmAndamento'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'Importa um arquivo da folha (contracheques, 13º e férias, fichas ou informes): tudo ou nada',
    descricao:
      `${SOMENTE_FINANCEIRO} O corpo é o arquivo CSV (\`text/csv\`, UTF-8 ou Windows-1252, até 96 MiB) ou as ` +
      'mesmas linhas em JSON (`{ "linhas": [{ "coluna": "valor" }] }`, até 8 MiB), no formato de ' +
      '`docs/produto/financeiro-importacao.md`. `?simular=1` confere e não grava nada. Um arquivo com erros não ' +
      'importa nada: a recusa `DadosInvalidos` traz em `dados` o relatório, com os erros por linha e coluna.',
  }),
  importacoes: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/financeiro/importacoes',
    resposta: z.array(importacaoSchema),
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'As importações da folha, da mais recente (as 200 últimas)',
    descricao: SOMENTE_FINANCEIRO,
  }),
  importacao: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/financeiro/importacoes/:id',
    params: idImportacaoParams,
    resposta: detalheImportacaoSchema,
    erros: ['AcessoNegado', 'NaoEncontrado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'O relatório de uma importação: contagens, documentos substituídos e contracheques sem trabalho',
    descricao: SOMENTE_FINANCEIRO,
  }),
  conciliacao: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/gestao/financeiro/conciliacao',
    query: conciliacaoQuery,
    resposta: conciliacaoSchema,
    erros: ['AcessoNegado'],
    acesso: 'sessao',
    grupo: GRUPO,
    resumo: 'Conciliação de uma competência: trabalhos sem contracheque e contracheques sem trabalho',
    descricao: `${SOMENTE_FINANCEIRO} Um relatório: nada é bloqueado por ele.`,
  }),
};
