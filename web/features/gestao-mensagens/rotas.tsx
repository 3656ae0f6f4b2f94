import { type RouteObject, redirect } from 'react-router';
import { caminhos } from '../../lib/caminhos.ts';
import { sessao } from '../../lib/sessao.ts';

/**
 * /gestao/mensagens, the home's service messages (issue 30): only the role `comunicacao` gets in; anyone else
 * goes home (the server refuses them anyway). The login guard is given by the router.
 */
export function rotasGestaoMensagens(exigirLogin: () => Promise<null>): RouteObject[] {
  async function exigirComunicacao(): Promise<null> {
    await exigirLogin();
    if (!sessao.dados()?.papeis.includes('comunicacao')) throw redirect(caminhos.inicio);
    return null;
  }
  return [
    {
      path: 'gestao/mensagens',
      loader: exigirComunicacao,
      lazy: async () => ({ Component: (await import('./pagina-mensagens.tsx')).PaginaMensagens }),
    },
  ];
}
