import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ativarOffline } from './features/sessao/offline.ts';
import { queryClient } from './lib/consultas.ts';
import { rotas } from './router.tsx';
import './styles/global.css';

const raiz = document.getElementById('raiz');
if (!raiz) throw new Error('elemento #raiz ausente');
const router = createBrowserRouter(rotas);

createRoot(raiz).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);

// The installable, offline-readable app (docs/decisions/0132), after the page has loaded so it never
// competes with the first paint; a login activates it too (its step in
// web/lib/apos-login.ts, registered by features/sessao/rotas.tsx).
window.addEventListener('load', ativarOffline);
