import type { TipoImportacao } from '#common/api/financeiro-importacao.ts';
import { nomeSindicato } from '#common/dominio.ts';
import { turno } from '#common/formato.ts';
import { dataLocal, instanteLocal, somarDias } from '#common/tempo.ts';
import type { Config } from '../../config.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { Aleatorio } from '../../plataforma/semente/aleatorio.ts';
import { FINANCEIRO_DEMO } from '../equipe/index.ts';
import { competenciaCsv, dataCsv, escreverCsvFolha, valorCsv } from './csv-folha.ts';
import { importarDocumentos } from './importacao-servico.ts';
import { avulsosDaSemente, trabalhosDaSemente } from './repositorio.ts';
import type {
  ContrachequeTable,
  FichaFinanceiraTable,
  InformeRendimentosTable,
  TipoContrachequeBanco,
  VerbaContrachequeTable,
} from './tabelas.ts';

/**
 * The pay documents of the demo (docs/produto/decisoes.md §4): for 100001 two years of everything, for a few other
 * demo accounts the payslips and records of the last months. Values derive from the engagements already
 * seeded, so a payslip matches its job in 'Últimas escalações', a record sums its month's payslips and an
 * income statement sums its year's records. The payroll rules are a believable demo, not tax advice
 * (docs/decisions/0041-documentos-financeiros.md).
 *
 * The documents are not written here: the demo writes the payroll's four files in the documented formats and
 * imports them as 900004 would (docs/decisions/0245), so every start with demo data exercises the formats and
 * the importer.
 */

const CONTAS_COMPLETAS = ['100001'];
const CONTAS_RECENTES = ['100002', '100003', '100004', '100007', '900001'];
const MESES_RECENTES = 4;

type Verba = Omit<VerbaContrachequeTable, 'id' | 'id_contracheque'>;
type ColunasDeImportacao = 'id' | 'id_importacao' | 'conteudo_hash';
type NovoContracheque = Omit<
  ContrachequeTable,
  ColunasDeImportacao | 'id_trabalho' | 'conciliacao' | 'conciliacao_detalhe'
> & { verbas: Verba[] };
type NovaFicha = Omit<FichaFinanceiraTable, ColunasDeImportacao>;
type NovoInforme = Omit<InformeRendimentosTable, ColunasDeImportacao>;

interface TrabalhoPago {
  data_operacao: string;
  hora_inicio: number;
  hora_fim: number;
  fim: string;
  operador: string;
  navio: string;
  mercadoria: string;
  faina: string;
  cod_funcao: number;
  funcao: string;
}

/** Pay of one shift by function group (centavos), before the production factor. */
const BASE_POR_GRUPO: Record<number, number> = {
  1: 26_540,
  2: 28_120,
  3: 23_980,
  4: 21_050,
  5: 22_300,
  6: 23_060,
};

const pct = (valor: number, percentual: number) => Math.round((valor * percentual) / 100);

/** INSS: the progressive employee table (2025 brackets), in centavos. */
export function inssProgressivo(base: number): number {
  const faixas: [number, number][] = [
    [151_800, 7.5],
    [279_388, 9],
    [419_083, 12],
    [815_741, 14],
  ];
  let restante = Math.min(base, 815_741);
  let anterior = 0;
  let total = 0;
  for (const [teto, aliquota] of faixas) {
    if (restante <= 0) break;
    const parcela = Math.min(restante, teto - anterior);
    total += (parcela * aliquota) / 100;
    restante -= parcela;
    anterior = teto;
  }
  return Math.round(total);
}

/** IRRF of a monthly amount (the 2025 monthly table), in centavos. */
export function irrfMensal(base: number): number {
  const tabela: [number, number, number][] = [
    [242_880, 0, 0],
    [282_665, 7.5, 18_216],
    [375_105, 15, 39_416],
    [466_468, 22.5, 67_549],
    [Number.POSITIVE_INFINITY, 27.5, 90_873],
  ];
  const faixa = tabela.find(([teto]) => base <= teto) ?? tabela[tabela.length - 1];
  if (!faixa) return 0;
  const [, aliquota, deducao] = faixa;
  return Math.max(0, Math.round((base * aliquota) / 100) - deducao);
}

