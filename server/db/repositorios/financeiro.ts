import type {
  Ano13Ferias,
  AnoContracheques,
  AnoFichas,
  Contracheques13FeriasResposta,
  ContrachequesResposta,
  FichasFinanceirasResposta,
  InformesRendimentosResposta,
} from '#common/api/financeiro.ts';
import { nomeMes } from '#common/formato.ts';
import type { DbOuTrx } from '../schema.ts';
import type {
  LinhaContracheque,
  LinhaFicha,
  LinhaInforme,
  LinhaVerba,
  TipoContrachequeBanco,
} from '../tables/financeiro.ts';

/**
 * The pay documents of one worker. Every query filters by the session's codAvulso: an `arquivo` of
 * anyone else is simply not found. Money leaves here in reais (the tables keep centavos).
 */

export const reais = (centavos: number) => centavos / 100;

export const TIPOS_ENGAJAMENTO: TipoContrachequeBanco[] = ['ccNormal', 'ccComplementar'];
export const TIPOS_13_FERIAS: TipoContrachequeBanco[] = ['cc13', 'ccFerias'];

/** '13º Salário' or 'Férias' (the `cc` of a 13th/holiday payslip). */
export function nomeTipo13Ferias(tipo: TipoContrachequeBanco): string {
  return tipo === 'cc13' ? '13º Salário' : 'Férias';
}

/** Payslips of engagements, newest first, grouped by year then month. */
export async function listarContracheques(db: DbOuTrx, codAvulso: string): Promise<ContrachequesResposta> {
  const linhas = await db
    .selectFrom('contracheque')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .where('tipo', 'in', TIPOS_ENGAJAMENTO)
    .orderBy('ano', 'desc')
    .orderBy('mes', 'desc')
    .orderBy('movimento', 'desc')
    .orderBy('numero', 'desc')
    .execute();
  const anos: AnoContracheques[] = [];
  for (const c of linhas) {
    let ano = anos.at(-1);
    if (ano?.ano !== c.ano) {
      ano = { ano: c.ano, meses: [] };
      anos.push(ano);
    }
    let mes = ano.meses.at(-1);
    if (mes?.mes !== c.mes) {
      mes = { mes: c.mes, nomeMes: nomeMes(c.mes), contracheques: [] };
      ano.meses.push(mes);
    }
    mes.contracheques.push({
      numero: c.numero,
      arquivo: c.arquivo,
      dados: {
        tipo: c.tipo === 'ccComplementar' ? 'ccComplementar' : 'ccNormal',
        movimento: c.movimento,
        operacao: c.operacao ?? '',
        turno: c.turno ?? '',
        operador: c.operador ?? '',
        navio: c.navio ?? '',
        porao: c.porao ?? '',
        sindicato: c.sindicato,
        funcao: c.funcao ?? '',
        liquido: reais(c.liquido),
        datahoraEmissao: c.emitido_em,
      },
    });
  }
  return { contracheques: anos };
}

/** 13th-salary and holiday payslips, newest first, grouped by year. */
export async function listarContracheques13Ferias(
  db: DbOuTrx,
  codAvulso: string,
): Promise<Contracheques13FeriasResposta> {
  const linhas = await db
    .selectFrom('contracheque')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .where('tipo', 'in', TIPOS_13_FERIAS)
    .orderBy('ano', 'desc')
    .orderBy('mes', 'desc')
    .orderBy('numero', 'desc')
    .execute();
  const anos: Ano13Ferias[] = [];
  for (const c of linhas) {
    let ano = anos.at(-1);
    if (ano?.ano !== c.ano) {
      ano = { ano: c.ano, contracheques13Ferias: [] };
      anos.push(ano);
    }
    ano.contracheques13Ferias.push({
      nomeMes: nomeMes(c.mes),
      mes: c.mes,
      numero: c.numero,
      arquivo: c.arquivo,
      dados: {
        cc: nomeTipo13Ferias(c.tipo),
        sindicato: c.sindicato,
        liquido: reais(c.liquido),
        datahoraEmissao: c.emitido_em,
      },
    });
  }
  return { contracheques13Ferias: anos };
}

