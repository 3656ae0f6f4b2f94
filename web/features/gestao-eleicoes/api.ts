import { queryOptions } from '@tanstack/react-query';
import { apiEleicoes } from '#common/api/eleicoes.ts';
import { apiEleicoesGestao, type NovaEleicao } from '#common/api/eleicoes-gestao.ts';
import { baixarArquivo, chamar } from '../../lib/api-client.ts';

/** The election staff's calls (/api/gestao/eleicoes, issue 30), through their descriptions. */

export const eleicoesGestaoQuery = queryOptions({
  queryKey: ['gestao-eleicoes', 'lista'],
  queryFn: () => chamar(apiEleicoesGestao.listar),
  staleTime: 0,
});

export function eleicaoGestaoQuery(id: number) {
  return queryOptions({
    queryKey: ['gestao-eleicoes', 'detalhe', id],
    queryFn: () => chamar(apiEleicoesGestao.detalhe, { params: { id } }),
    staleTime: 0,
  });
}

export const criarEleicao = (corpo: NovaEleicao) => chamar(apiEleicoesGestao.criar, { corpo });
/** The key ceremony: the answer carries the commission's code, which is never asked again. */
export const cerimoniaDeChaves = (id: number) => chamar(apiEleicoesGestao.cerimonia, { params: { id } });
export const conferirChave = (id: number, chaveApuracao: string) =>
  chamar(apiEleicoesGestao.conferirChave, { params: { id }, corpo: { chaveApuracao } });
export const baixarZeresima = (id: number) => baixarArquivo(apiEleicoes.zeresimaPdf, { params: { id } });
