import { queryOptions } from '@tanstack/react-query';
import { apiEscalaAberta } from '#common/api/escala-aberta.ts';
import type { LoginBody } from '#common/api/sessao.ts';
import { apiSessao } from '#common/api/sessao.ts';
import { chamar } from './api-client.ts';

export function entrar(corpo: LoginBody) {
  return chamar(apiSessao.login, { corpo });
}

export async function sair(): Promise<void> {
  await chamar(apiSessao.logout);
}

export function buscarSessao() {
  return chamar(apiSessao.sessao);
}

export const configPublicaQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => chamar(apiSessao.config),
  staleTime: Number.POSITIVE_INFINITY,
});

export const escalaAbertaQuery = queryOptions({
  queryKey: ['escalaAberta'],
  queryFn: () => chamar(apiEscalaAberta.escalaAberta),
  staleTime: 15_000,
  refetchInterval: 60_000,
});
