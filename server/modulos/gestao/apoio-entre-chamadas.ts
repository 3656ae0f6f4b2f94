import { expect } from 'vitest';
import type { RequisicaoBody } from '#common/api/gestao.ts';
import { apiGestao, categoriaDaOferta } from '#common/api/gestao.ts';
import { dataLocal, somarDias, TURNOS } from '#common/tempo.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { ESCALADOR, estivadoresDe101 } from './apoio-teste.ts';
import { apurarEscala } from './apuracao.ts';
import { criarEscala } from './ciclo.ts';
import { publicarEscala } from './publicacao.ts';
import { adicionarRequisicoes } from './requisicoes.ts';

/**
 * Helpers of the tests across calls (issue 27): calls built through the services (drafts, requisitions),
 * closed directly (the choice machinery has its own tests), choices written as POST /api/vagas leaves them;
 * the rotation and the publication through their services, as the routes call them.
 */

export const POR = '900002';

/**
 * A fresh environment and the escalador's client, with the demo's open call (4521) closed: it would keep the
 * tests' calls from opening, and its choices are not theirs.
 */
export async function ambienteSemChamadaAberta(): Promise<{ amb: AmbienteTeste; staff: ClienteTeste }> {
  const amb = await criarAmbiente();
  const staff = await amb.logado(ESCALADOR);
  const fechada = await staff.chamar(apiGestao.fechar, { params: { num: 4521 } });
  expect(fechada.status, JSON.stringify(fechada.corpo)).toBe(200);
  return { amb, staff };
}

/** Registered stevedores qualified for 101 and 103, not impeded: the tests' workers. */
export async function estivadores(
  amb: AmbienteTeste,
  quantos: number,
): Promise<{ cod: string; num: number }[]> {
  const linhas = await estivadoresDe101(amb)
    .innerJoin('habilitacao as h2', 'h2.cod_avulso', 'a.cod_avulso')
    .where('h2.cod_funcao', '=', 103)
    .where('a.afastamento_definitivo', '=', 0)
    .orderBy('a.cod_avulso')
    .limit(quantos)
    .execute();
  if (linhas.length < quantos) throw new Error(`só ${linhas.length} estivadores`);
  return linhas.map((l) => ({ cod: l.cod_avulso, num: l.num_chamada }));
}

/** A local date `dias` days after the seed's instant (yyyymmdd). */
export function diaDaqui(amb: AmbienteTeste, dias: number): string {
  return somarDias(dataLocal(amb.relogio.now(), amb.config.fusoHorario), dias);
}

