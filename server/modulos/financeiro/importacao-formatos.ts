import { hash } from 'node:crypto';
import {
  type ErroImportacao,
  MAXIMO_ERROS_LISTADOS,
  type TipoImportacao,
} from '#common/api/financeiro-importacao.ts';
import * as celula from './importacao-celulas.ts';
import type { TipoContrachequeBanco } from './tabelas.ts';

/**
 * The four documented formats (docs/produto/financeiro-importacao.md): their columns and how a file's lines
 * become documents. A payslip is one line per earning, deduction or information line, its document columns
 * repeated on each (a spreadsheet's natural shape); its lines come together, so a number seen again later is
 * the same document twice. A record and an income statement are one line each. Every check that needs only
 * the file is here; those that need the database (the worker exists, a number already used by another kind)
 * are in importacao-servico.ts.
 */

/** Collects errors by line and column: all of them counted, the first MAXIMO_ERROS_LISTADOS kept. */
export class ErrosImportacao {
  readonly lista: ErroImportacao[] = [];
  total = 0;
  add(linha: number, campo: string, mensagem: string): void {
    this.total++;
    if (this.lista.length < MAXIMO_ERROS_LISTADOS) this.lista.push({ linha, campo, mensagem });
  }
  ordenados(): ErroImportacao[] {
    return [...this.lista].sort((a, b) => a.linha - b.linha);
  }
}

export interface VerbaImportada {
  ordem: number;
  codigo: string;
  descricao: string;
  referencia: string | null;
  natureza: 'P' | 'D' | 'I';
  valor: number;
}

interface Documento {
  /** The file's line where the document starts. */
  linha: number;
  cod_avulso: string;
  arquivo: string;
  emitido_em: string;
  /** SHA-256 of what the document carries: an identical one is left alone. */
  conteudo_hash: string;
}

export interface ContrachequeImportado extends Documento {
  numero: number;
  tipo: TipoContrachequeBanco;
  ano: number;
  mes: number;
  movimento: string;
  referencia: string | null;
  operacao: string | null;
  turno: string | null;
  operador: string | null;
  navio: string | null;
  porao: string | null;
  sindicato: string;
  funcao: string | null;
  liquido: number;
  verbas: VerbaImportada[];
}

export interface FichaImportada extends Documento {
  numero_ficha: number;
  ano: number;
  mes: number;
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
}

export interface InformeImportado extends Documento {
  ano_exercicio: number;
  ano_calendario: number;
  rendimentos_tributaveis: number;
  contribuicao_previdenciaria: number;
  irrf: number;
  decimo_terceiro: number;
  irrf_13: number;
  fgts_depositado: number;
}

export type DocumentosImportados =
  | { tipo: 'contracheque' | '13ferias'; documentos: ContrachequeImportado[] }
  | { tipo: 'ficha'; documentos: FichaImportada[] }
  | { tipo: 'informe'; documentos: InformeImportado[] };

const COLUNAS_VERBA = [
  'codigo_verba',
  'descricao_verba',
  'referencia_verba',
  'natureza',
  'valor',
  'total_proventos',
  'total_descontos',
  'liquido',
] as const;

/** The columns of each kind, in the order the portal writes them (any order is read). */
export const COLUNAS: Record<TipoImportacao, readonly string[]> = {
  contracheque: [
    'matricula',
    'numero',
    'tipo',
    'competencia',
    'movimento',
    'turno',
    'operacao',
    'operador',
    'navio',
    'porao',
    'funcao',
    'sindicato',
    'emissao',
    ...COLUNAS_VERBA,
  ],
  '13ferias': [
    'matricula',
    'numero',
    'tipo',
    'competencia',
    'pagamento',
    'periodo',
    'sindicato',
    'emissao',
    ...COLUNAS_VERBA,
  ],
  ficha: [
    'matricula',
    'numero',
    'competencia',
    'engajamentos',
    'valor_bruto',
    'valor_ferias',
    'valor_13_salario',
    'valor_inss',
    'valor_irrf',
    'valor_irrf_ferias',
    'valor_inss_13',
    'valor_irrf_13',
    'total_descontos',
    'valor_fgts_mes',
    'valor_fgts_ferias',
    'valor_fgts_13',
    'total_fgts',
    'emissao',
  ],
  informe: [
    'matricula',
    'ano_calendario',
    'ano_exercicio',
    'rendimentos_tributaveis',
    'contribuicao_previdenciaria',
    'irrf',
    'decimo_terceiro',
    'irrf_13',
    'fgts_depositado',
    'emissao',
  ],
};

