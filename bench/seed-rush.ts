import { categoriasFuncoes } from '#common/funcoes.ts';
import { dataHoraLocal, dataLocal, somarDias, TURNOS } from '#common/tempo.ts';
import type { AvulsoTable, TrabalhoTable } from '#server/modulos/avulso/tabelas.ts';
import type { OfertaTable, PoraoTable, RequisicaoTable } from '#server/modulos/escalacao/tabelas.ts';
import type { DbOuTrx } from '#server/plataforma/banco/schema.ts';
import { Aleatorio, nomeCompleto } from '#server/plataforma/semente/aleatorio.ts';
import {
  emLotes,
  habilitacoesSorteadas,
  historicoDeTrabalhos,
  linhaAvulso,
  linhaRequisicao,
  PARAMETROS_PONTEIRO,
  trabalhoAleatorio,
} from '#server/plataforma/semente/comum.ts';
import { CAIS, MERCADORIAS, NAVIOS, OPERADORES } from '#server/plataforma/semente/porto.ts';

/**
 * The port of the rush benchmark (docs/decisions/0070-benchmark-escalacao.md): Santos size, 6,000 workers
 * by default, with qualifications in the four categories of the call, engagements (so the rest rule has
 * rows to read, and some offers lack rest), the pointer parameters, and one open call with at least
 * 300 offers per category. Deterministic for a given "now" (seed 7070). All workers share ONE Argon2id
 * hash computed by the caller with gerarHashSenha: the server still verifies it at full cost per login.
 */

export const ESCALA_RUSH = 9001;
export const SENHA_RUSH = '123456';
/** Codes 200001… : six digits, like every user code. */
export const PRIMEIRO_CODIGO_RUSH = 200001;

/** Santos-like share of each union: codSindicato, the category the worker is called in, share. */
export const SINDICATOS_RUSH = [
  { codSindicato: 1, codCategoria: 1, parte: 0.4 },
  { codSindicato: 2, codCategoria: 2, parte: 0.14 },
  { codSindicato: 4, codCategoria: 4, parte: 0.1 },
  { codSindicato: 6, codCategoria: 6, parte: 0.28 },
  { codSindicato: 8, codCategoria: 1, parte: 0.08 },
] as const;

/** The function codes of each call category, from the fixed catalogue of /funcoes. */
export function funcoesDaCategoria(codCategoria: number): number[] {
  const codigos = new Set<number>();
  for (const c of categoriasFuncoes)
    if (c.codigo === codCategoria) for (const f of c.funcoes) codigos.add(f.codigo);
  return [...codigos].sort((a, b) => a - b);
}

/** The rush's workers have no documents or street address: the call never reads them. */
const SEM_DOCUMENTOS = {
  rg_numero: null,
  rg_orgao_exp: null,
  rg_uf: null,
  rg_emissao: null,
  pis: null,
  end_logradouro: null,
  end_bairro: null,
  end_cidade: 'Santos',
  end_uf: 'SP',
} as const;

/** The first function of a category: every worker of that category holds it. */
export const FUNCAO_BASE: Record<number, number> = { 1: 101, 2: 201, 4: 401, 6: 601 };

export interface OpcoesRush {
  trabalhadores: number;
  /** Offers per category of the open call (at least 300). */
  ofertasPorCategoria: number;
  senhaHash: string;
  agora: Date;
  fuso: string;
}

export interface ResumoRush {
  numEscalacao: number;
  trabalhadores: number;
  habilitacoes: number;
  trabalhos: number;
  /** Offers of the open call per category code. */
  ofertas: Record<number, number>;
  requisicoes: number;
  /** Workers per call category. */
  porCategoria: Record<number, number>;
}

