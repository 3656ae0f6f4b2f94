import type { RouteObject } from 'react-router';

/** /funcoes is public; /inicio and /fale-com-o-ogmo are login-guarded. Pages load on demand. */
export const rotasPublicasInicio: RouteObject[] = [
  {
    path: 'funcoes',
    lazy: async () => ({ Component: (await import('./pagina-funcoes.tsx')).PaginaFuncoes }),
  },
];
export const rotasInicio: RouteObject[] = [
  {
    path: 'inicio',
    // Its answers are asked beside the page's code, so it renders once, with them (dados-inicio.ts).
    loader: async () => (await import('./dados-inicio.ts')).prepararInicio(),
    lazy: async () => ({ Component: (await import('./pagina-inicio.tsx')).PaginaInicio }),
  },
  {
    path: 'fale-com-o-ogmo',
    lazy: async () => ({ Component: (await import('./pagina-fale-com-ogmo.tsx')).PaginaFaleComOgmo }),
  },
];
