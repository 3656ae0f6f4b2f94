import { queryOptions } from '@tanstack/react-query';
import type {
  EmitirDeclaracaoLockdownBody,
  EnviarDeclaracaoMp945Body,
  FormularioAcesso,
} from '#common/api/declaracoes.ts';
import { apiDeclaracoes } from '#common/api/declaracoes.ts';
import { apiSessao } from '#common/api/sessao.ts';
import { chamar } from '../../lib/api-client.ts';

/** The calls of both declarations (docs/produto/minha-conta.md §7) and the public verification. */

/** Always fresh: each visit starts the flow from what the server holds now. */
export const acessarLockdownQuery = queryOptions({
  queryKey: ['declaracoes', 'lockdown'],
  queryFn: () => chamar(apiDeclaracoes.acessarLockdown),
  staleTime: 0,
  gcTime: 0,
});

export const acessarMp945Query = queryOptions({
  queryKey: ['declaracoes', 'mp945'],
  queryFn: () => chamar(apiDeclaracoes.acessarMp945),
  staleTime: 0,
  gcTime: 0,
});

/** The organisation's city and names for the declaration text (same key as the app's). */
export const configDeclaracaoQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => chamar(apiSessao.config),
  staleTime: Number.POSITIVE_INFINITY,
});

export function emitirLockdown(corpo: EmitirDeclaracaoLockdownBody) {
  return chamar(apiDeclaracoes.emitirLockdown, { corpo });
}

export function consultarDadosAcesso(corpo: FormularioAcesso) {
  return chamar(apiDeclaracoes.dadosAcessoMp945, { corpo });
}

export function enviarMp945(corpo: EnviarDeclaracaoMp945Body) {
  return chamar(apiDeclaracoes.enviarMp945, { corpo });
}

export const verificacaoQuery = (codigo: string) =>
  queryOptions({
    queryKey: ['verificacao', codigo],
    queryFn: () => chamar(apiDeclaracoes.verificacao, { params: { codigo } }),
    retry: false,
  });
