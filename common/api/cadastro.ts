import { cpf, textoObrigatorio } from '../campos-pessoais.ts';
import { z } from '../zod-pt.ts';
import { definirEndpoint } from './endpoint.ts';
import { codAvulsoSchema, codParams, linhaHistoricoSchema } from './equipe.ts';

/**
 * The workers' record kept by the staff (issue 30, docs/produto/cadastro.md, docs/decisions/0231): search,
 * register, edit, qualifications with an expiry, impediments with a motive and a period, and the append-only
 * history. Only the role `cadastro`.
 */

const GRUPO = 'Cadastro (equipe)';
const SOMENTE_CADASTRO = 'Somente a equipe de cadastro do OGMO (papel `cadastro`).';

export const SITUACOES_AVULSO = ['ativo', 'afastado', 'cancelado'] as const;
export type SituacaoAvulso = (typeof SITUACOES_AVULSO)[number];
export const NOMES_SITUACAO_AVULSO: Record<SituacaoAvulso, string> = {
  ativo: 'Ativo',
  afastado: 'Afastado',
  cancelado: 'Cancelado',
};

/** What a worker not `ativo` reads in the home's red box (and why no offer comes). */
export function mensagemSituacao(situacao: SituacaoAvulso): string {
  return situacao === 'cancelado'
    ? 'Seu cadastro no OGMO está cancelado. Procure o OGMO.'
    : 'Você está afastado no cadastro do OGMO. Procure o OGMO.';
}

/** Results per page of the search. */
export const POR_PAGINA_BUSCA = 20;
export const LIMITE_MOTIVO = 200;

const falha = (error: string) => ({ error, abort: true });

/** A real calendar date yyyy-MM-dd from 1900 on. */
export function dataIsoValida(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const [ano, mes, dia] = [Number(s.slice(0, 4)), Number(s.slice(5, 7)), Number(s.slice(8, 10))];
  if (ano < 1900 || ano > 2999) return false;
  const d = new Date(Date.UTC(ano, mes - 1, dia));
  return d.getUTCFullYear() === ano && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia;
}

export function dataIso(vazio: string) {
  return z
    .string({ error: vazio })
    .trim()
    .min(1, falha(vazio))
    .regex(/^\d{4}-\d{2}-\d{2}$/, falha('Use o formato aaaa-mm-dd.'))
    .refine(dataIsoValida, falha('Data inexistente: confira o dia, o mês e o ano.'));
}

/** The CPF typed with or without its dots and dash, kept as 11 digits. */
export const cpfCadastro = z
  .string({ error: 'Informe o CPF.' })
  .transform((v) => v.replace(/[.\-\s]/g, ''))
  .pipe(cpf());

