import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ativarOffline } from './features/sessao/offline.ts';
import { ID_ROTA_LOGIN } from './features/sessao/rotas.tsx';
import { caminhos } from './lib/caminhos.ts';
import { queryClient } from './lib/consultas.ts';
import { sessao } from './lib/sessao.ts';
import { rotas } from './router.tsx';
import './styles/global.css';

const raiz = document.getElementById('raiz');
if (!raiz) throw new Error('elemento #raiz ausente');

// /login arrives with its markup (login.html, docs/decisions/0135 and 0191): without a session for its loader to end,
// the loader has nothing to do, so the router starts with its answer and its first render is that page,
// which keeps the HTML's nodes (hydration) instead of rebuilding them.
const hidratar =
  raiz.firstChild !== null &&
  location.pathname.replace(/\/+$/, '') === caminhos.login &&
  !sessao.temToken() &&
  sessao.dados() === null;
const router = createBrowserRouter(
  rotas,
  hidratar ? { hydrationData: { loaderData: { [ID_ROTA_LOGIN]: null } } } : undefined,
);
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);
// The first render in a task of its own, after the one that ran the modules and started the router (its
// loaders' requests are already on the way): two shorter tasks block a phone less than one long one.
setTimeout(() => {
  if (hidratar) hydrateRoot(raiz, app);
  else createRoot(raiz).render(app);
}, 0);

// The installable, offline-readable app (docs/decisions/0132), after the page has loaded so it never
// competes with the first paint; a login activates it too (its step in
// web/lib/apos-login.ts, registered by features/sessao/rotas.tsx).
window.addEventListener('load', ativarOffline);
