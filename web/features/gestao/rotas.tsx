import { type RouteObject, redirect } from 'react-router';
import { PAPEL_ESCALADOR } from '#common/dominio.ts';
import { primeiraAreaGestao } from '../../components/layout/menu-gestao.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { sessao } from '../../lib/sessao.ts';

/**
 * /gestao, the staff area that runs calls (issue 16). Only the role `escalador` gets in; another staff member
 * goes to their own role's area, anyone else home (the server refuses them anyway). The login guard is given by the router, so this feature does not
 * import another one.
 */
export function rotasGestao(exigirLogin: () => Promise<null>): RouteObject[] {
  async function exigirEscalador(): Promise<null> {
    await exigirLogin();
    const papeis = sessao.dados()?.papeis ?? [];
    // Another staff role opens its own area instead (issue 30).
    if (!papeis.includes(PAPEL_ESCALADOR)) throw redirect(primeiraAreaGestao(papeis) ?? caminhos.inicio);
    return null;
  }
  return [
    {
      path: 'gestao',
      loader: exigirEscalador,
      lazy: async () => ({ Component: (await import('./pagina-escalas.tsx')).PaginaEscalas }),
    },
    {
      path: 'gestao/escalas/:num',
      loader: exigirEscalador,
      lazy: async () => ({ Component: (await import('./pagina-escala.tsx')).PaginaEscala }),
    },
  ];
}
