import { useRef, useSyncExternalStore } from 'react';
import type { DadosLogin } from '#common/api/sessao.ts';
import { lerToken, limparToken } from './token.ts';

/**
 * The logged-in worker (dadosLogin) as client state. Server state (calls, offers, documents) lives in
 * TanStack Query; features that keep client state of their own register a reset with `aoEncerrarSessao`,
 * so logout clears everything (docs/produto/escalacao.md §4).
 */
let dadosLogin: DadosLogin | null = null;
const ouvintes = new Set<() => void>();
const limpezas = new Set<() => void>();

function avisar() {
  for (const fn of ouvintes) fn();
}

export const sessao = {
  dados(): DadosLogin | null {
    return dadosLogin;
  },
  logado(): boolean {
    return dadosLogin !== null && lerToken() !== undefined;
  },
  temToken(): boolean {
    return lerToken() !== undefined;
  },
  definir(dados: DadosLogin): void {
    dadosLogin = dados;
    avisar();
  },
  /** Clears token, worker data and every feature's client state. */
  encerrar(): void {
    dadosLogin = null;
    limparToken();
    for (const fn of limpezas) fn();
    avisar();
  },
  /**
   * Runs `fn` with `dados` as the worker and puts the previous value back, telling no one: the server's
   * render of /inicio (web/inicio-servidor.tsx), synchronous, so no other request's render sees it.
   */
  durante<T>(dados: DadosLogin, fn: () => T): T {
    const antes = dadosLogin;
    dadosLogin = dados;
    try {
      return fn();
    } finally {
      dadosLogin = antes;
    }
  },
  assinar(fn: () => void): () => void {
    ouvintes.add(fn);
    return () => ouvintes.delete(fn);
  },
};

export function aoEncerrarSessao(fn: () => void): () => void {
  limpezas.add(fn);
  return () => limpezas.delete(fn);
}

export function useDadosLogin(): DadosLogin | null {
  return useSyncExternalStore(sessao.assinar, sessao.dados, sessao.dados);
}

/**
 * For components under the login guard, where dadosLogin is always present. Logging out clears it while
 * the page is still mounted (the navigation to /login comes right after): that last render keeps the
 * worker it had, so 'Sair' never shows an error screen (docs/decisions/0120-telas-conferidas.md).
 */
export function useAvulso(): DadosLogin {
  const dados = useDadosLogin();
  const ultimo = useRef(dados);
  if (dados) ultimo.current = dados;
  if (!ultimo.current) throw new Error('useAvulso fora de uma rota protegida');
  return ultimo.current;
}
