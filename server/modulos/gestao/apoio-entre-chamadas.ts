import type { RequisicaoBody } from '#common/api/gestao.ts';
import { categoriaDaOferta } from '#common/api/gestao.ts';
import { dataLocal, somarDias, TURNOS } from '#common/tempo.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
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

/** Registered stevedores qualified for 101 and 103, not impeded: the tests' workers. */
export async function estivadores(
  amb: AmbienteTeste,
  quantos: number,
): Promise<{ cod: string; num: number }[]> {
  const linhas = await amb.db
    .selectFrom('avulso as a')
    .innerJoin('habilitacao as h', 'h.cod_avulso', 'a.cod_avulso')
    .innerJoin('habilitacao as h2', 'h2.cod_avulso', 'a.cod_avulso')
    .select(['a.cod_avulso', 'a.num_chamada'])
    .where('h.cod_funcao', '=', 101)
    .where('h2.cod_funcao', '=', 103)
    .where('a.artigo', '=', 55)
    .where('a.impedimento', '=', 0)
    .where('a.afastamento_definitivo', '=', 0)
    .where('a.cod_categoria', '=', 1)
    .where('a.cod_avulso', '>', '100100')
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
  const dataChamada = somarDias(primeira, -1);
  const num = await criarEscala(amb.db, {
    dataChamada: `${dataChamada.slice(0, 4)}-${dataChamada.slice(4, 6)}-${dataChamada.slice(6, 8)}`,
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
