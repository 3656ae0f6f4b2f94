import { queryOptions } from '@tanstack/react-query';
import type {
  AcessarDeclaracaoLockdown,
  AcessarDeclaracaoMp945,
  CadastroMp945,
  DeclaracaoEmitida,
  EmitirDeclaracaoLockdownBody,
  EnviarDeclaracaoMp945Body,
  FormularioAcesso,
  Verificacao,
} from '#common/api/declaracoes.ts';
import type { ConfigPublica } from '#common/api/sessao.ts';
import { api } from '../../lib/api-client.ts';

/** The calls of both declarations (minha-conta.md §7) and the public verification. */

/** Always fresh: each visit starts the flow from what the server holds now. */
export const acessarLockdownQuery = queryOptions({
  queryKey: ['declaracoes', 'lockdown'],
  queryFn: () => api<AcessarDeclaracaoLockdown>('/api/lockdown/acessarDeclaracao'),
  staleTime: 0,
  gcTime: 0,
});

export const acessarMp945Query = queryOptions({
  queryKey: ['declaracoes', 'mp945'],
  queryFn: () => api<AcessarDeclaracaoMp945>('/api/mp945/acessarDeclaracao'),
  staleTime: 0,
  gcTime: 0,
});

/** GET /api/config, the organisation's city and names for the declaration text (same key as the app's). */
export const configDeclaracaoQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api<ConfigPublica>('/api/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

export function emitirLockdown(corpo: EmitirDeclaracaoLockdownBody): Promise<DeclaracaoEmitida> {
  return api<DeclaracaoEmitida>('/api/lockdown/emitirDeclaracao', { metodo: 'POST', corpo });
}

export function consultarDadosAcesso(corpo: FormularioAcesso): Promise<CadastroMp945> {
  return api<CadastroMp945>('/api/mp945/dadosAcesso', { metodo: 'POST', corpo });
}

export function enviarMp945(corpo: EnviarDeclaracaoMp945Body): Promise<DeclaracaoEmitida> {
  return api<DeclaracaoEmitida>('/api/mp945/enviarDeclaracao', { metodo: 'POST', corpo });
}

export const verificacaoQuery = (codigo: string) =>
  queryOptions({
    queryKey: ['verificacao', codigo],
    queryFn: () => api<Verificacao>(`/api/verificacao/${encodeURIComponent(codigo)}`),
    retry: false,
  });