/** A call's date as the API takes it (yyyy-mm-dd) from a yyyymmdd day. */
export function dataDaChamada(yyyymmdd: string): string {
  return `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;
}

/** One requisition of one hold at MSC AURORA: `funcoes` as [codFuncao, vagas]. */
export function requisicao(
  dataOperacao: string,
  codPeriodo: number,
  funcoes: [number, number][],
): RequisicaoBody {
  const t = TURNOS.find((x) => x.codPeriodo === codPeriodo) ?? TURNOS[0];
  return {
    codOperador: 11,
    codNavio: 501,
    dataOperacao,
    codPeriodo,
    horaInicio: t.horaInicio,
    horaFim: t.horaFim,
    codLocalAtrac: '1',
    poroes: [
      {
        numPorao: 'PR00',
        nomeMercadoria: 'Contêineres',
        tonelagem: 1000,
        funcoes: funcoes.map(([codFuncao, numVagas]) => ({ codFuncao, numVagas })),
      },
    ],
  };
}

/** A closed call with these requisitions; answers its number and its offers in order (seq, function). */
export async function chamadaFechada(
  amb: AmbienteTeste,
  requisicoes: RequisicaoBody[],
): Promise<{ num: number; ofertas: { seq: number; codFuncao: number }[] }> {
  const primeira = requisicoes[0]?.dataOperacao ?? diaDaqui(amb, 1);
  const num = await criarEscala(amb.db, {
    dataChamada: dataDaChamada(somarDias(primeira, -1)),
    horaChamada: '19:00',
    agora: amb.relogio.now(),
    por: POR,
  });
  await adicionarRequisicoes(
    amb.banco,
    { fuso: amb.config.fusoHorario, periodo4: amb.config.rodizio.periodo4 },
    num,
    requisicoes,
  );
  await amb.db
    .updateTable('escala')
    .set({ situacao: 'fechada', aberta: 0 })
    .where('num_escalacao', '=', num)
    .execute();
  const ofertas = await amb.db
    .selectFrom('oferta')
    .select(['seq_categoria as seq', 'cod_funcao as codFuncao'])
    .where('num_escalacao', '=', num)
    .orderBy('seq_categoria')
    .execute();
  return { num, ofertas };
}

/** A worker's choices in a closed call, best first, as POST /api/vagas records them. */
export async function escolher(
  amb: AmbienteTeste,
  num: number,
  cod: string,
  ofertas: { seq: number; codFuncao: number }[],
) {
  if (ofertas.length === 0) return;
  const hora = amb.relogio.now().toISOString();
  await amb.db
    .insertInto('escolha')
    .values(
      ofertas.map((o, i) => ({
        num_escalacao: num,
        cod_categoria: categoriaDaOferta(o.codFuncao) ?? 1,
        seq_categoria: o.seq,
        cod_avulso: cod,
        preferencia: i + 1,
        hora_digitacao: hora,
      })),
    )
    .execute();
}

export function apurar(amb: AmbienteTeste, num: number) {
  return apurarEscala(amb.banco, {
    numEscalacao: num,
    agora: amb.relogio.now(),
    por: POR,
    horasDescanso: amb.config.horasDescanso,
    fila: amb.config.rodizio.fila,
    dobraHorasDescanso: amb.config.rodizio.dobraHorasDescanso,
  });
}

export function publicar(amb: AmbienteTeste, num: number) {
  return publicarEscala(
    amb.banco,
    {
      numEscalacao: num,
      agora: amb.relogio.now(),
      por: POR,
      horasDescanso: amb.config.horasDescanso,
      fusoHorario: amb.config.fusoHorario,
    },
    amb.app.ctx.eventos,
  );
}

/**
 * A closed call on `dia` with vacancies left for a second round (3 of 101, 1 of 103): `quem` choose the first
 * 101 offer and the rotation runs. Publishing is left to the test.
 */
export async function apuradaComSobras(amb: AmbienteTeste, dia: string, quem: string[]) {
  const x = await chamadaFechada(amb, [
    requisicao(dia, 1, [
      [101, 3],
      [103, 1],
    ]),
  ]);
  const vaga = x.ofertas[0];
  if (!vaga) throw new Error('oferta');
  for (const cod of quem) await escolher(amb, x.num, cod, [vaga]);
  await apurar(amb, x.num);
  return x;
}

/** The second round of a published call, asked for through the API: a call at 06:00 of `dia`. */
export function pedirRepescagem(staff: ClienteTeste, num: number, dia: string) {
  return staff.chamar(apiGestao.repescagem, {
    params: { num },
    corpo: { dataChamada: dataDaChamada(dia), horaChamada: '06:00' },
  });
}

/** The call's engaged workers per offer, in rotation order. */
export async function engajados(amb: AmbienteTeste, num: number): Promise<[string, number][]> {
  const linhas = await amb.db
    .selectFrom('escala_engajamento')
    .select(['cod_avulso', 'seq_categoria'])
    .where('num_escalacao', '=', num)
    .orderBy('seq_categoria')
    .orderBy('posicao')
    .execute();
  return linhas.map((l) => [l.cod_avulso, l.seq_categoria]);
}

/** A worker's jobs that came from calls. */
export async function trabalhosDe(amb: AmbienteTeste, cod: string) {
  return amb.db
    .selectFrom('trabalho')
    .select(['inicio', 'fim', 'num_escalacao'])
    .where('cod_avulso', '=', cod)
    .where('num_escalacao', 'is not', null)
    .orderBy('inicio')
    .execute();
}