/** Columns that may be empty. */
const OPCIONAIS = new Set(['porao', 'referencia_verba']);

/** A payslip's own columns on each line; the others describe the document and repeat on each of its lines. */
const COLUNAS_DA_LINHA = new Set([
  'codigo_verba',
  'descricao_verba',
  'referencia_verba',
  'natureza',
  'valor',
]);
const COLUNAS_DOCUMENTO = {
  contracheque: COLUNAS.contracheque.filter((c) => !COLUNAS_DA_LINHA.has(c)),
  '13ferias': COLUNAS['13ferias'].filter((c) => !COLUNAS_DA_LINHA.has(c)),
};

const dois = (n: number) => String(n).padStart(2, '0');
const seis = (n: number) => String(n).padStart(6, '0');

/** The identifiers of docs/decisions/0041 (§`arquivo`), built from the document's own key. */
export function arquivoContracheque(
  c: Pick<ContrachequeImportado, 'tipo' | 'ano' | 'mes' | 'cod_avulso' | 'numero'>,
) {
  const anual = c.tipo === 'cc13' || c.tipo === 'ccFerias';
  const prefixo = c.tipo === 'cc13' ? 'C13' : c.tipo === 'ccFerias' ? 'FER' : 'CC';
  return `${anual ? 'contracheques-13-ferias' : 'contracheques'}/${c.ano}/${dois(c.mes)}/${prefixo}-${c.cod_avulso}-${seis(c.numero)}.pdf`;
}
export const arquivoFicha = (f: Pick<FichaImportada, 'ano' | 'mes' | 'cod_avulso'>) =>
  `fichas-financeiras/${f.ano}/FF-${f.cod_avulso}-${f.ano}${dois(f.mes)}.pdf`;
export const arquivoInforme = (
  i: Pick<InformeImportado, 'ano_exercicio' | 'ano_calendario' | 'cod_avulso'>,
) => `informes-rendimentos/${i.ano_exercicio}/IR-${i.cod_avulso}-${i.ano_calendario}.pdf`;

/** SHA-256 of a document's values (identifier and lines included, the file's line numbers not). */
export function hashConteudo(valores: unknown): string {
  return hash('sha256', JSON.stringify(valores));
}

export interface ContextoLeitura {
  fuso: string;
  /** Now: no document is issued in the future, no competência after this month. */
  agora: Date;
  /** yyyy-MM of `agora` in the port's time zone. */
  mesCorrente: string;
  /** The reader found no control character in the whole text outside line breaks, and no quote. */
  textoLimpo?: boolean;
}

/** A line of the file: its number and its cells by column. */
export interface LinhaArquivo {
  linha: number;
  celula(coluna: string): string;
}

/** Turns lines into documents of one kind, checking each; `terminar` closes the last one. */
export interface Montador {
  aceitar(l: LinhaArquivo): void;
  terminar(): DocumentosImportados;
}

const ANO_MINIMO = 2000;

/** 'Férias', 'ferias', '13º salário' → 'FERIAS', '13OSALARIO': the kinds and natures as people type them. */
function normalizarTipo(valor: string): string {
  const simples = valor.trim().toUpperCase();
  if (/^[A-Z0-9]+$/.test(simples)) return simples;
  return celula.normalizarNome(valor).replace(/[^A-Z0-9]/g, '');
}