/**
 * IRRF withheld on one engagement: the demo spreads the monthly table over the engagements, taxing at
 * 7,5% what one shift earns above R$ 250,00 (a shift's share of the exemption band).
 */
function irrfEngajamento(base: number): number {
  return base > 25_000 ? pct(base - 25_000, 7.5) : 0;
}

const soma = (verbas: Verba[], natureza: Verba['natureza'], codigo?: string) =>
  verbas
    .filter((v) => v.natureza === natureza && (!codigo || v.codigo === codigo))
    .reduce((s, v) => s + v.valor, 0);

/** The lines of an engagement payslip: earnings, deductions and, for information, the provisions. */
function verbasEngajamento(
  remuneracao: { codigo: string; descricao: string; referencia: string | null; valor: number }[],
) {
  const verbas: Verba[] = [];
  let ordem = 1;
  const add = (
    codigo: string,
    descricao: string,
    referencia: string | null,
    natureza: Verba['natureza'],
    valor: number,
  ) => {
    if (valor > 0) verbas.push({ ordem: ordem++, codigo, descricao, referencia, natureza, valor });
  };
  for (const r of remuneracao) add(r.codigo, r.descricao, r.referencia, 'P', r.valor);
  const bruto = soma(verbas, 'P');
  const inss = inssProgressivo(bruto);
  add('101', 'INSS', '7,5%', 'D', inss);
  add('102', 'IRRF', '7,5%', 'D', irrfEngajamento(bruto - inss));
  add('201', 'Férias + 1/3 (provisão)', '11,11%', 'I', pct(bruto, 11.11));
  add('202', '13º salário (provisão)', '8,33%', 'I', pct(bruto, 8.33));
  add('203', 'FGTS (informativo)', '8%', 'I', pct(bruto, 8));
  return verbas;
}

/** A document is issued at its usual time, never in the future, and never before `minimo`. */
function emissao(desejada: Date, agora: Date, minimo?: string): string {
  const limite = Math.min(desejada.getTime(), agora.getTime());
  return new Date(minimo ? Math.max(limite, new Date(minimo).getTime()) : limite).toISOString();
}

