import { type RouteObject, redirect } from 'react-router';
import { caminhos } from '../../lib/caminhos.ts';
import { sessao } from '../../lib/sessao.ts';

/**
 * /gestao/eleicoes, setting up an election (issue 30): only the role `eleicao` gets in; anyone else goes home
 * (the server refuses them anyway). The login guard is given by the router.
 */
export function rotasGestaoEleicoes(exigirLogin: () => Promise<null>): RouteObject[] {
  async function exigirEleicao(): Promise<null> {
    await exigirLogin();
    if (!sessao.dados()?.papeis.includes('eleicao')) throw redirect(caminhos.inicio);
    return null;
  }
  return [
    {
      path: 'gestao/eleicoes',
      loader: exigirEleicao,
      lazy: async () => ({ Component: (await import('./pagina-eleicoes.tsx')).PaginaEleicoesGestao }),
    },
  ];
}