const TIPOS_ENGAJAMENTO: Record<string, TipoContrachequeBanco> = {
  NORMAL: 'ccNormal',
  CCNORMAL: 'ccNormal',
  COMPLEMENTAR: 'ccComplementar',
  CCCOMPLEMENTAR: 'ccComplementar',
};
const TIPOS_ANUAIS: Record<string, TipoContrachequeBanco> = {
  '13': 'cc13',
  '13O': 'cc13',
  '13OSALARIO': 'cc13',
  '13SALARIO': 'cc13',
  CC13: 'cc13',
  FERIAS: 'ccFerias',
  CCFERIAS: 'ccFerias',
};
const NATUREZAS: Record<string, VerbaImportada['natureza']> = {
  P: 'P',
  PROVENTO: 'P',
  D: 'D',
  DESCONTO: 'D',
  I: 'I',
  INFORMATIVO: 'I',
  INFORMATIVA: 'I',
};

/** Reads a line's cells with the right reader each, collecting errors; `null` when any cell failed. */
class LeitorLinha {
  private falhou = false;
  private readonly l: LinhaArquivo;
  private readonly erros: ErrosImportacao;
  private readonly limpo: boolean;
  constructor(l: LinhaArquivo, erros: ErrosImportacao, limpo = false) {
    this.l = l;
    this.erros = erros;
    this.limpo = limpo;
  }
  texto(coluna: string, maximo: number, opcional = false): string | undefined {
    return this.ler(coluna, (v) => celula.texto(v, maximo, opcional, this.limpo));
  }
  get ok() {
    return !this.falhou;
  }
  ler<T>(coluna: string, leitor: (v: string) => celula.Lido<T>): T | undefined {
    const valor = this.l.celula(coluna);
    if (OPCIONAIS.has(coluna) && valor.trim() === '') return undefined;
    const r = leitor(valor);
    if (r.ok) return r.valor;
    this.falhou = true;
    this.erros.add(this.l.linha, coluna, r.mensagem);
    return undefined;
  }
  falhar(coluna: string, mensagem: string) {
    this.falhou = true;
    this.erros.add(this.l.linha, coluna, mensagem);
  }
}

function conferirCompetencia(
  ler: LeitorLinha,
  coluna: string,
  c: celula.Competencia | undefined,
  ctx: ContextoLeitura,
) {
  if (!c) return;
  const chave = `${c.ano}-${dois(c.mes)}`;
  if (c.ano < ANO_MINIMO) ler.falhar(coluna, `Competência anterior a ${ANO_MINIMO}.`);
  else if (chave > ctx.mesCorrente) ler.falhar(coluna, 'Competência futura.');
}

function conferirEmissao(
  ler: LeitorLinha,
  emissao: string | undefined,
  ctx: ContextoLeitura,
  desde?: string,
) {
  if (!emissao) return;
  const ms = Date.parse(emissao);
  // A minute of slack for the clocks of the payroll and of the portal.
  if (ms > ctx.agora.getTime() + 60_000) ler.falhar('emissao', 'Emissão no futuro.');
  // A day of slack for the time zone: the document's day is local, the instant is UTC.
  else if (desde && ms < Date.parse(`${desde}T00:00:00Z`) - 86_400_000)
    ler.falhar('emissao', 'Emissão anterior à data do documento.');
}

/** Payslips (of engagements, or of the 13th salary and holidays): many lines per document. */
class MontadorContracheques implements Montador {
  private readonly documentos: ContrachequeImportado[] = [];
  /** Each document's key and its first line: a key seen again later is a duplicate. */
  private readonly vistos = new Map<string, number>();
  private atual:
    | {
        chave: string;
        linha: number;
        brutos: string[];
        doc: ContrachequeImportado | undefined;
        totais: { proventos?: number; descontos?: number; liquido?: number };
        falhou: boolean;
      }
    | undefined;

  private readonly tipo: 'contracheque' | '13ferias';
  private readonly erros: ErrosImportacao;
  private readonly ctx: ContextoLeitura;
  constructor(tipo: 'contracheque' | '13ferias', erros: ErrosImportacao, ctx: ContextoLeitura) {
    this.tipo = tipo;
    this.erros = erros;
    this.ctx = ctx;
  }

