import { queryOptions } from '@tanstack/react-query';
import type { LoginBody } from '#common/api/sessao.ts';
import { chamar } from './api-client.ts';
import { enderecosEscalaAberta, enderecosSessao } from './enderecos-api.ts';

export function entrar(corpo: LoginBody) {
  return chamar(enderecosSessao.login, { corpo });
}

export async function sair(): Promise<void> {
  await chamar(enderecosSessao.logout);
}

export function buscarSessao() {
  return chamar(enderecosSessao.sessao);
}

export const configPublicaQuery = queryOptions({
  queryKey: ['config'],
  queryFn: () => chamar(enderecosSessao.config),
  staleTime: Number.POSITIVE_INFINITY,
});

export const escalaAbertaQuery = queryOptions({
  queryKey: ['escalaAberta'],
  queryFn: () => chamar(enderecosEscalaAberta.escalaAberta),
  staleTime: 15_000,
  refetchInterval: 60_000,
});
