import type {
  EscalaCarregada,
  Escolha,
  FuncaoOferta,
  Requisicao,
  VagasResposta,
} from '#common/api/escalacao.ts';
import { montarEscalaCarregada } from '#common/escala-carregada.ts';
import type { Db } from '../../db/schema.ts';
import type { ClienteTeste } from '../../test/ambiente.ts';

/** Helpers of the call's API tests. */

export interface OfertaNaEscala {
  codCategoria: number;
  requisicao: Requisicao;
  funcao: FuncaoOferta;
}

export function ofertasDe(escala: EscalaCarregada, codCategoria?: number): OfertaNaEscala[] {
  const lista: OfertaNaEscala[] = [];
  for (const categoria of Object.values(escala.categorias)) {
    if (codCategoria !== undefined && categoria.codCategoria !== codCategoria) continue;
    for (const requisicao of categoria.requisicoes)
      for (const porao of requisicao.poroes)
        for (const funcao of porao.funcoes)
          lista.push({ codCategoria: categoria.codCategoria, requisicao, funcao });
  }
  return lista;
}

/** The element of POST /api/vagas for an offer as GET showed it. */
export function escolha(o: OfertaNaEscala, escolhida: boolean): Escolha {
  return {
    numRequisicao: o.requisicao.numRequisicao,
    codOperador: o.requisicao.codOperador,
    codNavio: o.requisicao.codNavio,
    dataOperacao: o.requisicao.dataOperacao,
    codPeriodo: o.requisicao.codPeriodo,
    numPorao: o.funcao.numPorao,
    numPoraoFuncao: o.funcao.numPorao,
    codFuncao: o.funcao.codFuncao,
    nomeFuncao: o.funcao.nomeFuncao,
    seqCategoria: o.funcao.seqCategoria,
    seqCategoTPA: o.funcao.seqCategoTPA,
    escolhida,
    preferencia: null,
  };
}

export async function carregar(c: ClienteTeste, numEscalacao = 4521): Promise<EscalaCarregada> {
  const r = await c.get('/api/vagas', { numEscalacao: String(numEscalacao) });
  if (r.status !== 200) throw new Error(`GET /api/vagas ${r.status}: ${JSON.stringify(r.corpo)}`);
  return montarEscalaCarregada(r.corpo.dados as VagasResposta);
}

export async function escolhasNoBanco(db: Db, codAvulso: string) {
  return db
    .selectFrom('escolha')
    .select(['id', 'seq_categoria', 'cod_categoria', 'preferencia', 'hora_digitacao', 'num_escalacao'])
    .where('cod_avulso', '=', codAvulso)
    .orderBy('id')
    .execute();
}

export async function contarEscolhas(db: Db): Promise<number> {
  const r = await db
    .selectFrom('escolha')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Engagements inserted by tests carry this faina, so they can be removed. */
export const FAINA_TESTE = 'Teste';

/** An engagement of `codAvulso` between two instants (epoch ms). */
export async function inserirTrabalho(db: Db, codAvulso: string, inicio: number, fim: number) {
  await db
    .insertInto('trabalho')
    .values({
      cod_avulso: codAvulso,
      data_operacao: new Date(inicio).toISOString().slice(0, 10).replaceAll('-', ''),
      hora_inicio: 0,
      hora_fim: 0,
      inicio: new Date(inicio).toISOString(),
      fim: new Date(fim).toISOString(),
      operador: 'Tecon Suape',
      navio: 'MSC AURORA',
      local_atracacao: 'Cais 4',
      mercadoria: 'Carga geral',
      faina: FAINA_TESTE,
      cod_funcao: 101,
      funcao: 'Estivador',
    })
    .execute();
}