  aceitar(l: LinhaArquivo): void {
    const chave = `${l.celula('matricula').trim()}|${l
      .celula('numero')
      .trim()
      .replace(/^0+(?=\d)/, '')}`;
    const colunasDoc = COLUNAS_DOCUMENTO[this.tipo];
    if (this.atual?.chave !== chave) {
      this.fechar();
      const anterior = this.vistos.get(chave);
      if (anterior !== undefined) {
        this.erros.add(
          l.linha,
          'numero',
          `Documento repetido: o contracheque ${l.celula('numero').trim()} da matrícula ${l.celula('matricula').trim()} já veio na linha ${anterior}.`,
        );
        // Its lines are skipped: one error for the document, not one per line.
        this.atual = { chave, linha: l.linha, brutos: [], doc: undefined, totais: {}, falhou: true };
        return;
      }
      this.vistos.set(chave, l.linha);
      const brutos = colunasDoc.map((c) => l.celula(c));
      const ler = new LeitorLinha(l, this.erros, this.ctx.textoLimpo);
      const doc = this.lerDocumento(ler);
      const totais = {
        proventos: ler.ler('total_proventos', celula.dinheiro),
        descontos: ler.ler('total_descontos', celula.dinheiro),
        liquido: ler.ler('liquido', celula.dinheiro),
      };
      this.atual = { chave, linha: l.linha, brutos, doc: ler.ok ? doc : undefined, totais, falhou: !ler.ok };
    } else if (this.atual.brutos.length > 0) {
      // The document's columns repeat on every line of it.
      const atual = this.atual;
      colunasDoc.forEach((c, i) => {
        if (l.celula(c) !== atual.brutos[i]) {
          this.erros.add(l.linha, c, `Difere da primeira linha do documento (linha ${atual.linha}).`);
          atual.falhou = true;
        }
      });
    }
    const atual = this.atual;
    if (!atual || atual.brutos.length === 0) return;
    const ler = new LeitorLinha(l, this.erros, this.ctx.textoLimpo);
    const codigo = ler.texto('codigo_verba', 10);
    const descricao = ler.texto('descricao_verba', 80);
    const referencia = ler.texto('referencia_verba', 20, true);
    const natureza = ler.ler('natureza', (v) => {
      const n = NATUREZAS[normalizarTipo(v)];
      return n
        ? { ok: true, valor: n }
        : { ok: false, mensagem: 'Natureza P (provento), D (desconto) ou I (informativo).' };
    });
    const valor = ler.ler('valor', celula.dinheiro);
    if (
      !ler.ok ||
      codigo === undefined ||
      descricao === undefined ||
      natureza === undefined ||
      valor === undefined
    ) {
      atual.falhou = true;
      return;
    }
    if (atual.doc) {
      if (atual.doc.verbas.length >= 60) {
        if (!atual.falhou) this.erros.add(l.linha, 'codigo_verba', 'No máximo 60 verbas por contracheque.');
        atual.falhou = true;
        return;
      }
      atual.doc.verbas.push({
        ordem: atual.doc.verbas.length + 1,
        codigo,
        descricao,
        referencia: referencia || null,
        natureza,
        valor,
      });
    }
  }

