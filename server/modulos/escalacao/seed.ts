import { categoriaDaFuncao } from '#common/funcoes.ts';
import { dataLocal, horaLocal, somarDias, TURNOS } from '#common/tempo.ts';
import type { Config } from '../../config.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { Aleatorio } from '../../plataforma/semente/aleatorio.ts';
import { emLotes, linhaRequisicao } from '../../plataforma/semente/comum.ts';
import { CAIS, NAVIOS, OPERADORES } from '../../plataforma/semente/porto.ts';
import { CONTAS_DEMO, ESCALA_ABERTA_DEMO, ESCALAS_FECHADAS_DEMO } from '../avulso/index.ts';
import type { EscolhaTable, OfertaTable, PoraoTable, RequisicaoTable } from './tabelas.ts';

/**
 * The requisitions, holds and offers of the demo calls, and the choices hundreds of workers already made
 * (docs/decisions/0021-escalacao-demo.md). The demo accounts of docs/produto/decisoes.md §4 never have choices, so the
 * browser tests start clean.
 */

interface ModeloRequisicao {
  categoria: number;
  navio: number;
  operador: number;
  cais: string;
  /** Days after the call's date. */
  dia: number;
  codPeriodo: 1 | 2 | 3 | 4;
  mercadoria: string;
  /** Hold/block code → function codes offered there. */
  poroes: Record<string, number[]>;
}

/** The open call: ships at the CMU quays (1, 2), bulk and general quays, boosted quays (07, 08, 23, 24). */
const MODELOS: readonly ModeloRequisicao[] = [
  // Estivador
  {
    categoria: 1,
    navio: 501,
    operador: 11,
    cais: '1',
    dia: 1,
    codPeriodo: 1,
    mercadoria: 'Contêineres',
    poroes: { PR00: [102, 101, 121, 104], PR01: [101, 121, 114], PR02: [101, 122, 126] },
  },
  {
    categoria: 1,
    navio: 502,
    operador: 11,
    cais: '2',
    dia: 1,
    codPeriodo: 2,
    mercadoria: 'Contêineres',
    poroes: { PR00: [103, 101, 121], PR01: [101, 105, 129], BL00: [501, 502] },
  },
  {
    categoria: 1,
    navio: 507,
    operador: 13,
    cais: '3',
    dia: 1,
    codPeriodo: 3,
    mercadoria: 'Trigo a granel',
    poroes: { PR00: [119, 118, 123], PR01: [119, 105], PR02: [119, 109], PR03: [124, 125] },
  },
  {
    categoria: 1,
    navio: 508,
    operador: 14,
    cais: '23',
    dia: 2,
    codPeriodo: 1,
    mercadoria: 'Veículos',
    poroes: { PR00: [127, 128, 110], PR01: [127, 111, 108] },
  },
  {
    categoria: 1,
    navio: 505,
    operador: 12,
    cais: '4',
    dia: 2,
    codPeriodo: 2,
    mercadoria: 'Carga geral',
    poroes: { PR00: [120, 129, 107], BL00: [501, 504, 505], BL01: [502, 508] },
  },
  // Conferente
  {
    categoria: 2,
    navio: 501,
    operador: 11,
    cais: '1',
    dia: 1,
    codPeriodo: 1,
    mercadoria: 'Contêineres',
    poroes: { PR00: [202, 201, 209], PR01: [201, 204] },
  },
  {
    categoria: 2,
    navio: 503,
    operador: 11,
    cais: '2',
    dia: 1,
    codPeriodo: 3,
    mercadoria: 'Contêineres',
    poroes: { PR00: [201, 203], PR01: [205, 209], PR02: [201, 206] },
  },
  {
    categoria: 2,
    navio: 507,
    operador: 13,
    cais: '3',
    dia: 2,
    codPeriodo: 1,
    mercadoria: 'Trigo a granel',
    poroes: { PR00: [206, 210], PR01: [204, 208] },
  },
  {
    categoria: 2,
    navio: 508,
    operador: 14,
    cais: '24',
    dia: 2,
    codPeriodo: 2,
    mercadoria: 'Veículos',
    poroes: { PR00: [210, 211], PR01: [210, 201] },
  },
  // Vigia
  {
    categoria: 4,
    navio: 510,
    operador: 15,
    cais: '07',
    dia: 1,
    codPeriodo: 1,
    mercadoria: 'Celulose',
    poroes: { PR00: [401, 404, 402] },
  },
  {
    categoria: 4,
    navio: 509,
    operador: 15,
    cais: '08',
    dia: 1,
    codPeriodo: 3,
    mercadoria: 'Fertilizantes',
    poroes: { PR00: [401, 403, 404] },
  },
  {
    categoria: 4,
    navio: 508,
    operador: 14,
    cais: '23',
    dia: 2,
    codPeriodo: 1,
    mercadoria: 'Veículos',
    poroes: { PR00: [401, 404], PR01: [402] },
  },
  {
    categoria: 4,
    navio: 501,
    operador: 11,
    cais: '1',
    dia: 1,
    codPeriodo: 2,
    mercadoria: 'Contêineres',
    poroes: { PR00: [401, 402] },
  },
  // Capatazia
  {
    categoria: 6,
    navio: 501,
    operador: 11,
    cais: '1',
    dia: 1,
    codPeriodo: 1,
    mercadoria: 'Contêineres',
    poroes: { BL00: [602, 601, 603, 606], BL01: [610, 619, 620] },
  },
  {
    categoria: 6,
    navio: 504,
    operador: 12,
    cais: '2',
    dia: 1,
    codPeriodo: 2,
    mercadoria: 'Carga geral',
    poroes: { BL00: [604, 608, 624], BL01: [601, 610] },
  },
  {
    categoria: 6,
    navio: 508,
    operador: 14,
    cais: '24',
    dia: 2,
    codPeriodo: 1,
    mercadoria: 'Veículos',
    poroes: { BL00: [612, 613, 610] },
  },
  {
    categoria: 6,
    navio: 506,
    operador: 13,
    cais: '3',
    dia: 2,
    codPeriodo: 3,
    mercadoria: 'Açúcar a granel',
    poroes: { BL00: [614, 609, 601], BL01: [622, 623, 626] },
  },
];

