import { queryOptions } from '@tanstack/react-query';
import type { EscalaAberta } from '#common/api/escala-aberta.ts';
import type { ConfigPublica, DadosLogin, LoginBody } from '#common/api/sessao.ts';
import { api } from '../../lib/api-client.ts';

export async function entrar(corpo: LoginBody): Promise<DadosLogin> {
  return api<DadosLogin>('/api/login', { metodo: 'POST', corpo });
}

export async function sair(): Promise<void> {
  await api<null>('/api/logout', { metodo: 'POST', corpo: {} });
}

export function buscarSessao(): Promise<DadosLogin> {
  return api<DadosLogin>('/api/sessao');
}

export const configPublicaQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => api<ConfigPublica>('/api/config'),
  staleTime: Number.POSITIVE_INFINITY,
});

export const escalaAbertaQuery = queryOptions({
  queryKey: ['escalaAberta'],
  queryFn: () => api<EscalaAberta | null>('/api/escalaAberta'),
  staleTime: 15_000,
  refetchInterval: 60_000,
});