/** Seeds an EMPTY, migrated database (the caller owns the transaction). */
export async function semearRush(db: DbOuTrx, opcoes: OpcoesRush): Promise<ResumoRush> {
  const { trabalhadores, senhaHash, agora, fuso } = opcoes;
  if (trabalhadores < 1 || trabalhadores > 799_999) throw new Error('BENCH_WORKERS fora de 1..799999');
  const rnd = new Aleatorio(7070);
  const hoje = dataLocal(agora, fuso);

  const avulsos: AvulsoTable[] = [];
  const habilitacoes: { cod_avulso: string; cod_funcao: number }[] = [];
  const trabalhos: Omit<TrabalhoTable, 'id'>[] = [];
  const porCategoria: Record<number, number> = {};
  const cpfs = new Set<string>();
  let codigo = PRIMEIRO_CODIGO_RUSH;

  SINDICATOS_RUSH.forEach(({ codSindicato, codCategoria, parte }, i) => {
    const qtd =
      i === SINDICATOS_RUSH.length - 1
        ? trabalhadores - (codigo - PRIMEIRO_CODIGO_RUSH)
        : Math.round(trabalhadores * parte);
    for (let n = 0; n < qtd; n++) {
      const codAvulso = String(codigo++);
      const sexo = rnd.chance(0.12) ? 'F' : 'M';
      avulsos.push(
        linhaAvulso(
          rnd,
          cpfs,
          {
            codAvulso,
            nome: nomeCompleto(rnd, sexo),
            sexo,
            codSindicato,
            codCategoria,
            artigo: rnd.chance(0.8) ? 55 : 54,
            numChamada: n + 1,
            senhaHash,
          },
          () => SEM_DOCUMENTOS,
        ),
      );
      porCategoria[codCategoria] = (porCategoria[codCategoria] ?? 0) + 1;

      // Qualifications: the base function of the category and 3 to 8 others; multifunctional workers
      // also hold capatazia functions.
      const proprias = new Set<number>();
      const juntar = (categoria: number, min: number, max: number) => {
        const base = FUNCAO_BASE[categoria];
        if (base === undefined) return;
        for (const c of habilitacoesSorteadas(rnd, base, funcoesDaCategoria(categoria), min, max))
          proprias.add(c);
      };
      juntar(codCategoria, 3, 8);
      if (codSindicato === 8) juntar(6, 2, 4);
      for (const cod_funcao of proprias) habilitacoes.push({ cod_avulso: codAvulso, cod_funcao });

      // Engagements: about five in the three weeks before today…
      const funcoes = [...proprias];
      trabalhos.push(...historicoDeTrabalhos(rnd, codAvulso, hoje, 21, 0.25, funcoes, fuso));
      // …and a quarter of them work tonight (19:00-01:00), so the first shift of tomorrow lacks rest.
      if (rnd.chance(0.25)) {
        const noite = TURNOS[2];
        trabalhos.push(trabalhoAleatorio(rnd, codAvulso, hoje, noite, rnd.escolher(funcoes), fuso));
      }
    }
  });

  await emLotes(avulsos, 500, (lote) => db.insertInto('avulso').values(lote).execute());
  await emLotes(habilitacoes, 2000, (lote) => db.insertInto('habilitacao').values(lote).execute());
  await emLotes(trabalhos, 1000, (lote) => db.insertInto('trabalho').values(lote).execute());

  await db
    .insertInto('parametro')
    .values([...PARAMETROS_PONTEIRO])
    .execute();

  const { data: dataHoje } = dataHoraLocal(agora, fuso);
  await db
    .insertInto('escala')
    .values({
      num_escalacao: ESCALA_RUSH,
      data_chamada: dataHoje,
      hora_chamada: '06:30',
      aberta: 1,
      situacao: 'aberta',
    })
    .execute();

  const { ofertas, requisicoes } = await semearOfertasRush(db, {
    numEscalacao: ESCALA_RUSH,
    ofertasPorCategoria: opcoes.ofertasPorCategoria,
    dataOperacao: somarDias(hoje, 1),
    fuso,
    rnd,
  });

  return {
    numEscalacao: ESCALA_RUSH,
    trabalhadores: avulsos.length,
    habilitacoes: habilitacoes.length,
    trabalhos: trabalhos.length,
    ofertas,
    requisicoes,
    porCategoria,
  };
}

export interface OpcoesOfertas {
  numEscalacao: number;
  ofertasPorCategoria: number;
  /** yyyymmdd of the offered shifts (the day after the call). */
  dataOperacao: string;
  fuso: string;
  rnd: Aleatorio;
}

/**
 * Requisitions, holds and function offers of the open call: per category, requisitions of four holds
 * (PR00-PR03; blocks BL00-BL03 in capatazia) with four function offers each, the category's base function
 * in every hold, spread over tomorrow's four shifts, until at least `ofertasPorCategoria` offers.
 */
async function semearOfertasRush(
  db: DbOuTrx,
  opcoes: OpcoesOfertas,
): Promise<{ ofertas: Record<number, number>; requisicoes: number }> {
  const { numEscalacao, dataOperacao, fuso, rnd } = opcoes;
  const requisicoes: RequisicaoTable[] = [];
  const poroes: PoraoTable[] = [];
  const ofertasLinhas: OfertaTable[] = [];
  const ofertas: Record<number, number> = {};
  let numRequisicao = 700_001;
  let seqCategoria = 1;
  for (const codCategoria of [1, 2, 4, 6]) {
    const base = FUNCAO_BASE[codCategoria] as number;
    const outras = funcoesDaCategoria(codCategoria).filter((c) => c !== base);
    const qtdRequisicoes = Math.ceil(opcoes.ofertasPorCategoria / 16);
    for (let r = 0; r < qtdRequisicoes; r++) {
      const turno = TURNOS[r % TURNOS.length] as (typeof TURNOS)[number];
      const operador = rnd.escolher(OPERADORES);
      const navio = rnd.escolher(NAVIOS);
      const cais = rnd.escolher(CAIS);
      const num = numRequisicao++;
      requisicoes.push(
        linhaRequisicao({
          numRequisicao: num,
          numEscalacao,
          codCategoria,
          operador,
          navio,
          cais,
          dataOperacao,
          turno,
          fuso,
        }),
      );
      for (let p = 0; p < 4; p++) {
        const numPorao = `${codCategoria === 6 ? 'BL' : 'PR'}0${p}`;
        poroes.push({
          num_requisicao: num,
          num_porao: numPorao,
          mercadoria: rnd.escolher(MERCADORIAS),
          tonelagem: rnd.inteiro(500, 60_000),
        });
        for (const codFuncao of [base, ...rnd.amostra(outras, 3)]) {
          ofertasLinhas.push({
            seq_categoria: seqCategoria++,
            num_escalacao: numEscalacao,
            cod_categoria: codCategoria,
            num_requisicao: num,
            num_porao: numPorao,
            cod_funcao: codFuncao,
            num_vagas: rnd.inteiro(1, 12),
            ponteiro: rnd.inteiro(1, 999),
            ponteiro_a: rnd.inteiro(1, 999),
            ponteiro_p: rnd.inteiro(1, 999),
            grupo: rnd.chance(0.3) ? `G${rnd.inteiro(1, 4)}` : null,
          });
          ofertas[codCategoria] = (ofertas[codCategoria] ?? 0) + 1;
        }
      }
    }
  }
  await emLotes(requisicoes, 200, (lote) => db.insertInto('requisicao').values(lote).execute());
  await emLotes(poroes, 500, (lote) => db.insertInto('porao').values(lote).execute());
  await emLotes(ofertasLinhas, 500, (lote) => db.insertInto('oferta').values(lote).execute());
  return { ofertas, requisicoes: requisicoes.length };
}