export function dadosFicha(f: LinhaFicha) {
  return {
    valorBruto: reais(f.valor_bruto),
    valorFerias: reais(f.valor_ferias),
    valor13Salario: reais(f.valor_13_salario),
    valorInss: reais(f.valor_inss),
    valorIrrf: reais(f.valor_irrf),
    valorIrrfFerias: reais(f.valor_irrf_ferias),
    valorInss13: reais(f.valor_inss_13),
    valorIrrf13: reais(f.valor_irrf_13),
    valorFgtsMes: reais(f.valor_fgts_mes),
    valorFgtsFerias: reais(f.valor_fgts_ferias),
    valorFgts13: reais(f.valor_fgts_13),
    dataHoraEmissao: f.emitida_em,
  };
}

/** Financial records, newest first, grouped by year. */
export async function listarFichas(db: DbOuTrx, codAvulso: string): Promise<FichasFinanceirasResposta> {
  const linhas = await db
    .selectFrom('ficha_financeira')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .orderBy('ano', 'desc')
    .orderBy('mes', 'desc')
    .execute();
  const anos: AnoFichas[] = [];
  for (const f of linhas) {
    let ano = anos.at(-1);
    if (ano?.ano !== f.ano) {
      ano = { ano: f.ano, fichas: [] };
      anos.push(ano);
    }
    ano.fichas.push({
      nomeMes: nomeMes(f.mes),
      mes: f.mes,
      numeroFicha: f.numero_ficha,
      arquivo: f.arquivo,
      dados: dadosFicha(f),
    });
  }
  return { fichasFinanceiras: anos };
}

/** Income statements, newest first. */
export async function listarInformes(db: DbOuTrx, codAvulso: string): Promise<InformesRendimentosResposta> {
  const linhas = await db
    .selectFrom('informe_rendimentos')
    .select(['arquivo', 'ano_exercicio', 'ano_calendario'])
    .where('cod_avulso', '=', codAvulso)
    .orderBy('ano_calendario', 'desc')
    .execute();
  return {
    informesRendimentos: linhas.map((i) => ({
      arquivo: i.arquivo,
      dados: { anoExercicio: i.ano_exercicio, anoCalendario: i.ano_calendario },
    })),
  };
}

export interface ContrachequeCompleto {
  contracheque: LinhaContracheque;
  verbas: LinhaVerba[];
}

/** One payslip of the worker, of one of `tipos`, with its lines; undefined when not theirs. */
export async function buscarContracheque(
  db: DbOuTrx,
  codAvulso: string,
  arquivo: string,
  tipos: TipoContrachequeBanco[],
): Promise<ContrachequeCompleto | undefined> {
  const contracheque = await db
    .selectFrom('contracheque')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .where('arquivo', '=', arquivo)
    .where('tipo', 'in', tipos)
    .executeTakeFirst();
  if (!contracheque) return undefined;
  const verbas = await db
    .selectFrom('verba_contracheque')
    .selectAll()
    .where('id_contracheque', '=', contracheque.id)
    .orderBy('ordem')
    .execute();
  return { contracheque, verbas };
}

export interface FichaCompleta {
  ficha: LinhaFicha;
  /** The month's engagement payslips, oldest first. */
  contracheques: Pick<
    LinhaContracheque,
    'numero' | 'tipo' | 'movimento' | 'operacao' | 'navio' | 'liquido'
  >[];
}

export async function buscarFicha(
  db: DbOuTrx,
  codAvulso: string,
  arquivo: string,
): Promise<FichaCompleta | undefined> {
  const ficha = await db
    .selectFrom('ficha_financeira')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .where('arquivo', '=', arquivo)
    .executeTakeFirst();
  if (!ficha) return undefined;
  const contracheques = await db
    .selectFrom('contracheque')
    .select(['numero', 'tipo', 'movimento', 'operacao', 'navio', 'liquido'])
    .where('cod_avulso', '=', codAvulso)
    .where('ano', '=', ficha.ano)
    .where('mes', '=', ficha.mes)
    .where('tipo', 'in', TIPOS_ENGAJAMENTO)
    .orderBy('movimento')
    .orderBy('numero')
    .execute();
  return { ficha, contracheques };
}

export async function buscarInforme(
  db: DbOuTrx,
  codAvulso: string,
  arquivo: string,
): Promise<LinhaInforme | undefined> {
  return db
    .selectFrom('informe_rendimentos')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .where('arquivo', '=', arquivo)
    .executeTakeFirst();
}
