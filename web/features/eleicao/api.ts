import { queryOptions } from '@tanstack/react-query';
import type { EleicaoPendente, ListaEleicoes, VotoBody } from '#common/api/eleicoes.ts';
import { api, baixarArquivo } from '../../lib/api-client.ts';

/** GET /api/eleicoes/pendente: the open election the worker has not voted in, or null. */
export function buscarEleicaoPendente(): Promise<EleicaoPendente | null> {
  return api<EleicaoPendente | null>('/api/eleicoes/pendente');
}

/** POST /api/eleicoes/voto */
export async function registrarVoto(corpo: VotoBody): Promise<void> {
  await api<null>('/api/eleicoes/voto', { metodo: 'POST', corpo });
}

/** OGMO staff: every election, newest first. */
export const eleicoesQuery = queryOptions({
  queryKey: ['eleicoes'],
  queryFn: () => api<ListaEleicoes>('/api/eleicoes'),
  staleTime: 0,
});

export async function encerrarEleicao(id: number): Promise<void> {
  await api(`/api/eleicoes/${id}/encerrar`, { metodo: 'POST', corpo: {} });
}

/** The result or zero report as a PDF, for staff (a blob: the token goes in a header). */
export function baixarRelatorio(id: number, relatorio: 'resultado' | 'zeresima'): Promise<Blob> {
  return baixarArquivo(`/api/eleicoes/${id}/${relatorio}.pdf`, {});
}
