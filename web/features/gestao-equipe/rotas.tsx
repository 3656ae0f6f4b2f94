import { type RouteObject, redirect } from 'react-router';
import { caminhos } from '../../lib/caminhos.ts';
import { sessao } from '../../lib/sessao.ts';

/**
 * /gestao/equipe, the staff's roles (issue 30), and /gestao/seguranca, the kiosks and locks (issue 28): only the role `administrador` gets in; anyone else goes home
 * (the server refuses them anyway). The login guard is given by the router.
 */
export function rotasGestaoEquipe(exigirLogin: () => Promise<null>): RouteObject[] {
  async function exigirAdministrador(): Promise<null> {
    await exigirLogin();
    if (!sessao.dados()?.papeis.includes('administrador')) throw redirect(caminhos.inicio);
    return null;
  }
  return [
    {
      path: 'gestao/equipe',
      loader: exigirAdministrador,
      lazy: async () => ({ Component: (await import('./pagina-equipe.tsx')).PaginaEquipe }),
    },
    {
      path: 'gestao/seguranca',
      loader: exigirAdministrador,
      lazy: async () => ({ Component: (await import('./pagina-seguranca.tsx')).PaginaSeguranca }),
    },
  ];
}
