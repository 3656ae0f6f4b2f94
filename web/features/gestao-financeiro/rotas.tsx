import { type RouteObject, redirect } from 'react-router';
import { caminhos } from '../../lib/caminhos.ts';
import { sessao } from '../../lib/sessao.ts';

/**
 * /gestao/financeiro, the payroll's files (issue 25): only the role `financeiro` gets in; anyone else goes home
 * (the server refuses them anyway). The login guard is given by the router.
 */
export function rotasGestaoFinanceiro(exigirLogin: () => Promise<null>): RouteObject[] {
  async function exigirFinanceiro(): Promise<null> {
    await exigirLogin();
    if (!sessao.dados()?.papeis.includes('financeiro')) throw redirect(caminhos.inicio);
    return null;
  }
  return [
    {
      path: 'gestao/financeiro',
      loader: exigirFinanceiro,
      lazy: async () => ({
        Component: (await import('./pagina-importacao.tsx')).PaginaImportacaoFolha,
      }),
    },
  ];
}
