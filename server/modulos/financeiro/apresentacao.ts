import type {
  Ano13Ferias,
  AnoContracheques,
  AnoFichas,
  Contracheques13FeriasResposta,
  ContrachequesResposta,
  DadosFicha,
  FichasFinanceirasResposta,
  InformesRendimentosResposta,
} from '#common/api/financeiro.ts';
import { nomeMes } from '#common/formato.ts';
import type { LinhaContracheque, LinhaFicha, LinhaInforme, TipoContrachequeBanco } from './tabelas.ts';

/**
 * The pay documents as they leave the server: the lists' wire (docs/produto/minha-conta.md §3) and the values the PDFs
 * print. The tables keep centavos; money leaves in reais.
 */

export const reais = (centavos: number) => centavos / 100;

/** '13º Salário' or 'Férias' (the `cc` of a 13th/holiday payslip). */
export function nomeTipo13Ferias(tipo: TipoContrachequeBanco): string {
  return tipo === 'cc13' ? '13º Salário' : 'Férias';
}

/** Payslips of engagements (newest first) grouped by year then month. */
export function apresentarContracheques(linhas: readonly LinhaContracheque[]): ContrachequesResposta {
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

/** 13th-salary and holiday payslips (newest first) grouped by year. */
export function apresentarContracheques13Ferias(
  linhas: readonly LinhaContracheque[],
): Contracheques13FeriasResposta {
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

/** A financial record's amounts in reais: the list's `dados` and the PDF's table. */
export function dadosFicha(f: LinhaFicha): DadosFicha {
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

/** Financial records (newest first) grouped by year. */
export function apresentarFichas(linhas: readonly LinhaFicha[]): FichasFinanceirasResposta {
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

export function apresentarInformes(
  linhas: readonly Pick<LinhaInforme, 'arquivo' | 'ano_exercicio' | 'ano_calendario'>[],
): InformesRendimentosResposta {
  return {
    informesRendimentos: linhas.map((i) => ({
      arquivo: i.arquivo,
      dados: { anoExercicio: i.ano_exercicio, anoCalendario: i.ano_calendario },
    })),
  };
}
