import { z } from '../zod-pt.ts';
import { arquivo, definirEndpoint } from './endpoint.ts';

/**
 * The pay documents of docs/produto/minha-conta.md §3 and §7: four lists and four file downloads.
 * Money travels as a number of reais with two decimals; instants as ISO-8601 UTC text.
 */

export const TIPOS_CONTRACHEQUE = ['ccNormal', 'ccComplementar'] as const;
export type TipoContracheque = (typeof TIPOS_CONTRACHEQUE)[number];

export const dadosContrachequeSchema = z.object({
  /** ccNormal means Normal, ccComplementar means Complementar. */
  tipo: z.enum(TIPOS_CONTRACHEQUE),
  /** yyyy-MM-dd: the day of the engagement the payslip pays. */
  movimento: z.string(),
  operacao: z.string(),
  /** Shift as 'HH-HH' (hours zero-padded). */
  turno: z.string(),
  operador: z.string(),
  navio: z.string(),
  porao: z.string(),
  sindicato: z.string(),
  funcao: z.string(),
  liquido: z.number(),
  datahoraEmissao: z.string(),
});
export type DadosContracheque = z.infer<typeof dadosContrachequeSchema>;

export const contrachequeSchema = z.object({
  numero: z.number(),
  arquivo: z.string(),
  dados: dadosContrachequeSchema,
});
export type Contracheque = z.infer<typeof contrachequeSchema>;

export const mesContrachequesSchema = z.object({
  mes: z.number(),
  nomeMes: z.string(),
  contracheques: z.array(contrachequeSchema),
});
export const anoContrachequesSchema = z.object({ ano: z.number(), meses: z.array(mesContrachequesSchema) });
export type AnoContracheques = z.infer<typeof anoContrachequesSchema>;

/** GET /api/avulso/contracheques */
export const contrachequesRespostaSchema = z.object({ contracheques: z.array(anoContrachequesSchema) });
export type ContrachequesResposta = z.infer<typeof contrachequesRespostaSchema>;

export const contracheque13FeriasSchema = z.object({
  nomeMes: z.string(),
  mes: z.number(),
  numero: z.number(),
  arquivo: z.string(),
  dados: z.object({
    /** '13º Salário' or 'Férias'. */
    cc: z.string(),
    sindicato: z.string(),
    liquido: z.number(),
    datahoraEmissao: z.string(),
  }),
});
export type Contracheque13Ferias = z.infer<typeof contracheque13FeriasSchema>;

export const ano13FeriasSchema = z.object({
  ano: z.number(),
  contracheques13Ferias: z.array(contracheque13FeriasSchema),
});
export type Ano13Ferias = z.infer<typeof ano13FeriasSchema>;

/** GET /api/avulso/contracheques13Ferias */
export const contracheques13FeriasRespostaSchema = z.object({
  contracheques13Ferias: z.array(ano13FeriasSchema),
});
export type Contracheques13FeriasResposta = z.infer<typeof contracheques13FeriasRespostaSchema>;

export const dadosFichaSchema = z.object({
  valorBruto: z.number(),
  valorFerias: z.number(),
  valor13Salario: z.number(),
  valorInss: z.number(),
  valorIrrf: z.number(),
  valorIrrfFerias: z.number(),
  valorInss13: z.number(),
  valorIrrf13: z.number(),
  valorFgtsMes: z.number(),
  valorFgtsFerias: z.number(),
  valorFgts13: z.number(),
  dataHoraEmissao: z.string(),
});
export type DadosFicha = z.infer<typeof dadosFichaSchema>;

export const fichaFinanceiraSchema = z.object({
  nomeMes: z.string(),
  mes: z.number(),
  numeroFicha: z.number(),
  arquivo: z.string(),
  dados: dadosFichaSchema,
});
export type FichaFinanceira = z.infer<typeof fichaFinanceiraSchema>;

export const anoFichasSchema = z.object({ ano: z.number(), fichas: z.array(fichaFinanceiraSchema) });
export type AnoFichas = z.infer<typeof anoFichasSchema>;

