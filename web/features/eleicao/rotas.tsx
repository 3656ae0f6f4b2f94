import { type RouteObject, redirect } from 'react-router';
import type { DadosLogin } from '#common/api/sessao.ts';
import { registrarAposLogin } from '../../lib/apos-login.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { exigirLogin } from '../../lib/guarda.ts';
import { sessao } from '../../lib/sessao.ts';
import { carregarEleicaoPendente, estadoEleicao, verificarEleicao } from './estado.ts';

/**
 * The pending election after a login and after a reload (skipped for definitive leave): when there is one,
 * the worker goes to vote (docs/produto/escalacao.md §4, docs/decisions/0061-eleicao-navegacao.md).
 */
async function destinoDaEleicao(dados: DadosLogin): Promise<string | null> {
  return (await verificarEleicao(dados)) ? caminhos.eleicao : null;
}
registrarAposLogin({ aoEntrar: destinoDaEleicao, aoRecarregar: destinoDaEleicao });

/**
 * /eleicao needs a loaded election, else /inicio (docs/produto/escalacao.md §2). On a reload the client state is
 * gone, so the server is asked again (docs/decisions/0061-eleicao-navegacao.md).
 */
async function exigirEleicao(): Promise<null> {
  if (estadoEleicao.atual()) return null;
  if (sessao.temToken() && (await carregarEleicaoPendente())) return null;
  throw redirect(caminhos.inicio);
}

/** /eleicoes is for the role `eleicao` only (issue 30); anyone else goes home (the server refuses them anyway). */
async function exigirEquipeOgmo(): Promise<null> {
  await exigirLogin();
  if (!sessao.dados()?.papeis.includes('eleicao')) throw redirect(caminhos.inicio);
  return null;
}

/** Routes of this feature, mounted under the login guard in web/router.tsx; the pages load on demand. */
export const rotasEleicao: RouteObject[] = [
  {
    path: 'eleicao',
    loader: exigirEleicao,
    lazy: async () => ({ Component: (await import('./pagina-eleicao.tsx')).PaginaEleicao }),
  },
  {
    path: 'eleicoes',
    loader: exigirEquipeOgmo,
    lazy: async () => ({ Component: (await import('./pagina-apuracao.tsx')).PaginaApuracao }),
  },
];
