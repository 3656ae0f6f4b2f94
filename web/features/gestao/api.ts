import { queryOptions } from '@tanstack/react-query';
import type {
  Auditoria,
  Cadastros,
  EscalaDetalhe,
  EscalaResumo,
  NovaEscalaBody,
  RequisicaoBody,
  ResultadoEscala,
  ResumoRodizio,
} from '#common/api/gestao.ts';
import { api, baixarArquivo } from '../../lib/api-client.ts';

/** The staff area's calls (/api/gestao, issue 16). */

/** While a call is open its counts move: the page asks again this often (a live stream comes later). */
export const INTERVALO_AO_VIVO_MS = 3_000;

export const escalasQuery = queryOptions({
  queryKey: ['gestao', 'escalas'],
  queryFn: () => api<EscalaResumo[]>('/api/gestao/escalas'),
  staleTime: 0,
});

export const cadastrosQuery = queryOptions({
  queryKey: ['gestao', 'cadastros'],
  queryFn: () => api<Cadastros>('/api/gestao/cadastros'),
  staleTime: 10 * 60_000,
});

export function escalaQuery(num: number) {
  return queryOptions({
    queryKey: ['gestao', 'escala', num],
    queryFn: () => api<EscalaDetalhe>(`/api/gestao/escalas/${num}`),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.situacao === 'aberta' ? INTERVALO_AO_VIVO_MS : false),
  });
}

export function resultadoQuery(num: number) {
  return queryOptions({
    queryKey: ['gestao', 'escala', num, 'resultado'],
    queryFn: () => api<ResultadoEscala>(`/api/gestao/escalas/${num}/resultado`),
    staleTime: 0,
  });
}

export function buscarAuditoria(num: number, codAvulso: string): Promise<Auditoria> {
  return api<Auditoria>(`/api/gestao/escalas/${num}/auditoria`, { consulta: { codAvulso } });
}

export function criarEscala(corpo: NovaEscalaBody): Promise<{ numEscalacao: number }> {
  return api('/api/gestao/escalas', { metodo: 'POST', corpo });
}

export type AcaoEscala = 'abrir' | 'fechar' | 'cancelar' | 'publicar';

export function executarAcao(num: number, acao: AcaoEscala): Promise<unknown> {
  return api(`/api/gestao/escalas/${num}/${acao}`, { metodo: 'POST', corpo: {} });
}

export function apurarRodizio(num: number): Promise<ResumoRodizio> {
  return api<ResumoRodizio>(`/api/gestao/escalas/${num}/rodizio`, { metodo: 'POST', corpo: {} });
}

export function salvarRequisicao(
  num: number,
  corpo: RequisicaoBody,
  numRequisicao?: number,
): Promise<{ numRequisicao: number }> {
  return numRequisicao === undefined
    ? api(`/api/gestao/escalas/${num}/requisicoes`, { metodo: 'POST', corpo })
    : api(`/api/gestao/escalas/${num}/requisicoes/${numRequisicao}`, { metodo: 'PUT', corpo });
}

export function removerRequisicao(num: number, numRequisicao: number): Promise<null> {
  return api(`/api/gestao/escalas/${num}/requisicoes/${numRequisicao}`, { metodo: 'DELETE' });
}

export function importarCsv(num: number, conteudo: string): Promise<{ requisicoes: number[] }> {
  return api(`/api/gestao/escalas/${num}/requisicoes/importar`, {
    metodo: 'POST',
    texto: { conteudo, tipo: 'text/csv; charset=utf-8' },
  });
}

export function baixarEscala(num: number, formato: 'pdf' | 'csv'): Promise<Blob> {
  return baixarArquivo(`/api/gestao/escalas/${num}/escala.${formato}`, {});
}
