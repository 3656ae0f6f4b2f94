import type { Escolha } from '#common/api/escalacao.ts';
import type { EscalaDetalhe, RequisicaoBody } from '#common/api/gestao.ts';
import { apiGestao } from '#common/api/gestao.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';

/** Helpers of the /api/gestao tests. */

export const ESCALADOR = '900002';

/** A stevedores' requisition at MSC AURORA (demo port), one day after `data`, morning shift. */
export function requisicaoExemplo(dataOperacao: string, extra: Partial<RequisicaoBody> = {}): RequisicaoBody {
  return {
    codOperador: 11,
    codNavio: 501,
    dataOperacao,
    codPeriodo: 1,
    horaInicio: 7,
    horaFim: 13,
    codLocalAtrac: '1',
    poroes: [
      {
        numPorao: 'PR01',
        nomeMercadoria: 'Contêineres',
        tonelagem: 12000,
        funcoes: [
          { codFuncao: 101, numVagas: 3 },
          { codFuncao: 121, numVagas: 1 },
        ],
      },
      {
        numPorao: 'PR02',
        nomeMercadoria: 'Contêineres',
        tonelagem: 8000,
        funcoes: [{ codFuncao: 101, numVagas: 2 }],
      },
    ],
    ...extra,
  };
}

/** A new draft with the given requisitions; answers its number. */
export async function criarRascunho(
  c: ClienteTeste,
  requisicoes: RequisicaoBody[] = [],
  dataChamada = '2026-12-01',
): Promise<number> {
  const r = await c.chamar(apiGestao.criar, { corpo: { dataChamada, horaChamada: '07:00' } });
  if (r.status !== 200) throw new Error(`rascunho: ${JSON.stringify(r.corpo)}`);
  const num = r.corpo.dados.numEscalacao;
  for (const req of requisicoes) {
    const a = await c.chamar(apiGestao.adicionarRequisicao, { params: { num }, corpo: req });
    if (a.status !== 200) throw new Error(`requisição: ${JSON.stringify(a.corpo)}`);
  }
  return num;
}

/** Posts a CSV text as text/csv (the endpoint's `tipoCorpo`). */
export function enviarCsv(c: ClienteTeste, num: number, texto: string) {
  return c.chamar(apiGestao.importarRequisicoes, { params: { num }, corpo: texto });
}

/**
 * Registered stevedores qualified for 101, not impeded, past the demo's first workers, in rotation order
 * (número de chamada): the workers who choose in the tests of a whole call.
 */
export async function estivadoresPorChamada(
  amb: AmbienteTeste,
  quantos: number,
): Promise<{ cod: string; numChamada: number }[]> {
  const linhas = await estivadoresDe101(amb).orderBy('a.num_chamada').limit(quantos).execute();
  return linhas.map((l) => ({ cod: l.cod_avulso, numChamada: l.num_chamada }));
}

/** Registered stevedores qualified for 101, not impeded, past the demo's first workers: the query to narrow. */
export function estivadoresDe101(amb: AmbienteTeste) {
  return amb.db
    .selectFrom('avulso as a')
    .innerJoin('habilitacao as h', 'h.cod_avulso', 'a.cod_avulso')
    .select(['a.cod_avulso', 'a.num_chamada'])
    .where('h.cod_funcao', '=', 101)
    .where('a.artigo', '=', 55)
    .where('a.impedimento', '=', 0)
    .where('a.cod_categoria', '=', 1)
    .where('a.cod_avulso', '>', '100100');
}

/**
 * The choice of one offer of an open call, as the worker's page sends it to POST /api/vagas: the first offer of
 * the function `codFuncao` (any, if not given) in the hold `numPorao` (any, if not given).
 */
export function escolhaDe(d: EscalaDetalhe, oferta: { numPorao?: string; codFuncao?: number } = {}): Escolha {
  for (const r of d.requisicoes) {
    for (const p of r.poroes) {
      if (oferta.numPorao !== undefined && p.numPorao !== oferta.numPorao) continue;
      const f = p.funcoes.find((x) => oferta.codFuncao === undefined || x.codFuncao === oferta.codFuncao);
      if (!f) continue;
      return {
        numRequisicao: r.numRequisicao,
        codOperador: r.codOperador,
        codNavio: r.codNavio,
        dataOperacao: r.dataOperacao,
        codPeriodo: r.codPeriodo,
        numPorao: p.numPorao,
        numPoraoFuncao: p.numPorao,
        codFuncao: f.codFuncao,
        nomeFuncao: f.nomeFuncao,
        seqCategoria: f.seqCategoria,
        seqCategoTPA: 0,
        escolhida: true,
        preferencia: null,
      };
    }
  }
  throw new Error(`oferta ${oferta.numPorao ?? '*'}/${oferta.codFuncao ?? '*'} não encontrada`);
}
