import type { RouteObject } from 'react-router';

/**
 * Routes of this feature, mounted under the login guard in web/router.tsx. The pages load on demand;
 * the guard stays here, so it runs while the page's code is still arriving.
 */
export const rotasEscalacao: RouteObject[] = [
  {
    path: 'escalacao',
    lazy: async () => ({ Component: (await import('./pagina-escalacao.tsx')).PaginaEscalacao }),
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./escolha-categoria.tsx')).EscolhaCategoria }),
      },
      {
        path: 'ofertas/:categoria',
        // The guard's code (the call's client state) arrives with the route, not with the login page.
        loader: async (args) => (await import('./guarda-ofertas.ts')).guardaOfertas(args),
        lazy: async () => ({ Component: (await import('./pagina-ofertas.tsx')).PaginaOfertas }),
      },
    ],
  },
];
