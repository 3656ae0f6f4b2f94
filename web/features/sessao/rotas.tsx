import type { RouteObject } from 'react-router';
import { registrarAposLogin } from '../../lib/apos-login.ts';
import { encerrarSessao } from '../../lib/encerrar.ts';
import { sessao } from '../../lib/sessao.ts';
import { ativarOffline } from './offline.ts';
import { PaginaLogin } from './pagina-login.tsx';

// After a login the offline-readable app is activated (docs/decisions/0132).
registrarAposLogin({
  aoEntrar: () => {
    ativarOffline();
    return null;
  },
});

/** /login logs out any existing session on entry (docs/produto/escalacao.md §2). */
async function sairAoEntrar(): Promise<null> {
  if (sessao.temToken() || sessao.dados()) await encerrarSessao();
  return null;
}

/** The login route's id, which web/main.tsx names when it hydrates the prerendered /login. */
export const ID_ROTA_LOGIN = 'login';

/** /login and /totem (docs/produto/escalacao.md §2). */
export const rotasSessao: RouteObject[] = [
  { id: ID_ROTA_LOGIN, path: 'login', loader: sairAoEntrar, element: <PaginaLogin /> },
  { path: 'totem', element: <PaginaLogin quiosque key="totem" /> },
  // The first access with the staff's code (issue 30); zod and the form load only here.
  {
    path: 'primeiro-acesso',
    lazy: async () => ({ Component: (await import('./pagina-primeiro-acesso.tsx')).PaginaPrimeiroAcesso }),
  },
];
