import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { rotas } from './router.tsx';

/**
 * The route table as a render outside the browser needs it: no loaders (what they would ask is given, or
 * there is nothing to ask), and the pages named in `paginas` (by route id) already loaded instead of lazy.
 */
function semLoaders(lista: RouteObject[], paginas: Record<string, ComponentType>): RouteObject[] {
  return lista.map(({ loader: _loader, lazy, children, ...rota }) => {
    const pagina = rota.id === undefined ? undefined : paginas[rota.id];
    return {
      ...rota,
      ...(pagina ? { Component: pagina } : lazy ? { lazy } : {}),
      ...(children ? { children: semLoaders(children, paginas) } : {}),
    } as RouteObject;
  });
}

/**
 * A path of the app rendered to HTML with React, as the browser's first render would paint it: /login at
 * build time (web/login-estatico.tsx), /inicio on the server (web/inicio-servidor.tsx).
 */
export function renderizarCaminho(
  caminho: string,
  consultas: QueryClient,
  paginas: Record<string, ComponentType> = {},
): string {
  const router = createMemoryRouter(semLoaders(rotas, paginas), { initialEntries: [caminho] });
  return renderToString(
    <QueryClientProvider client={consultas}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
