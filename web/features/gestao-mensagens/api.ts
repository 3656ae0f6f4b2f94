import { queryOptions } from '@tanstack/react-query';
import { apiMensagensGestao, type EdicaoMensagem, type NovaMensagem } from '#common/api/mensagens.ts';
import { chamar } from '../../lib/api-client.ts';

/** The messages screen's calls (/api/gestao/mensagens, issue 30), through their descriptions. */

export function mensagensQuery(pagina: number) {
  return queryOptions({
    queryKey: ['gestao-mensagens', 'lista', pagina],
    queryFn: () => chamar(apiMensagensGestao.listar, { query: { pagina } }),
    staleTime: 0,
  });
}

export function mensagemQuery(id: number) {
  return queryOptions({
    queryKey: ['gestao-mensagens', 'detalhe', id],
    queryFn: () => chamar(apiMensagensGestao.detalhe, { params: { id } }),
    staleTime: 0,
  });
}

export const enviarMensagem = (corpo: NovaMensagem) => chamar(apiMensagensGestao.enviar, { corpo });
export const editarMensagem = (id: number, corpo: EdicaoMensagem) =>
  chamar(apiMensagensGestao.editar, { params: { id }, corpo });
export const encerrarMensagem = (id: number) => chamar(apiMensagensGestao.encerrar, { params: { id } });
