import type { RouteObject } from 'react-router';

/** /docs/api: the API's description for integrators (issue 29), public, loaded on demand. */
export const rotasDocumentacao: RouteObject[] = [
  {
    path: 'docs/api',
    lazy: async () => ({ Component: (await import('./pagina-api.tsx')).PaginaApi }),
  },
];
