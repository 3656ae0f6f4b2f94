import type { Generated, Selectable } from 'kysely';

/**
 * Pay documents (docs/produto/minha-conta.md §3). Each row is a document the body issued to one worker, with the
 * values it carries; the PDF is drawn from the row, never stored. `arquivo` is the opaque identifier the
 * client asks for (e.g. 'contracheques/2026/11/CC-100001-000123.pdf'): it is looked up together with the
 * session's worker, never opened as a path. Money is integer centavos; instants ISO-8601 UTC text.
 */

/** ccNormal and ccComplementar pay one engagement; cc13 and ccFerias are the yearly 13th and holiday pay. */
export type TipoContrachequeBanco = 'ccNormal' | 'ccComplementar' | 'cc13' | 'ccFerias';

export interface ContrachequeTable {
  id: Generated<number>;
  cod_avulso: string;
  arquivo: string;
  /** The worker's payslip number, sequential in issue order. */
  numero: number;
  tipo: TipoContrachequeBanco;
  /** Month of reference (competência). */
  ano: number;
  mes: number;
  /** yyyy-MM-dd: the engagement's day, or the payment day of a 13th/holiday payslip. */
  movimento: string;
  /** Reference period of a 13th/holiday payslip ('01/01/2025 a 31/12/2025'); null for engagements. */
  referencia: string | null;
  operacao: string | null;
  turno: string | null;
  operador: string | null;
  navio: string | null;
  porao: string | null;
  sindicato: string;
  funcao: string | null;
  /** Centavos. */
  liquido: number;
  emitido_em: string;
  /** The import that wrote it (null: written before imports existed). */
  id_importacao: number | null;
  /** SHA-256 of the document's content as imported: an identical document is left alone. */
  conteudo_hash: string | null;
  /** The job (`trabalho.id`) this payslip pays, matched at import; null when none (see `conciliacao`). */
  id_trabalho: number | null;
  /** How the match went: 'conciliado' or the reason none matched (docs/produto/financeiro-importacao.md). */
  conciliacao: string | null;
  /** The reason in words, for the staff's report ('Navio diferente: no portal, MSC AURORA'). */
  conciliacao_detalhe: string | null;
}

/** One line of a payslip: P provento (earning), D desconto (deduction), I informativo (for information). */
export interface VerbaContrachequeTable {
  id: Generated<number>;
  id_contracheque: number;
  ordem: number;
  codigo: string;
  descricao: string;
  /** Rate or quantity as printed ('20%', '6 h'); null when none. */
  referencia: string | null;
  natureza: 'P' | 'D' | 'I';
  /** Centavos. */
  valor: number;
}

export interface FichaFinanceiraTable {
  id: Generated<number>;
  cod_avulso: string;
  arquivo: string;
  numero_ficha: number;
  ano: number;
  mes: number;
  /** Engagements paid in the month. */
  engajamentos: number;
  valor_bruto: number;
  valor_ferias: number;
  valor_13_salario: number;
  valor_inss: number;
  valor_irrf: number;
  valor_irrf_ferias: number;
  valor_inss_13: number;
  valor_irrf_13: number;
  valor_fgts_mes: number;
  valor_fgts_ferias: number;
  valor_fgts_13: number;
  emitida_em: string;
  id_importacao: number | null;
  conteudo_hash: string | null;
}

/** The yearly income statement (comprovante de rendimentos pagos e de imposto retido na fonte). */
export interface InformeRendimentosTable {
  id: Generated<number>;
  cod_avulso: string;
  arquivo: string;
  ano_exercicio: number;
  ano_calendario: number;
  rendimentos_tributaveis: number;
  contribuicao_previdenciaria: number;
  irrf: number;
  /** 13th salary net of its social security (tributação exclusiva). */
  decimo_terceiro: number;
  irrf_13: number;
  fgts_depositado: number;
  emitido_em: string;
  id_importacao: number | null;
  conteudo_hash: string | null;
}

/** The four kinds of file the payroll sends (docs/produto/financeiro-importacao.md). */
export type TipoImportacao = 'contracheque' | '13ferias' | 'ficha' | 'informe';

/** An import that changed something: who, when, which file (its SHA-256), what it did. */
export interface ImportacaoFinanceiraTable {
  id: Generated<number>;
  tipo: TipoImportacao;
  por: string;
  em: string;
  digesto: string;
  formato: 'csv' | 'json';
  codificacao: 'utf-8' | 'windows-1252';
  bytes: number;
  linhas: number;
  documentos: number;
  trabalhadores: number;
  criados: number;
  substituidos: number;
  inalterados: number;
  conciliados: number;
  nao_conciliados: number;
  periodos: string;
  avisados: number;
}

/** A document an import replaced, kept whole (its row and, for a payslip, its lines) as JSON. */
export interface DocumentoFinanceiroSubstituidoTable {
  id: Generated<number>;
  /** The import that replaced it. */
  id_importacao: number;
  tabela: 'contracheque' | 'ficha_financeira' | 'informe_rendimentos';
  cod_avulso: string;
  arquivo: string;
  id_importacao_anterior: number | null;
  conteudo: string;
  substituido_em: string;
}

/** A payslip written ahead by an import (`lote`), copied into `contracheque` by its transaction. */
export interface ContrachequePendenteTable
  extends Omit<ContrachequeTable, 'id' | 'id_importacao' | 'conteudo_hash'> {
  lote: string;
  criado_em: string;
  conteudo_hash: string;
}

/** A payslip line written ahead, tied to its payslip by `arquivo`. */
export interface VerbaPendenteTable extends Omit<VerbaContrachequeTable, 'id' | 'id_contracheque'> {
  lote: string;
  arquivo: string;
}

export interface ImportacaoFinanceiraTravaTable {
  id: number;
  em: string | null;
}

export interface TabelasFinanceiro {
  contracheque: ContrachequeTable;
  verba_contracheque: VerbaContrachequeTable;
  ficha_financeira: FichaFinanceiraTable;
  informe_rendimentos: InformeRendimentosTable;
  importacao_financeira: ImportacaoFinanceiraTable;
  documento_financeiro_substituido: DocumentoFinanceiroSubstituidoTable;
  importacao_financeira_trava: ImportacaoFinanceiraTravaTable;
  contracheque_pendente: ContrachequePendenteTable;
  verba_pendente: VerbaPendenteTable;
}

/** Rows as read. */
export type LinhaContracheque = Selectable<ContrachequeTable>;
export type LinhaVerba = Selectable<VerbaContrachequeTable>;
export type LinhaFicha = Selectable<FichaFinanceiraTable>;
export type LinhaInforme = Selectable<InformeRendimentosTable>;
export type LinhaImportacao = Selectable<ImportacaoFinanceiraTable>;