  private lerDocumento(ler: LeitorLinha): ContrachequeImportado | undefined {
    const anual = this.tipo === '13ferias';
    const cod = ler.ler('matricula', celula.matricula);
    const numero = ler.ler('numero', (v) => celula.inteiro(v, 1, 999_999));
    const tipo = ler.ler('tipo', (v) => {
      const t = (anual ? TIPOS_ANUAIS : TIPOS_ENGAJAMENTO)[normalizarTipo(v)];
      return t
        ? { ok: true, valor: t }
        : { ok: false, mensagem: anual ? 'Tipo 13 ou Ferias.' : 'Tipo Normal ou Complementar.' };
    });
    const comp = ler.ler('competencia', celula.competencia);
    conferirCompetencia(ler, 'competencia', comp, this.ctx);
    const colunaData = anual ? 'pagamento' : 'movimento';
    const movimento = ler.ler(colunaData, celula.data);
    if (movimento && comp && movimento.slice(0, 7) !== `${comp.ano}-${dois(comp.mes)}`)
      ler.falhar(colunaData, anual ? 'Pagamento fora da competência.' : 'Movimento fora da competência.');
    const sindicato = ler.texto('sindicato', 40);
    const emitido = ler.ler('emissao', (v) => celula.instante(v, this.ctx.fuso));
    conferirEmissao(ler, emitido, this.ctx, movimento);
    let engajamento: Pick<
      ContrachequeImportado,
      'operacao' | 'turno' | 'operador' | 'navio' | 'porao' | 'funcao'
    > = {
      operacao: null,
      turno: null,
      operador: null,
      navio: null,
      porao: null,
      funcao: null,
    };
    let referencia: string | null = null;
    if (anual) referencia = ler.texto('periodo', 80) ?? null;
    else
      engajamento = {
        turno: ler.ler('turno', celula.turno)?.texto ?? null,
        operacao: ler.texto('operacao', 120) ?? null,
        operador: ler.texto('operador', 80) ?? null,
        navio: ler.texto('navio', 80) ?? null,
        porao: ler.texto('porao', 10, true) || null,
        funcao: ler.texto('funcao', 80) ?? null,
      };
    if (!ler.ok || !cod || !numero || !tipo || !comp || !movimento || !sindicato || !emitido)
      return undefined;
    const doc: ContrachequeImportado = {
      linha: 0,
      cod_avulso: cod,
      arquivo: '',
      numero,
      tipo,
      ano: comp.ano,
      mes: comp.mes,
      movimento,
      referencia,
      ...engajamento,
      sindicato,
      liquido: 0,
      emitido_em: emitido,
      conteudo_hash: '',
      verbas: [],
    };
    doc.arquivo = arquivoContracheque(doc);
    return doc;
  }

  /** The document is complete: its totals must add up. */
  private fechar(): void {
    const atual = this.atual;
    this.atual = undefined;
    if (!atual?.doc || atual.falhou) return;
    const { doc, totais, linha } = atual;
    const soma = (n: VerbaImportada['natureza']) =>
      doc.verbas.filter((v) => v.natureza === n).reduce((s, v) => s + v.valor, 0);
    const proventos = soma('P');
    const descontos = soma('D');
    let bate = true;
    const conferir = (coluna: string, declarado: number | undefined, calculado: number, texto: string) => {
      if (declarado !== undefined && declarado !== calculado) {
        bate = false;
        this.erros.add(
          linha,
          coluna,
          `${texto}: o arquivo diz ${reais(declarado)}, as verbas somam ${reais(calculado)}.`,
        );
      }
    };
    conferir('total_proventos', totais.proventos, proventos, 'Total de proventos não confere');
    conferir('total_descontos', totais.descontos, descontos, 'Total de descontos não confere');
    conferir('liquido', totais.liquido, proventos - descontos, 'Líquido não confere (proventos − descontos)');
    if (proventos - descontos < 0) {
      bate = false;
      this.erros.add(linha, 'liquido', 'Descontos maiores que os proventos.');
    }
    if (proventos > celula.MAXIMO_CENTAVOS) {
      bate = false;
      this.erros.add(linha, 'total_proventos', 'Total alto demais (no máximo 9.999.999,99).');
    }
    if (!bate) return;
    doc.linha = linha;
    doc.liquido = proventos - descontos;
    const { linha: _linha, conteudo_hash: _hash, ...valores } = doc;
    doc.conteudo_hash = hashConteudo(valores);
    this.documentos.push(doc);
  }

  terminar(): DocumentosImportados {
    this.fechar();
    return { tipo: this.tipo, documentos: this.documentos };
  }
}

const reais = (centavos: number) =>
  `${Math.floor(centavos / 100).toLocaleString('pt-BR')},${String(centavos % 100).padStart(2, '0')}`;