const iso = (yyyymmdd: string) => `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
const dois = (n: number) => String(n).padStart(2, '0');

interface Avulso {
  cod_avulso: string;
  sexo: 'F' | 'M';
  cod_sindicato: number;
}

function contrachequesDeTrabalhos(
  rnd: Aleatorio,
  avulso: Avulso,
  trabalhos: TrabalhoPago[],
  fuso: string,
  agora: Date,
): NovoContracheque[] {
  const sindicato = nomeSindicato(avulso.cod_sindicato, avulso.sexo);
  const docs: NovoContracheque[] = [];
  for (const t of trabalhos) {
    const grupo = Math.floor(t.cod_funcao / 100);
    const base = Math.round(((BASE_POR_GRUPO[grupo] ?? 23_000) * rnd.inteiro(90, 175)) / 100);
    const noturno = t.hora_inicio === 1 ? pct(base, 20) : t.hora_inicio === 19 ? pct(base, 10) : 0;
    const rsr = Math.round((base + noturno) / 6);
    const comum = {
      cod_avulso: avulso.cod_avulso,
      arquivo: '',
      numero: 0,
      ano: Number(t.data_operacao.slice(0, 4)),
      mes: Number(t.data_operacao.slice(4, 6)),
      movimento: iso(t.data_operacao),
      referencia: null,
      operacao: `${t.faina} de ${t.mercadoria.toLocaleLowerCase('pt-BR')}`,
      turno: turno(t.hora_inicio, t.hora_fim),
      operador: t.operador,
      navio: t.navio,
      porao: grupo === 1 || grupo === 2 ? String(rnd.inteiro(1, 7)) : null,
      sindicato,
      funcao: t.funcao,
    };
    const verbas = verbasEngajamento([
      { codigo: '001', descricao: 'Salário (MMO)', referencia: '6 h', valor: base },
      {
        codigo: '005',
        descricao: 'Adicional noturno',
        referencia: t.hora_inicio === 1 ? '20%' : '20% × 3 h',
        valor: noturno,
      },
      { codigo: '010', descricao: 'Repouso semanal remunerado (RSR)', referencia: '1/6', valor: rsr },
    ]);
    docs.push({
      ...comum,
      tipo: 'ccNormal',
      liquido: soma(verbas, 'P') - soma(verbas, 'D'),
      emitido_em: emissao(instanteLocal(somarDias(t.data_operacao, 2), 10, fuso), agora, t.fim),
      verbas,
    });
    // Some engagements get a complementary payslip a week later: a production difference.
    if (rnd.chance(0.09)) {
      const emitido = instanteLocal(somarDias(t.data_operacao, 8), 10, fuso);
      if (emitido.getTime() <= agora.getTime()) {
        const diferenca = pct(base, rnd.inteiro(8, 25));
        const complementar = verbasEngajamento([
          { codigo: '020', descricao: 'Diferença de produção', referencia: null, valor: diferenca },
          {
            codigo: '010',
            descricao: 'Repouso semanal remunerado (RSR)',
            referencia: '1/6',
            valor: Math.round(diferenca / 6),
          },
        ]);
        docs.push({
          ...comum,
          tipo: 'ccComplementar',
          liquido: soma(complementar, 'P') - soma(complementar, 'D'),
          emitido_em: emitido.toISOString(),
          verbas: complementar,
        });
      }
    }
  }
  return docs;
}

/** The yearly holiday (July) and 13th-salary (December) payslips, paying the provisions of the period. */
function contracheques13Ferias(
  avulso: Avulso,
  engajamento: NovoContracheque[],
  fuso: string,
  agora: Date,
): NovoContracheque[] {
  const sindicato = nomeSindicato(avulso.cod_sindicato, avulso.sexo);
  const provisao = (codigo: string, de: string, ate: string) =>
    engajamento
      .filter((c) => c.movimento >= de && c.movimento <= ate)
      .reduce((s, c) => s + soma(c.verbas, 'I', codigo), 0);
  const anos = [...new Set(engajamento.map((c) => c.ano))].sort();
  const docs: NovoContracheque[] = [];
  const pagar = (tipo: TipoContrachequeBanco, data: string, referencia: string, proventos: Verba[]) => {
    const emitido = instanteLocal(data, 10, fuso);
    if (emitido.getTime() > agora.getTime()) return;
    const bruto = proventos.reduce((s, v) => s + v.valor, 0);
    if (bruto <= 0) return;
    const inss = inssProgressivo(bruto);
    const irrf = irrfMensal(bruto - inss);
    const verbas: Verba[] = [...proventos];
    verbas.push({
      ordem: verbas.length + 1,
      codigo: '101',
      descricao: 'INSS',
      referencia: null,
      natureza: 'D',
      valor: inss,
    });
    if (irrf > 0)
      verbas.push({
        ordem: verbas.length + 1,
        codigo: '102',
        descricao: 'IRRF',
        referencia: null,
        natureza: 'D',
        valor: irrf,
      });
    verbas.push({
      ordem: verbas.length + 1,
      codigo: '203',
      descricao: 'FGTS (informativo)',
      referencia: '8%',
      natureza: 'I',
      valor: pct(bruto, 8),
    });
    docs.push({
      cod_avulso: avulso.cod_avulso,
      arquivo: '',
      numero: 0,
      tipo,
      ano: Number(data.slice(0, 4)),
      mes: Number(data.slice(4, 6)),
      movimento: iso(data),
      referencia,
      operacao: null,
      turno: null,
      operador: null,
      navio: null,
      porao: null,
      sindicato,
      funcao: null,
      liquido: bruto - inss - irrf,
      emitido_em: emitido.toISOString(),
      verbas,
    });
  };
  for (const ano of [...anos, (anos.at(-1) ?? 0) + 1]) {
    const ferias = provisao('201', `${ano - 1}-07-01`, `${ano}-06-30`);
    const terco = Math.round(ferias / 4);
    pagar('ccFerias', `${ano}0705`, `Período aquisitivo 01/07/${ano - 1} a 30/06/${ano}`, [
      {
        ordem: 1,
        codigo: '301',
        descricao: 'Férias',
        referencia: '30 dias',
        natureza: 'P',
        valor: ferias - terco,
      },
      {
        ordem: 2,
        codigo: '302',
        descricao: 'Adicional de 1/3 de férias',
        referencia: '1/3',
        natureza: 'P',
        valor: terco,
      },
    ]);
    const decimo = provisao('202', `${ano}-01-01`, `${ano}-12-15`);
    pagar('cc13', `${ano}1218`, `Ano-base ${ano}`, [
      {
        ordem: 1,
        codigo: '311',
        descricao: '13º salário',
        referencia: '12/12',
        natureza: 'P',
        valor: decimo,
      },
    ]);
  }
  return docs;
}

/**
 * The demo's pay documents. Runs after semearFundacao (it reads the engagements) inside the demo's
 * transaction; a few thousand rows in batches.
 */
export async function semearFinanceiro(db: DbOuTrx, config: Config, agora: Date): Promise<void> {
  const rnd = new Aleatorio(40_2026);
  const fuso = config.fusoHorario;
  const hoje = dataLocal(agora, fuso);
  const mesCorrente = Number(hoje.slice(0, 6));
  const contas = [...CONTAS_COMPLETAS, ...CONTAS_RECENTES];

  const avulsos = await avulsosDaSemente(db, contas);
  const trabalhos = await trabalhosDaSemente(db, contas, agora);

  const contracheques: NovoContracheque[] = [];
  const fichas: NovaFicha[] = [];
  const informes: NovoInforme[] = [];

  for (const codAvulso of contas) {
    const avulso = avulsos.find((a) => a.cod_avulso === codAvulso);
    if (!avulso) continue;
    const completa = CONTAS_COMPLETAS.includes(codAvulso);
    const inicioRecente = Number(somarDias(`${mesCorrente}01`, -31 * MESES_RECENTES).slice(0, 6));
    const proprios = trabalhos.filter(
      (t) => t.cod_avulso === codAvulso && (completa || Number(t.data_operacao.slice(0, 6)) >= inicioRecente),
    );
    const engajamento = contrachequesDeTrabalhos(rnd, avulso, proprios, fuso, agora);
    const anuais = completa ? contracheques13Ferias(avulso, engajamento, fuso, agora) : [];

    // Numbers and identifiers in issue order.
    const todos = [...engajamento, ...anuais].sort(
      (a, b) => a.emitido_em.localeCompare(b.emitido_em) || a.movimento.localeCompare(b.movimento),
    );
    todos.forEach((c, i) => {
      c.numero = i + 1;
      const prefixo = c.tipo === 'cc13' ? 'C13' : c.tipo === 'ccFerias' ? 'FER' : 'CC';
      const pasta = c.tipo === 'cc13' || c.tipo === 'ccFerias' ? 'contracheques-13-ferias' : 'contracheques';
      c.arquivo = `${pasta}/${c.ano}/${dois(c.mes)}/${prefixo}-${codAvulso}-${String(c.numero).padStart(6, '0')}.pdf`;
    });
    contracheques.push(...todos);

    // One financial record per closed month with engagements.
    const meses = [...new Set(engajamento.map((c) => c.ano * 100 + c.mes))]
      .filter((m) => m < mesCorrente)
      .sort();
    const fichasDoAvulso: NovaFicha[] = [];
    meses.forEach((anoMes, i) => {
      const ano = Math.floor(anoMes / 100);
      const mes = anoMes % 100;
      const doMes = engajamento.filter((c) => c.ano === ano && c.mes === mes);
      const anuaisDoMes = anuais.filter((c) => c.ano === ano && c.mes === mes);
      const total = (lista: NovoContracheque[], natureza: Verba['natureza'], codigo?: string) =>
        lista.reduce((s, c) => s + soma(c.verbas, natureza, codigo), 0);
      const bruto = total(doMes, 'P');
      const ferias = total(doMes, 'I', '201');
      const decimo = total(doMes, 'I', '202');
      const ferias13 = (tipo: TipoContrachequeBanco) => anuaisDoMes.filter((c) => c.tipo === tipo);
      const proximo = mes === 12 ? `${ano + 1}0105` : `${ano}${dois(mes + 1)}05`;
      fichasDoAvulso.push({
        cod_avulso: codAvulso,
        arquivo: `fichas-financeiras/${ano}/FF-${codAvulso}-${ano}${dois(mes)}.pdf`,
        numero_ficha: i + 1,
        ano,
        mes,
        engajamentos: doMes.filter((c) => c.tipo === 'ccNormal').length,
        valor_bruto: bruto,
        valor_ferias: ferias,
        valor_13_salario: decimo,
        valor_inss: total(doMes, 'D', '101'),
        valor_irrf: total(doMes, 'D', '102'),
        valor_irrf_ferias: total(ferias13('ccFerias'), 'D', '102'),
        valor_inss_13: total(ferias13('cc13'), 'D', '101'),
        valor_irrf_13: total(ferias13('cc13'), 'D', '102'),
        valor_fgts_mes: pct(bruto, 8),
        valor_fgts_ferias: pct(ferias, 8),
        valor_fgts_13: pct(decimo, 8),
        emitida_em: emissao(instanteLocal(proximo, 9, fuso), agora),
      });
    });
    fichas.push(...fichasDoAvulso);

    // One income statement per closed calendar year.
    if (completa) {
      const anoCorrente = Math.floor(mesCorrente / 100);
      const anos = [...new Set(fichasDoAvulso.map((f) => f.ano))].filter((a) => a < anoCorrente);
      for (const ano of anos) {
        const doAno = fichasDoAvulso.filter((f) => f.ano === ano);
        const somaFichas = (campo: keyof NovaFicha) => doAno.reduce((s, f) => s + Number(f[campo]), 0);
        const anuaisDoAno = anuais.filter((c) => c.ano === ano);
        const deTipo = (tipo: TipoContrachequeBanco, natureza: Verba['natureza'], codigo?: string) =>
          anuaisDoAno
            .filter((c) => c.tipo === tipo)
            .reduce((s, c) => s + soma(c.verbas, natureza, codigo), 0);
        informes.push({
          cod_avulso: codAvulso,
          arquivo: `informes-rendimentos/${ano + 1}/IR-${codAvulso}-${ano}.pdf`,
          ano_exercicio: ano + 1,
          ano_calendario: ano,
          rendimentos_tributaveis: somaFichas('valor_bruto') + deTipo('ccFerias', 'P'),
          contribuicao_previdenciaria: somaFichas('valor_inss') + deTipo('ccFerias', 'D', '101'),
          irrf: somaFichas('valor_irrf') + deTipo('ccFerias', 'D', '102'),
          decimo_terceiro: deTipo('cc13', 'P') - deTipo('cc13', 'D', '101'),
          irrf_13: deTipo('cc13', 'D', '102'),
          fgts_depositado:
            somaFichas('valor_fgts_mes') + somaFichas('valor_fgts_ferias') + somaFichas('valor_fgts_13'),
          emitido_em: emissao(instanteLocal(`${ano + 1}0220`, 10, fuso), agora),
        });
      }
    }
  }

  // The four files of the payroll, imported in the order a payroll sends them.
  const engajamento = contracheques.filter((c) => c.tipo === 'ccNormal' || c.tipo === 'ccComplementar');
  const anuais = contracheques.filter((c) => c.tipo === 'cc13' || c.tipo === 'ccFerias');
  const arquivos: [TipoImportacao, string][] = [
    ['contracheque', escreverCsvFolha('contracheque', linhasContracheques(engajamento))],
    ['13ferias', escreverCsvFolha('13ferias', linhasContracheques(anuais))],
    ['ficha', escreverCsvFolha('ficha', fichas.map(linhaFicha))],
    ['informe', escreverCsvFolha('informe', informes.map(linhaInforme))],
  ];
  for (const [tipo, csv] of arquivos) {
    await importarDocumentos(
      { db, fuso },
      { tipo, corpo: csv, simular: false, por: FINANCEIRO_DEMO, agora, avisar: false },
    );
  }
}

const TIPO_CSV: Record<TipoContrachequeBanco, string> = {
  ccNormal: 'Normal',
  ccComplementar: 'Complementar',
  cc13: '13',
  ccFerias: 'Ferias',
};

/** A payslip's lines in the file: one per earning, deduction or information line. */
function* linhasContracheques(docs: readonly NovoContracheque[]): Generator<Record<string, string>> {
  for (const c of docs) {
    const total = (n: Verba['natureza']) => valorCsv(soma(c.verbas, n));
    const documento = {
      matricula: c.cod_avulso,
      numero: String(c.numero),
      tipo: TIPO_CSV[c.tipo],
      competencia: competenciaCsv(c.ano, c.mes),
      movimento: dataCsv(c.movimento),
      pagamento: dataCsv(c.movimento),
      periodo: c.referencia ?? '',
      turno: c.turno ?? '',
      operacao: c.operacao ?? '',
      operador: c.operador ?? '',
      navio: c.navio ?? '',
      porao: c.porao ?? '',
      funcao: c.funcao ?? '',
      sindicato: c.sindicato,
      emissao: c.emitido_em,
      total_proventos: total('P'),
      total_descontos: total('D'),
      liquido: valorCsv(c.liquido),
    };
    for (const v of c.verbas) {
      yield {
        ...documento,
        codigo_verba: v.codigo,
        descricao_verba: v.descricao,
        referencia_verba: v.referencia ?? '',
        natureza: v.natureza,
        valor: valorCsv(v.valor),
      };
    }
  }
}

function linhaFicha(f: NovaFicha): Record<string, string> {
  return {
    matricula: f.cod_avulso,
    numero: String(f.numero_ficha),
    competencia: competenciaCsv(f.ano, f.mes),
    engajamentos: String(f.engajamentos),
    valor_bruto: valorCsv(f.valor_bruto),
    valor_ferias: valorCsv(f.valor_ferias),
    valor_13_salario: valorCsv(f.valor_13_salario),
    valor_inss: valorCsv(f.valor_inss),
    valor_irrf: valorCsv(f.valor_irrf),
    valor_irrf_ferias: valorCsv(f.valor_irrf_ferias),
    valor_inss_13: valorCsv(f.valor_inss_13),
    valor_irrf_13: valorCsv(f.valor_irrf_13),
    total_descontos: valorCsv(
      f.valor_inss + f.valor_irrf + f.valor_irrf_ferias + f.valor_inss_13 + f.valor_irrf_13,
    ),
    valor_fgts_mes: valorCsv(f.valor_fgts_mes),
    valor_fgts_ferias: valorCsv(f.valor_fgts_ferias),
    valor_fgts_13: valorCsv(f.valor_fgts_13),
    total_fgts: valorCsv(f.valor_fgts_mes + f.valor_fgts_ferias + f.valor_fgts_13),
    emissao: f.emitida_em,
  };
}

function linhaInforme(i: NovoInforme): Record<string, string> {
  return {
    matricula: i.cod_avulso,
    ano_calendario: String(i.ano_calendario),
    ano_exercicio: String(i.ano_exercicio),
    rendimentos_tributaveis: valorCsv(i.rendimentos_tributaveis),
    contribuicao_previdenciaria: valorCsv(i.contribuicao_previdenciaria),
    irrf: valorCsv(i.irrf),
    decimo_terceiro: valorCsv(i.decimo_terceiro),
    irrf_13: valorCsv(i.irrf_13),
    fgts_depositado: valorCsv(i.fgts_depositado),
    emissao: i.emitido_em,
  };
}
