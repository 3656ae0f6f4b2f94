import { type RouteObject, redirect } from 'react-router';
import { PAPEL_ESCALADOR } from '#common/dominio.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { sessao } from '../../lib/sessao.ts';

/**
 * /gestao, the staff area that runs calls (issue 16). Only the role `escalador` gets in; anyone else goes
 * home (the server refuses them anyway). The login guard is given by the router, so this feature does not
 * import another one.
 */
export function rotasGestao(exigirLogin: () => Promise<null>): RouteObject[] {
  async function exigirEscalador(): Promise<null> {
    await exigirLogin();
    if (!sessao.dados()?.papeis.includes(PAPEL_ESCALADOR)) throw redirect(caminhos.inicio);
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
