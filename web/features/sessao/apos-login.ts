import type { DadosLogin } from '#common/api/sessao.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { queryClient } from '../../lib/consultas.ts';
import { habilitacoesQuery, ultimosTrabalhosQuery } from '../avulso/api.ts';
import { verificarEleicao } from '../eleicao/estado.ts';
import { garantirVagas } from '../escalacao/loja-escala.ts';
import { escalaAbertaQuery } from './api.ts';
import { ativarOffline } from './offline.ts';

/**
 * What happens right after a successful login (docs/produto/escalacao.md §4), as one readable sequence.
 * Returns the path to go to. Other features add their step here (pending election, vacancies).
 * Prefetches never throw: a page that needs the data shows its own error.
 */
export async function aposLogin(dados: DadosLogin): Promise<string> {
  void dados;
  ativarOffline();
  // Vacancies: only when not impeded, an open call exists and none is loaded yet; not awaited, so the
  // worker lands at once (/escalacao shows them loading).
  void garantirVagas(dados);
  const [eleicaoPendente] = await Promise.all([
    // The pending election (skipped for definitive leave): when there is one, the worker goes to vote.
    verificarEleicao(dados),
    queryClient.prefetchQuery(habilitacoesQuery),
    queryClient.prefetchQuery(ultimosTrabalhosQuery),
    queryClient.prefetchQuery(escalaAbertaQuery),
  ]);
  return eleicaoPendente ? caminhos.eleicao : caminhos.inicio;
}