/** GET /api/avulso/fichasFinanceiras */
export const fichasFinanceirasRespostaSchema = z.object({ fichasFinanceiras: z.array(anoFichasSchema) });
export type FichasFinanceirasResposta = z.infer<typeof fichasFinanceirasRespostaSchema>;

export const informeRendimentosSchema = z.object({
  arquivo: z.string(),
  dados: z.object({ anoExercicio: z.number(), anoCalendario: z.number() }),
});
export type InformeRendimentos = z.infer<typeof informeRendimentosSchema>;

/** GET /api/avulso/informesRendimentos */
export const informesRendimentosRespostaSchema = z.object({
  informesRendimentos: z.array(informeRendimentosSchema),
});
export type InformesRendimentosResposta = z.infer<typeof informesRendimentosRespostaSchema>;

export const TAMANHO_MAXIMO_ARQUIVO = 200;

/**
 * The query of the four downloads. `arquivo` is an identifier the server issued (letters, digits,
 * '/', '.', '_' and '-'); anything else is refused before it reaches the database.
 */
export const arquivoQuery = z.object({
  arquivo: z
    .string({ error: 'Informe o arquivo.' })
    .min(1, 'Informe o arquivo.')
    .max(TAMANHO_MAXIMO_ARQUIVO, 'Arquivo inválido.')
    .regex(/^[A-Za-z0-9._/-]+$/, 'Arquivo inválido.'),
});
export type ArquivoQuery = z.infer<typeof arquivoQuery>;

/** The name a download is saved under: the last path segment of `arquivo` (docs/produto/minha-conta.md §4). */
export function nomeDoArquivo(arquivo: string): string {
  const partes = arquivo.split(/[\\/]/).filter((p) => p !== '');
  return partes.at(-1) ?? 'documento.pdf';
}

/** ccNormal → 'Normal', ccComplementar → 'Complementar'. */
export function nomeTipoContracheque(tipo: TipoContracheque): string {
  return tipo === 'ccComplementar' ? 'Complementar' : 'Normal';
}

const documento = (caminho: `/api/avulso/${string}`, nome: string) =>
  definirEndpoint({
    metodo: 'GET',
    caminho,
    query: arquivoQuery,
    resposta: arquivo('application/pdf'),
    erros: ['NaoEncontrado'],
    acesso: 'sessao',
    grupo: 'Documentos financeiros',
    resumo: `O PDF ${nome} indicado por \`arquivo\` (do item da lista)`,
    caro: true,
  });

export const apiFinanceiro = {
  contracheques: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/avulso/contracheques',
    resposta: contrachequesRespostaSchema,
    erros: [],
    acesso: 'sessao',
    grupo: 'Documentos financeiros',
    resumo: 'Os contracheques do trabalhador por ano e mês',
  }),
  contracheques13Ferias: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/avulso/contracheques13Ferias',
    resposta: contracheques13FeriasRespostaSchema,
    erros: [],
    acesso: 'sessao',
    grupo: 'Documentos financeiros',
    resumo: 'Os contracheques de 13º e férias por ano',
  }),
  fichasFinanceiras: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/avulso/fichasFinanceiras',
    resposta: fichasFinanceirasRespostaSchema,
    erros: [],
    acesso: 'sessao',
    grupo: 'Documentos financeiros',
    resumo: 'As fichas financeiras por ano',
  }),
  informesRendimentos: definirEndpoint({
    metodo: 'GET',
    caminho: '/api/avulso/informesRendimentos',
    resposta: informesRendimentosRespostaSchema,
    erros: [],
    acesso: 'sessao',
    grupo: 'Documentos financeiros',
    resumo: 'Os informes de rendimentos por ano-calendário',
  }),
  contracheque: documento('/api/avulso/contracheque', 'do contracheque'),
  contracheque13Ferias: documento('/api/avulso/contracheque13Ferias', 'do contracheque de 13º ou férias'),
  fichaFinanceira: documento('/api/avulso/fichaFinanceira', 'da ficha financeira'),
  informeRendimentos: documento('/api/avulso/informeRendimentos', 'do informe de rendimentos'),
} as const;
