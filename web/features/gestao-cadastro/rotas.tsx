import { type RouteObject, redirect } from 'react-router';
import { caminhos } from '../../lib/caminhos.ts';
import { sessao } from '../../lib/sessao.ts';

/**
 * /gestao/trabalhadores, the workers' record (issue 30): only the role `cadastro` gets in; anyone else goes
 * home (the server refuses them anyway). The login guard is given by the router.
 */
export function rotasGestaoCadastro(exigirLogin: () => Promise<null>): RouteObject[] {
  async function exigirCadastro(): Promise<null> {
    await exigirLogin();
    if (!sessao.dados()?.papeis.includes('cadastro')) throw redirect(caminhos.inicio);
    return null;
  }
  return [
    {
      path: 'gestao/trabalhadores',
      loader: exigirCadastro,
      lazy: async () => ({ Component: (await import('./pagina-trabalhadores.tsx')).PaginaTrabalhadores }),
    },
    {
      path: 'gestao/trabalhadores/novo',
      loader: exigirCadastro,
      lazy: async () => ({ Component: (await import('./pagina-novo.tsx')).PaginaNovoTrabalhador }),
    },
    {
      path: 'gestao/trabalhadores/:cod',
      loader: exigirCadastro,
      lazy: async () => ({ Component: (await import('./pagina-ficha.tsx')).PaginaFicha }),
    },
  ];
}
