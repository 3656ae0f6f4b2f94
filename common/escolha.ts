import type { Escolha, FuncaoOferta, Porao, Requisicao } from './api/escalacao.ts';

/** An offer as GET /api/vagas shows it: the function, its hold and its requisition. */
export interface OfertaDaEscala {
  req: Pick<Requisicao, 'numRequisicao' | 'codOperador' | 'codNavio' | 'dataOperacao' | 'codPeriodo'>;
  porao: Pick<Porao, 'numPorao'>;
  funcao: Pick<
    FuncaoOferta,
    'numPorao' | 'codFuncao' | 'nomeFuncao' | 'seqCategoria' | 'seqCategoTPA' | 'escolhida' | 'preferencia'
  >;
}

/**
 * The element of POST /api/vagas for one offer (docs/produto/escalacao.md §7), the one builder the screen,
 * the API tests and the benchmark share: `numPorao` is the hold the offer sits in, `numPoraoFuncao` the
 * function's own hold code. The choice defaults to what the offer shows; a change passes its own.
 */
export function escolhaDaOferta(
  { req, porao, funcao }: OfertaDaEscala,
  estado: Pick<Escolha, 'escolhida' | 'preferencia'> = funcao,
): Escolha {
  return {
    numRequisicao: req.numRequisicao,
    codOperador: req.codOperador,
    codNavio: req.codNavio,
    dataOperacao: req.dataOperacao,
    codPeriodo: req.codPeriodo,
    numPorao: porao.numPorao,
    numPoraoFuncao: funcao.numPorao,
    codFuncao: funcao.codFuncao,
    nomeFuncao: funcao.nomeFuncao,
    seqCategoria: funcao.seqCategoria,
    seqCategoTPA: funcao.seqCategoTPA,
    escolhida: estado.escolhida,
    preferencia: estado.preferencia,
  };
}
