import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { rotas } from './router.tsx';

/** The route table without loaders: at build time there is no session for /login's loader to end. */
function semLoaders(lista: RouteObject[]): RouteObject[] {
  return lista.map(
    ({ loader: _loader, children, ...rota }) =>
      (children ? { ...rota, children: semLoaders(children) } : rota) as RouteObject,
  );
}

/**
 * /login's markup as the app renders it before any answer arrived, written by the build into login.html
 * (vite.config.ts), so a phone paints the page from the HTML while the scripts download; the client then
 * renders over it (docs/decisions/0135-preact-no-navegador.md). Runs in Node at build time, with React.
 */
export function htmlDoLogin(): string {
  const router = createMemoryRouter(semLoaders(rotas), { initialEntries: ['/login'] });
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