/** A name: letters (accents included), spaces, apostrophes, dots and hyphens; kept in upper case. */
export const nomeCadastro = textoObrigatorio(80, {
  vazio: 'Informe o nome.',
  longo: 'O nome pode ter no máximo 80 caracteres.',
})
  .regex(/^[\p{L}][\p{L} '.-]*$/u, falha('O nome tem apenas letras, espaços, apóstrofos, pontos e hífens.'))
  .min(3, falha('O nome tem ao menos 3 letras.'))
  .transform((v) => v.replace(/\s+/g, ' ').toLocaleUpperCase('pt-BR'));

export const sexoSchema = z.enum(['F', 'M'], { error: 'Informe o sexo: F ou M.' });
export const artigoSchema = z.union([z.literal(54), z.literal(55)], {
  error: 'O artigo é 54 (cadastro) ou 55 (registro).',
});
export const codSindicatoSchema = z
  .number({ error: 'Informe o sindicato.' })
  .int('Sindicato inválido.')
  .min(1, 'Sindicato inválido: de 1 a 9.')
  .max(9, 'Sindicato inválido: de 1 a 9.');
export const numChamadaSchema = z
  .number({ error: 'Número de chamada inválido.' })
  .int('O número de chamada é inteiro.')
  .min(1, 'O número de chamada vai de 1 a 99999.')
  .max(99_999, 'O número de chamada vai de 1 a 99999.');

export const novoTrabalhadorBody = z.object({
  nome: nomeCadastro,
  cpf: cpfCadastro,
  dataNascimento: dataIso('Informe a data de nascimento.'),
  sexo: sexoSchema,
  codSindicato: codSindicatoSchema,
  artigo: artigoSchema,
  numChamada: numChamadaSchema.optional(),
});
export type NovoTrabalhador = z.input<typeof novoTrabalhadorBody>;

export const edicaoTrabalhadorBody = novoTrabalhadorBody.extend({
  numChamada: numChamadaSchema,
  situacao: z.enum(SITUACOES_AVULSO, { error: 'Situação inválida: ativo, afastado ou cancelado.' }),
});
export type EdicaoTrabalhador = z.input<typeof edicaoTrabalhadorBody>;

export const habilitacaoBody = z.object({
  codFuncao: z
    .number({ error: 'Informe a função.' })
    .int('Função inválida.')
    .min(1, 'Função inválida.')
    .max(9999, 'Função inválida.'),
  /** yyyy-MM-dd: the last day it counts; absent or null, no expiry. */
  validaAte: dataIso('Informe a validade.').nullable().optional(),
});
export type HabilitacaoBody = z.input<typeof habilitacaoBody>;

export const impedimentoBody = z.object({
  motivo: textoObrigatorio(LIMITE_MOTIVO, {
    vazio: 'Informe o motivo: é o que o trabalhador lê no quadro vermelho.',
    longo: `O motivo pode ter no máximo ${LIMITE_MOTIVO} caracteres.`,
  }),
  inicio: dataIso('Informe o início.'),
  /** The last day it counts; absent or null: until ended. */
  fim: dataIso('Informe o fim.').nullable().optional(),
});
export type ImpedimentoBody = z.input<typeof impedimentoBody>;

export const buscaQuery = z.object({
  busca: z.string().trim().max(80, 'A busca pode ter no máximo 80 caracteres.').optional(),
  pagina: z
    .string()
    .regex(/^[1-9]\d{0,4}$/, 'Página inválida.')
    .transform(Number)
    .optional(),
});

export const resumoTrabalhadorSchema = z.object({
  codAvulso: z.string(),
  nome: z.string(),
  cpf: z.string(),
  numChamada: z.number(),
  codSindicato: z.number(),
  sindicato: z.string(),
  codCategoria: z.number(),
  artigo: z.number(),
  situacao: z.enum(SITUACOES_AVULSO),
});
export type ResumoTrabalhador = z.infer<typeof resumoTrabalhadorSchema>;

export const buscaTrabalhadoresSchema = z.object({
  itens: z.array(resumoTrabalhadorSchema),
  total: z.number(),
  pagina: z.number(),
  porPagina: z.number(),
});

export const habilitacaoSchema = z.object({
  codFuncao: z.number(),
  funcao: z.string(),
  codCategoria: z.number(),
  validaAte: z.string().nullable(),
  /** False once `validaAte` has passed: the portal treats it as gone. */
  vigente: z.boolean(),
});

export const impedimentoSchema = z.object({
  id: z.number(),
  motivo: z.string(),
  inicio: z.string(),
  fim: z.string().nullable(),
  criadoEm: z.string(),
  criadoPor: z.string(),
  encerradoEm: z.string().nullable(),
  encerradoPor: z.string().nullable(),
  /** In force today. */
  ativo: z.boolean(),
});
export type Impedimento = z.infer<typeof impedimentoSchema>;

export const trabalhadorSchema = resumoTrabalhadorSchema.extend({
  sexo: z.enum(['F', 'M']),
  dataNascimento: z.string(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  /** Impeded today: an impediment in force, the legacy flag, or a status other than `ativo`. */
  impedido: z.boolean(),
  /** What the worker reads in the red box today. */
  mensagensImpedimento: z.array(z.string()),
  /** Whether the worker has a password (else they need a first-access code). */
  temSenha: z.boolean(),
  /** The badge photo's signed link (as the worker's own `fotoUrl`), or '' without a photo. */
  fotoUrl: z.string(),
  habilitacoes: z.array(habilitacaoSchema),
  impedimentos: z.array(impedimentoSchema),
});
export type Trabalhador = z.infer<typeof trabalhadorSchema>;

const impedimentoParams = z.object({
  cod: codAvulsoSchema,
  id: z
    .string({ error: 'Impedimento inválido.' })
    .regex(/^[1-9]\d{0,8}$/, 'Impedimento inválido.')
    .transform(Number),
});
const habilitacaoParams = z.object({
  cod: codAvulsoSchema,
  codFuncao: z
    .string({ error: 'Função inválida.' })
    .regex(/^[1-9]\d{0,3}$/, 'Função inválida.')
    .transform(Number),
});

const comum = { acesso: 'sessao', descricao: SOMENTE_CADASTRO, grupo: GRUPO } as const;

export const apiCadastro = {
  buscar: definirEndpoint({
    ...comum,
    metodo: 'GET',
    caminho: '/api/gestao/trabalhadores',
    query: buscaQuery,
    resposta: buscaTrabalhadoresSchema,
    erros: ['AcessoNegado'],
    resumo: 'Busca trabalhadores por nome, matrícula, CPF ou número de chamada, em páginas.',
  }),
  cadastrar: definirEndpoint({
    ...comum,
    metodo: 'POST',
    caminho: '/api/gestao/trabalhadores',
    corpo: novoTrabalhadorBody,
    resposta: trabalhadorSchema,
    erros: ['AcessoNegado', 'CpfEmUso', 'NumChamadaEmUso'],
    resumo: 'Cadastra um trabalhador; responde a ficha com a matrícula (codAvulso) nova.',
  }),
  ver: definirEndpoint({
    ...comum,
    metodo: 'GET',
    caminho: '/api/gestao/trabalhadores/:cod',
    params: codParams,
    resposta: trabalhadorSchema,
    erros: ['AcessoNegado', 'NaoEncontrado'],
    resumo: 'A ficha do trabalhador: dados, situação, habilitações e impedimentos.',
  }),
  editar: definirEndpoint({
    ...comum,
    metodo: 'PUT',
    caminho: '/api/gestao/trabalhadores/:cod',
    params: codParams,
    corpo: edicaoTrabalhadorBody,
    resposta: trabalhadorSchema,
    erros: ['AcessoNegado', 'NaoEncontrado', 'CpfEmUso', 'NumChamadaEmUso'],
    resumo: 'Altera os dados do trabalhador (o antes e o depois vão para o histórico).',
  }),
  habilitar: definirEndpoint({
    ...comum,
    metodo: 'POST',
    caminho: '/api/gestao/trabalhadores/:cod/habilitacoes',
    params: codParams,
    corpo: habilitacaoBody,
    resposta: trabalhadorSchema,
    erros: ['AcessoNegado', 'NaoEncontrado'],
    resumo: 'Concede uma habilitação (ou muda a validade da que já existe).',
  }),
  desabilitar: definirEndpoint({
    ...comum,
    metodo: 'DELETE',
    caminho: '/api/gestao/trabalhadores/:cod/habilitacoes/:codFuncao',
    params: habilitacaoParams,
    resposta: trabalhadorSchema,
    erros: ['AcessoNegado', 'NaoEncontrado'],
    resumo: 'Retira uma habilitação.',
  }),
  impedir: definirEndpoint({
    ...comum,
    metodo: 'POST',
    caminho: '/api/gestao/trabalhadores/:cod/impedimentos',
    params: codParams,
    corpo: impedimentoBody,
    resposta: trabalhadorSchema,
    erros: ['AcessoNegado', 'NaoEncontrado'],
    resumo: 'Registra um impedimento; o motivo é o que o trabalhador lê no quadro vermelho.',
  }),
  encerrarImpedimento: definirEndpoint({
    ...comum,
    metodo: 'POST',
    caminho: '/api/gestao/trabalhadores/:cod/impedimentos/:id/encerrar',
    params: impedimentoParams,
    resposta: trabalhadorSchema,
    erros: ['AcessoNegado', 'NaoEncontrado'],
    resumo: 'Encerra um impedimento agora (encerrar de novo não muda nada).',
  }),
  historico: definirEndpoint({
    ...comum,
    metodo: 'GET',
    caminho: '/api/gestao/trabalhadores/:cod/historico',
    params: codParams,
    resposta: z.array(linhaHistoricoSchema),
    erros: ['AcessoNegado', 'NaoEncontrado'],
    resumo: 'O histórico do trabalhador: quem, quando, o quê, antes → depois (só acréscimo).',
  }),
  foto: definirEndpoint({
    ...comum,
    metodo: 'POST',
    caminho: '/api/gestao/trabalhadores/:cod/foto',
    params: codParams,
    corpo: z.instanceof(Uint8Array, { error: 'Envie o arquivo da foto (JPEG, PNG ou WebP).' }),
    tipoCorpo: 'application/octet-stream',
    resposta: trabalhadorSchema,
    erros: ['AcessoNegado', 'NaoEncontrado'],
    resumo: 'Troca a foto do crachá (JPEG, PNG ou WebP, até 5 MB): recodificada, sem metadados EXIF.',
    descricao:
      `${SOMENTE_CADASTRO} O corpo é o arquivo da imagem (\`application/octet-stream\`, \`image/jpeg\`, ` +
      '`image/png` ou `image/webp`). O servidor decodifica e grava uma JPEG nova de no máximo 600 × 800, sem ' +
      'metadados; o que não é imagem de verdade é recusado com DadosInvalidos. O histórico guarda o digesto ' +
      'SHA-256 da foto antes e depois, nunca os bytes.',
  }),
};

/** The legacy system's file (docs/produto/cadastro.md §Importação): at most this many errors are listed. */
export const MAXIMO_ERROS_IMPORTACAO = 200;
export const LIMITE_BYTES_IMPORTACAO_CADASTRO = 32 * 1024 * 1024;
export const MAXIMO_LINHAS_IMPORTACAO_CADASTRO = 200_000;

export const erroImportacaoCadastroSchema = z.object({
  /** The file's line (the header is line 1). */
  linha: z.number(),
  campo: z.string(),
  mensagem: z.string(),
});

export const relatorioImportacaoCadastroSchema = z.object({
  simulado: z.boolean(),
  codificacao: z.enum(['utf-8', 'windows-1252']),
  /** Lines read, the header not counted. */
  linhas: z.number(),
  criados: z.number(),
  alterados: z.number(),
  inalterados: z.number(),
  erros: z.array(erroImportacaoCadastroSchema),
  totalErros: z.number(),
  duracaoMs: z.number(),
});
export type RelatorioImportacaoCadastro = z.infer<typeof relatorioImportacaoCadastroSchema>;

export const apiImportacaoCadastro = {
  importar: definirEndpoint({
    ...comum,
    metodo: 'POST',
    caminho: '/api/gestao/trabalhadores/importar',
    query: z.object({ simular: z.enum(['0', '1'], { error: 'simular é 0 ou 1.' }).optional() }),
    corpo: z.union([z.string(), z.instanceof(Uint8Array)], { error: 'Envie o arquivo CSV (text/csv).' }),
    tipoCorpo: 'text/csv',
    resposta: relatorioImportacaoCadastroSchema,
    erros: ['AcessoNegado'],
    resumo: 'Importa o cadastro do sistema antigo (CSV): tudo ou nada; importar de novo não muda nada.',
    descricao:
      `${SOMENTE_CADASTRO} O corpo é o arquivo CSV (\`text/csv\`, UTF-8 ou Windows-1252) no formato de ` +
      '`docs/produto/cadastro.md`. `?simular=1` confere e não grava nada. Um arquivo com erros não importa nada: ' +
      'a recusa `DadosInvalidos` traz em `dados` o relatório, com os erros por linha e coluna.',
  }),
};
