import type { RequisicaoBody } from '#common/api/gestao.ts';
import { apiGestao } from '#common/api/gestao.ts';
import type { ClienteTeste } from '../../test/ambiente.ts';

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
