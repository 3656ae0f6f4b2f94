import type { DadosLogin } from '#common/api/sessao.ts';
import { habilitacoesQuery, ultimosTrabalhosQuery } from './api-avulso.ts';
import { escalaAbertaQuery } from './api-sessao.ts';
import { caminhos } from './caminhos.ts';
import { queryClient } from './consultas.ts';

/**
 * A feature's step in the after-login sequence. Features register their steps (from their `rotas.tsx`,
 * which the router loads with the main chunk) instead of being imported by the sequence, so the features
 * never import each other (web/importacoes.test.ts).
 */
export interface PassoAposLogin {
  /**
   * Runs right after a successful login. May answer a path the worker must go to instead of /inicio
   * (the pending election); never throws: a page that needs the data shows its own error.
   */
  aoEntrar(dados: DadosLogin): Promise<string | null> | string | null;
  /**
   * Runs when a reload restored the session (the login guard, web/lib/guarda.ts), so a reload cannot skip
   * what the login would have asked for (docs/decisions/0061-eleicao-navegacao.md).
   */
  aoRecarregar?(dados: DadosLogin): Promise<string | null>;
}

const passos: PassoAposLogin[] = [];

/** Adds a feature's step; steps run in the order they were registered. */
export function registrarAposLogin(passo: PassoAposLogin): void {
  passos.push(passo);
}

/** The registered steps that run again on a reload. */
export function passosAoRecarregar(): readonly PassoAposLogin[] {
  return passos.filter((passo) => passo.aoRecarregar);
}

/**
 * What happens right after a successful login (docs/produto/escalacao.md §4), as one readable sequence:
 * every feature's step (the offline app, the vacancies, the pending election) and the prefetches of the
 * worker's data. Returns the path to go to: the first step that asks for one, else /inicio.
 */
export async function aposLogin(dados: DadosLogin): Promise<string> {
  const [destinos] = await Promise.all([
    Promise.all(passos.map((passo) => passo.aoEntrar(dados))),
    queryClient.prefetchQuery(habilitacoesQuery),
    queryClient.prefetchQuery(ultimosTrabalhosQuery),
    queryClient.prefetchQuery(escalaAbertaQuery),
  ]);
  return destinos.find((destino) => destino !== null) ?? caminhos.inicio;
}
