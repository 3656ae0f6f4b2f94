import { queryOptions } from '@tanstack/react-query';
import type { EncerrarEleicaoBody, VotoBody } from '#common/api/eleicoes.ts';
import { apiEleicoes } from '#common/api/eleicoes.ts';
import { baixarArquivo, chamar } from '../../lib/api-client.ts';

export async function registrarVoto(corpo: VotoBody): Promise<void> {
  await chamar(apiEleicoes.voto, { corpo });
}

/** OGMO staff: every election, newest first. */
export const eleicoesQuery = queryOptions({
  queryKey: ['eleicoes'],
  queryFn: () => chamar(apiEleicoes.lista),
  staleTime: 0,
});

/** Closes and tallies: the commission's code opens the sealed box (docs/decisions/0063-cedula-selada.md). */
export async function encerrarEleicao(id: number, corpo: EncerrarEleicaoBody): Promise<void> {
  await chamar(apiEleicoes.encerrar, { params: { id }, corpo });
}

/** The result or zero report as a PDF, for staff (a blob: the token goes in a header). */
export function baixarRelatorio(id: number, relatorio: 'resultado' | 'zeresima'): Promise<Blob> {
  const endpoint = relatorio === 'resultado' ? apiEleicoes.resultadoPdf : apiEleicoes.zeresimaPdf;
  return baixarArquivo(endpoint, { params: { id } });
}