const CAMPOS_FICHA = [
  'valor_bruto',
  'valor_ferias',
  'valor_13_salario',
  'valor_inss',
  'valor_irrf',
  'valor_irrf_ferias',
  'valor_inss_13',
  'valor_irrf_13',
  'valor_fgts_mes',
  'valor_fgts_ferias',
  'valor_fgts_13',
] as const;

/** Financial records: one line each; its two totals must add up. */
class MontadorFichas implements Montador {
  private readonly documentos: FichaImportada[] = [];
  private readonly vistos = new Map<string, number>();
  private readonly erros: ErrosImportacao;
  private readonly ctx: ContextoLeitura;
  constructor(erros: ErrosImportacao, ctx: ContextoLeitura) {
    this.erros = erros;
    this.ctx = ctx;
  }

  aceitar(l: LinhaArquivo): void {
    const ler = new LeitorLinha(l, this.erros, this.ctx.textoLimpo);
    const cod = ler.ler('matricula', celula.matricula);
    const numero = ler.ler('numero', (v) => celula.inteiro(v, 1, 999_999));
    const comp = ler.ler('competencia', celula.competencia);
    conferirCompetencia(ler, 'competencia', comp, this.ctx);
    const engajamentos = ler.ler('engajamentos', (v) => celula.inteiro(v, 0, 999));
    const valores: Partial<Record<(typeof CAMPOS_FICHA)[number], number>> = {};
    for (const campo of CAMPOS_FICHA) valores[campo] = ler.ler(campo, celula.dinheiro);
    const totalDescontos = ler.ler('total_descontos', celula.dinheiro);
    const totalFgts = ler.ler('total_fgts', celula.dinheiro);
    const emitida = ler.ler('emissao', (v) => celula.instante(v, this.ctx.fuso));
    conferirEmissao(ler, emitida, this.ctx);
    if (!ler.ok || !cod || !numero || !comp || engajamentos === undefined || !emitida) return;
    for (const [chave, texto] of [
      [`${cod}|${comp.ano}-${comp.mes}`, `A ficha de ${dois(comp.mes)}/${comp.ano} da matrícula ${cod}`],
      [`${cod}|n${numero}`, `A ficha nº ${numero} da matrícula ${cod}`],
    ] as const) {
      const anterior = this.vistos.get(chave);
      if (anterior !== undefined) {
        this.erros.add(
          l.linha,
          chave.includes('|n') ? 'numero' : 'competencia',
          `Documento repetido: ${texto} já veio na linha ${anterior}.`,
        );
        return;
      }
    }
    this.vistos.set(`${cod}|${comp.ano}-${comp.mes}`, l.linha);
    this.vistos.set(`${cod}|n${numero}`, l.linha);
    const v = valores as Record<(typeof CAMPOS_FICHA)[number], number>;
    const descontos = v.valor_inss + v.valor_irrf + v.valor_irrf_ferias + v.valor_inss_13 + v.valor_irrf_13;
    const fgts = v.valor_fgts_mes + v.valor_fgts_ferias + v.valor_fgts_13;
    let bate = true;
    if (totalDescontos !== descontos) {
      bate = false;
      this.erros.add(
        l.linha,
        'total_descontos',
        `Total de descontos não confere: o arquivo diz ${reais(totalDescontos ?? 0)}, os descontos somam ${reais(descontos)}.`,
      );
    }
    if (totalFgts !== fgts) {
      bate = false;
      this.erros.add(
        l.linha,
        'total_fgts',
        `Total de FGTS não confere: o arquivo diz ${reais(totalFgts ?? 0)}, os depósitos somam ${reais(fgts)}.`,
      );
    }
    if (!bate) return;
    const doc: FichaImportada = {
      linha: l.linha,
      cod_avulso: cod,
      arquivo: arquivoFicha({ ano: comp.ano, mes: comp.mes, cod_avulso: cod }),
      numero_ficha: numero,
      ano: comp.ano,
      mes: comp.mes,
      engajamentos,
      ...v,
      emitido_em: emitida,
      conteudo_hash: '',
    };
    const { linha: _l, conteudo_hash: _h, ...conteudo } = doc;
    doc.conteudo_hash = hashConteudo(conteudo);
    this.documentos.push(doc);
  }