/** Closed calls get a smaller set: the first two requisitions of each category. */
const MODELOS_FECHADAS = [1, 2, 4, 6].flatMap((categoria) =>
  MODELOS.filter((m) => m.categoria === categoria).slice(0, 2),
);

const CONTAS = new Set(CONTAS_DEMO.map((c) => c.codAvulso));

function porCodigo<T extends { codigo: number | string }>(lista: readonly T[], codigo: number | string): T {
  const item = lista.find((x) => x.codigo === codigo);
  if (!item) throw new Error(`código ${codigo} fora da lista`);
  return item;
}

function tonelagem(rnd: Aleatorio, mercadoria: string): number {
  if (mercadoria === 'Contêineres') return rnd.inteiro(8, 60) * 250;
  if (mercadoria === 'Veículos') return rnd.inteiro(3, 20) * 100;
  return rnd.inteiro(20, 180) * 100;
}

export async function semearEscalacao(db: DbOuTrx, config: Config, agora: Date): Promise<void> {
  const rnd = new Aleatorio(20261121);
  const fuso = config.fusoHorario;
  const hoje = dataLocal(agora, fuso);

  const requisicoes: RequisicaoTable[] = [];
  const poroes: PoraoTable[] = [];
  const ofertas: OfertaTable[] = [];
  const proximaSeq = new Map<number, number>();

  const adicionar = (
    numEscalacao: number,
    indice: number,
    m: ModeloRequisicao,
    dataOperacao: string,
    turno: (typeof TURNOS)[number],
  ) => {
    const numRequisicao = numEscalacao * 100 + indice;
    const navio = porCodigo(NAVIOS, m.navio);
    const operador = porCodigo(OPERADORES, m.operador);
    const cais = porCodigo(CAIS, m.cais);
    requisicoes.push(
      linhaRequisicao({
        numRequisicao,
        numEscalacao,
        codCategoria: m.categoria,
        operador,
        navio,
        cais,
        dataOperacao,
        turno,
        fuso,
      }),
    );
    for (const [numPorao, funcoes] of Object.entries(m.poroes)) {
      poroes.push({
        num_requisicao: numRequisicao,
        num_porao: numPorao,
        mercadoria: m.mercadoria,
        tonelagem: tonelagem(rnd, m.mercadoria),
      });
      for (const codFuncao of funcoes) {
        const seq = (proximaSeq.get(numEscalacao) ?? 0) + 1;
        proximaSeq.set(numEscalacao, seq);
        ofertas.push({
          seq_categoria: numEscalacao * 1000 + seq,
          num_escalacao: numEscalacao,
          cod_categoria: m.categoria,
          num_requisicao: numRequisicao,
          num_porao: numPorao,
          cod_funcao: codFuncao,
          num_vagas: categoriaDaFuncao(codFuncao) === 2 ? 1 : rnd.inteiro(1, 6),
          ponteiro: rnd.inteiro(1, 420),
          ponteiro_a: rnd.inteiro(1, 420),
          ponteiro_p: rnd.inteiro(1, 420),
          grupo: rnd.escolher(['A', 'B', 'C', 'D']),
        });
      }
    }
  };

  const turnoDe = (codPeriodo: number) => TURNOS.find((t) => t.codPeriodo === codPeriodo) ?? TURNOS[0];

  MODELOS.forEach((m, i) => {
    adicionar(ESCALA_ABERTA_DEMO, i + 1, m, somarDias(hoje, m.dia), turnoDe(m.codPeriodo));
  });

  // 100001 is at work now: the shift right after his current one starts when it ends, so he has no rest for it.
  const agoraIso = agora.toISOString();
  const atual = await db
    .selectFrom('trabalho')
    .select('fim')
    .where('cod_avulso', '=', '100001')
    .where('inicio', '<=', agoraIso)
    .where('fim', '>', agoraIso)
    .executeTakeFirst();
  if (atual) {
    const fimAtual = new Date(atual.fim);
    const seguinte = TURNOS.find((t) => t.horaInicio === horaLocal(fimAtual, fuso));
    if (seguinte) {
      adicionar(
        ESCALA_ABERTA_DEMO,
        MODELOS.length + 1,
        {
          categoria: 1,
          navio: 506,
          operador: 12,
          cais: '5',
          dia: 0,
          codPeriodo: seguinte.codPeriodo,
          mercadoria: 'Bobinas de aço',
          poroes: { PR00: [101, 110], PR01: [101, 107] },
        },
        dataLocal(fimAtual, fuso),
        seguinte,
      );
    }
  }

  ESCALAS_FECHADAS_DEMO.forEach((numEscalacao, n) => {
    const dataChamada = somarDias(hoje, n - ESCALAS_FECHADAS_DEMO.length);
    MODELOS_FECHADAS.forEach((m, i) => {
      adicionar(numEscalacao, i + 1, m, somarDias(dataChamada, 1), turnoDe(m.codPeriodo));
    });
  });

  await emLotes(requisicoes, 50, (lote) => db.insertInto('requisicao').values(lote).execute());
  await emLotes(poroes, 100, (lote) => db.insertInto('porao').values(lote).execute());
  await emLotes(ofertas, 100, (lote) => db.insertInto('oferta').values(lote).execute());

  // Choices: most generated workers chose one to four offers they are qualified for, per category.
  const habilitacoes = await db.selectFrom('habilitacao').select(['cod_avulso', 'cod_funcao']).execute();
  const funcoesDe = new Map<string, Set<number>>();
  for (const h of habilitacoes) {
    if (CONTAS.has(h.cod_avulso)) continue;
    let conjunto = funcoesDe.get(h.cod_avulso);
    if (!conjunto) {
      conjunto = new Set();
      funcoesDe.set(h.cod_avulso, conjunto);
    }
    conjunto.add(h.cod_funcao);
  }
  const escolhas: Omit<EscolhaTable, 'id'>[] = [];
  const chamadas = [ESCALA_ABERTA_DEMO, ...ESCALAS_FECHADAS_DEMO];
  for (const [codAvulso, funcoes] of [...funcoesDe.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    for (const numEscalacao of chamadas) {
      if (!rnd.chance(numEscalacao === ESCALA_ABERTA_DEMO ? 0.8 : 0.5)) continue;
      for (const categoria of [1, 2, 4, 6]) {
        const candidatas = ofertas.filter(
          (o) =>
            o.num_escalacao === numEscalacao && o.cod_categoria === categoria && funcoes.has(o.cod_funcao),
        );
        if (candidatas.length === 0) continue;
        const minutosAtras = rnd.inteiro(2, 240);
        const horaDigitacao = new Date(agora.getTime() - minutosAtras * 60_000).toISOString();
        rnd.amostra(candidatas, rnd.inteiro(1, Math.min(4, candidatas.length))).forEach((o, i) => {
          escolhas.push({
            num_escalacao: numEscalacao,
            cod_categoria: categoria,
            seq_categoria: o.seq_categoria,
            cod_avulso: codAvulso,
            preferencia: i + 1,
            hora_digitacao: horaDigitacao,
          });
        });
      }
    }
  }
  await emLotes(escolhas, 200, (lote) => db.insertInto('escolha').values(lote).execute());
}
