import type { RouteObject } from 'react-router';
import { sessao } from '../../lib/sessao.ts';
import { encerrarSessao } from './encerrar.ts';
import { PaginaLogin } from './pagina-login.tsx';

/** /login logs out any existing session on entry (docs/produto/escalacao.md §2). */
async function sairAoEntrar(): Promise<null> {
  if (sessao.temToken() || sessao.dados()) await encerrarSessao();
  return null;
}

/** /login and /totem (docs/produto/escalacao.md §2). */
export const rotasSessao: RouteObject[] = [
  { path: 'login', loader: sairAoEntrar, element: <PaginaLogin /> },
  { path: 'totem', element: <PaginaLogin quiosque key="totem" /> },
];
