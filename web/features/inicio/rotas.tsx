import type { RouteObject } from 'react-router';
import { PaginaFaleComOgmo } from './pagina-fale-com-ogmo.tsx';
import { PaginaFuncoes } from './pagina-funcoes.tsx';
import { PaginaInicio } from './pagina-inicio.tsx';

/** /funcoes is public; /inicio and /fale-com-o-ogmo are login-guarded. */
export const rotasPublicasInicio: RouteObject[] = [{ path: 'funcoes', element: <PaginaFuncoes /> }];
export const rotasInicio: RouteObject[] = [
  { path: 'inicio', element: <PaginaInicio /> },
  { path: 'fale-com-o-ogmo', element: <PaginaFaleComOgmo /> },
];
