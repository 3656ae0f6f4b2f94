import { queryOptions } from '@tanstack/react-query';
import type { NovaEscalaBody, RequisicaoBody } from '#common/api/gestao.ts';
import { apiGestao } from '#common/api/gestao.ts';
import { baixarArquivo, chamar } from '../../lib/api-client.ts';

/** The staff area's calls (/api/gestao, issue 16), through their descriptions (common/api/gestao.ts). */

export const escalasQuery = queryOptions({
  queryKey: ['gestao', 'escalas'],
  queryFn: () => chamar(apiGestao.escalas),
  staleTime: 0,
});

export const cadastrosQuery = queryOptions({
  queryKey: ['gestao', 'cadastros'],
  queryFn: () => chamar(apiGestao.cadastros),
  staleTime: 10 * 60_000,
});

/**
 * One call. While it is open its counts move: the live stream tells the page when (contagens-ao-vivo.ts,
 * docs/decisions/0263); `semFluxo` (the stream is down) makes the page ask every `intervaloSemFluxo` ms.
 */
export function escalaQuery(num: number, intervaloSemFluxo: number | false = false) {
  return queryOptions({
    queryKey: ['gestao', 'escala', num],
    queryFn: () => chamar(apiGestao.escala, { params: { num } }),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.situacao === 'aberta' ? intervaloSemFluxo : false),
  });
}

export function resultadoQuery(num: number) {
  return queryOptions({
    queryKey: ['gestao', 'escala', num, 'resultado'],
    queryFn: () => chamar(apiGestao.resultado, { params: { num } }),
    staleTime: 0,
  });
}

export function buscarAuditoria(num: number, codAvulso: string) {
  return chamar(apiGestao.auditoria, { params: { num }, query: { codAvulso } });
}

export function buscarTrabalhadores(num: number, termo: string) {
  return chamar(apiGestao.buscaAuditoria, { params: { num }, query: { termo } });
}

export function naoEscaladosQuery(num: number) {
  return queryOptions({
    queryKey: ['gestao', 'escala', num, 'nao-escalados'],
    queryFn: () => chamar(apiGestao.naoEscalados, { params: { num } }),
    staleTime: 0,
  });
}

export function criarEscala(corpo: NovaEscalaBody) {
  return chamar(apiGestao.criar, { corpo });
}

export type AcaoEscala = 'abrir' | 'fechar' | 'cancelar' | 'publicar';

export function executarAcao(num: number, acao: AcaoEscala): Promise<unknown> {
  return chamar(apiGestao[acao], { params: { num } });
}

export function apurarRodizio(num: number) {
  return chamar(apiGestao.rodizio, { params: { num } });
}

export function salvarRequisicao(
  num: number,
  corpo: RequisicaoBody,
  numRequisicao?: number,
): Promise<{ numRequisicao: number }> {
  return numRequisicao === undefined
    ? chamar(apiGestao.adicionarRequisicao, { params: { num }, corpo })
    : chamar(apiGestao.editarRequisicao, { params: { num, req: numRequisicao }, corpo });
}

export function removerRequisicao(num: number, numRequisicao: number): Promise<null> {
  return chamar(apiGestao.removerRequisicao, { params: { num, req: numRequisicao } });
}

export function copiarRequisicoes(num: number, deEscala: number) {
  return chamar(apiGestao.copiarRequisicoes, { params: { num }, corpo: { deEscala } });
}

export function importarCsv(num: number, conteudo: string) {
  return chamar(apiGestao.importarRequisicoes, { params: { num }, corpo: conteudo });
}

export function baixarEscala(num: number, formato: 'pdf' | 'csv'): Promise<Blob> {
  return formato === 'pdf'
    ? baixarArquivo(apiGestao.escalaPdf, { params: { num }, query: {} })
    : baixarArquivo(apiGestao.escalaCsv, { params: { num } });
}

/** One ship's or one operator's part of the published call, as PDF (docs/decisions/0266). */
export function baixarRecortePdf(num: number, recorte: { codNavio: number } | { codOperador: number }) {
  return baixarArquivo(apiGestao.escalaPdf, { params: { num }, query: recorte });
}

/** The second round of a published call (docs/decisions/0217, 0268): a new draft with its leftover vacancies. */
export function criarRepescagem(num: number, corpo: NovaEscalaBody) {
  return chamar(apiGestao.repescagem, { params: { num }, corpo });
}