  terminar(): DocumentosImportados {
    return { tipo: 'ficha', documentos: this.documentos };
  }
}

const CAMPOS_INFORME = [
  'rendimentos_tributaveis',
  'contribuicao_previdenciaria',
  'irrf',
  'decimo_terceiro',
  'irrf_13',
  'fgts_depositado',
] as const;

/** Income statements: one line each, of a closed calendar year. */
class MontadorInformes implements Montador {
  private readonly documentos: InformeImportado[] = [];
  private readonly vistos = new Map<string, number>();
  private readonly erros: ErrosImportacao;
  private readonly ctx: ContextoLeitura;
  constructor(erros: ErrosImportacao, ctx: ContextoLeitura) {
    this.erros = erros;
    this.ctx = ctx;
  }

  aceitar(l: LinhaArquivo): void {
    const ler = new LeitorLinha(l, this.erros, this.ctx.textoLimpo);
    const anoCorrente = Number(this.ctx.mesCorrente.slice(0, 4));
    const cod = ler.ler('matricula', celula.matricula);
    const calendario = ler.ler('ano_calendario', (v) => celula.inteiro(v, ANO_MINIMO, 9999));
    if (calendario !== undefined && calendario >= anoCorrente)
      ler.falhar('ano_calendario', 'O ano-calendário ainda não terminou.');
    const exercicio = ler.ler('ano_exercicio', (v) => celula.inteiro(v, ANO_MINIMO, 9999));
    if (calendario !== undefined && exercicio !== undefined && exercicio !== calendario + 1)
      ler.falhar('ano_exercicio', 'O exercício é o ano seguinte ao ano-calendário.');
    const valores: Partial<Record<(typeof CAMPOS_INFORME)[number], number>> = {};
    for (const campo of CAMPOS_INFORME) valores[campo] = ler.ler(campo, celula.dinheiro);
    const emitido = ler.ler('emissao', (v) => celula.instante(v, this.ctx.fuso));
    conferirEmissao(ler, emitido, this.ctx);
    if (!ler.ok || !cod || !calendario || !exercicio || !emitido) return;
    const chave = `${cod}|${calendario}`;
    const anterior = this.vistos.get(chave);
    if (anterior !== undefined) {
      this.erros.add(
        l.linha,
        'ano_calendario',
        `Documento repetido: o informe de ${calendario} da matrícula ${cod} já veio na linha ${anterior}.`,
      );
      return;
    }
    this.vistos.set(chave, l.linha);
    const doc: InformeImportado = {
      linha: l.linha,
      cod_avulso: cod,
      arquivo: arquivoInforme({ ano_exercicio: exercicio, ano_calendario: calendario, cod_avulso: cod }),
      ano_exercicio: exercicio,
      ano_calendario: calendario,
      ...(valores as Record<(typeof CAMPOS_INFORME)[number], number>),
      emitido_em: emitido,
      conteudo_hash: '',
    };
    const { linha: _l, conteudo_hash: _h, ...conteudo } = doc;
    doc.conteudo_hash = hashConteudo(conteudo);
    this.documentos.push(doc);
  }

  terminar(): DocumentosImportados {
    return { tipo: 'informe', documentos: this.documentos };
  }
}

export function criarMontador(tipo: TipoImportacao, erros: ErrosImportacao, ctx: ContextoLeitura): Montador {
  if (tipo === 'ficha') return new MontadorFichas(erros, ctx);
  if (tipo === 'informe') return new MontadorInformes(erros, ctx);
  return new MontadorContracheques(tipo, erros, ctx);
}

/** The competências (yyyy-MM) or calendar years (yyyy) of the documents, sorted. */
export function periodosDe(d: DocumentosImportados): string[] {
  const periodos = new Set<string>();
  if (d.tipo === 'informe') for (const i of d.documentos) periodos.add(String(i.ano_calendario));
  else for (const x of d.documentos) periodos.add(`${x.ano}-${dois(x.mes)}`);
  return [...periodos].sort();
}
