import type { RouteObject } from 'react-router';
import { registrarAposLogin } from '../../lib/apos-login.ts';

// After a login the vacancies load (only when not impeded, an open call exists and none is loaded yet); not
// awaited, so the worker lands at once (/escalacao shows them loading). The call's store arrives with it.
registrarAposLogin({
  aoEntrar: (dados) => {
    void import('./loja-escala.ts').then(({ garantirVagas }) => garantirVagas(dados)).catch(() => undefined);
    return null;
  },
});

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
