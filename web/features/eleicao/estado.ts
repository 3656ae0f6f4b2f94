import { useSyncExternalStore } from 'react';
import type { EleicaoPendente } from '#common/api/eleicoes.ts';
import type { DadosLogin } from '#common/api/sessao.ts';
import { chamar } from '../../lib/api-client.ts';
import { enderecosEleicoes } from '../../lib/enderecos-api.ts';
import { aoEncerrarSessao } from '../../lib/sessao.ts';

/**
 * The loaded election (docs/produto/escalacao.md §4) as client state: set by the after-login check, cleared by a
 * vote (success or failure) and by logout. While it is set the worker stays on /eleicao.
 */
let eleicao: EleicaoPendente | null = null;
let emCurso: Promise<EleicaoPendente | null> | null = null;
/** Bumped at logout, so an answer that arrives afterwards loads nothing. */
let geracao = 0;
const ouvintes = new Set<() => void>();

function definir(valor: EleicaoPendente | null) {
  eleicao = valor;
  for (const fn of ouvintes) fn();
}

export const estadoEleicao = {
  atual: (): EleicaoPendente | null => eleicao,
  limpar: () => definir(null),
  assinar(fn: () => void): () => void {
    ouvintes.add(fn);
    return () => ouvintes.delete(fn);
  },
};

aoEncerrarSessao(() => {
  geracao++;
  emCurso = null;
  definir(null);
});

/**
 * Asks the server for the pending election and loads it. Never throws: on failure nothing is loaded
 * and the worker goes on to the home (the vote can wait for the next login).
 */
export function carregarEleicaoPendente(): Promise<EleicaoPendente | null> {
  const minha = geracao;
  // By its address, not apiEleicoes: this runs right after the login, whose load carries no zod
  // (docs/decisions/0135-preact-no-navegador.md).
  emCurso ??= chamar(enderecosEleicoes.pendente)
    .catch(() => null)
    .then((pendente) => {
      if (minha !== geracao) return null;
      definir(pendente);
      return pendente;
    })
    .finally(() => {
      if (minha === geracao) emCurso = null;
    });
  return emCurso;
}

/** The pending-election step of the after-login sequence: skipped for definitive leave. */
export async function verificarEleicao(dados: DadosLogin): Promise<boolean> {
  if (dados.afastamentoDefinitivo) return false;
  return (await carregarEleicaoPendente()) !== null;
}

/** The loaded election, or null. */
export function useEleicaoPendente(): EleicaoPendente | null {
  return useSyncExternalStore(estadoEleicao.assinar, estadoEleicao.atual, estadoEleicao.atual);
}
