import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, type HydrationState, matchRoutes } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ID_DADOS_INICIO } from '#common/inicio-no-html.ts';
import { ID_ROTA_INICIO } from './features/inicio/rotas.tsx';
import { ativarOffline } from './features/sessao/offline.ts';
import { ID_ROTA_LOGIN } from './features/sessao/rotas.tsx';
import { caminhos } from './lib/caminhos.ts';
import { queryClient } from './lib/consultas.ts';
import { dadosDoInicioNoHtml, preencherConsultasDoInicio } from './lib/inicio-no-html.ts';
// Listens for the browser's install offer from the start: it comes once, early (web/lib/instalacao.ts).
import './lib/instalacao.ts';
import { sessao } from './lib/sessao.ts';
import { cookiesDoInicio, definirToken, ehQuiosque, espelharTokenNoCookie, lerToken } from './lib/token.ts';
import { ID_ROTA_PROTEGIDA, rotas } from './router.tsx';
import './styles/global.css';

const raiz = document.getElementById('raiz');
if (!raiz) throw new Error('elemento #raiz ausente');

const caminho = location.pathname.replace(/\/+$/, '');
// The cookie the server drew /inicio from, read before the startup writes it again; then a phone whose
// session predates the cookie gets it (docs/decisions/0192-inicio-no-html.md).
const cookiesDaPagina = cookiesDoInicio();
espelharTokenNoCookie();

/**
 * What the router starts with when the page arrived rendered, so its first render keeps the HTML's nodes
 * (hydration) instead of rebuilding them; undefined when the client renders from nothing.
 * /login arrives with its markup (login.html, docs/decisions/0135 and 0191): without a session for its
 * loader to end, the loader has nothing to do, and the router starts with its answer.
 */
function comecoDoLogin(): HydrationState | undefined {
  return raiz?.firstChild !== null && !sessao.temToken() && sessao.dados() === null
    ? { loaderData: { [ID_ROTA_LOGIN]: null } }
    : undefined;
}

/** Resolves in a task of its own: the work after it no longer lengthens the current one. */
function proximaTarefa(): Promise<void> {
  return new Promise((fim) => setTimeout(fim, 0));
}

/**
 * /inicio arrives with the worker's home and the answers it was rendered from (decision 0192): the session
 * and the home's queries start with them, so neither the login guard nor the home's loader has anything to
 * ask, and the page's code is loaded before the router starts.
 */
async function comecoDoInicio(): Promise<HydrationState | undefined> {
  // After the task that evaluated the modules: reading the answers and asking the page's code in a task of
  // their own keeps each of these tasks short.
  await proximaTarefa();
  // Only the home drawn for this tab's own token: not at the kiosk (whose token is not the cookie's), and not
  // when the cookie the page was drawn from is not the token kept here (another site's cookie, another tab).
  const token = lerToken();
  const deste =
    token !== undefined && !ehQuiosque() && cookiesDaPagina.length === 1 && cookiesDaPagina[0] === token;
  const dados = deste ? dadosDoInicioNoHtml() : null;
  if (!dados) return undefined;
  // The page's code is asked first, so it downloads while the answers are set, each step in a task of its
  // own: on a phone each of these is tens of milliseconds the first time (docs/decisions/0193).
  const rotasDaPagina = matchRoutes(rotas, location) ?? [];
  await proximaTarefa();
  const paginas = Promise.all(
    rotasDaPagina.map(async ({ route }) => {
      if (typeof route.lazy === 'function') Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  // Awaited below; a failure there (the code did not come) makes the client render from nothing.
  paginas.catch(() => undefined);
  await proximaTarefa();
  sessao.definir(dados.sessao);
  if (dados.token) definirToken(dados.token);
  await proximaTarefa();
  preencherConsultasDoInicio(queryClient, dados);
  await paginas;
  return { loaderData: { [ID_ROTA_PROTEGIDA]: null, [ID_ROTA_INICIO]: null } };
}

/**
 * A hydration React recovered from (the server's markup did not match, so it rebuilt that part in the browser):
 * the page still works, but it is a defect, and the console says it, where the browser tests see it.
 */
function relatarErroDeHidratacao(erro: unknown) {
  console.error('hidratação refeita no navegador:', erro);
}

function iniciar(hidratacao: HydrationState | undefined) {
  // The answers the server wrote into the page are read once; without hydration, its drawn home goes too,
  // so the client never builds on nodes it did not render.
  const desenhada = document.getElementById(ID_DADOS_INICIO);
  if (desenhada) {
    desenhada.remove();
    if (!hidratacao) raiz?.replaceChildren();
  }
  const router = createBrowserRouter(rotas, hidratacao ? { hydrationData: hidratacao } : undefined);
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
    if (!raiz) return;
    // The page the server drew is hydrated as a transition: React hydrates it in slices of a few
    // milliseconds, yielding to the browser between them, and its Suspense boundaries (the frame's parts,
    // the home's cards) each on its own, first the one a finger touches (docs/decisions/0194-react-no-navegador.md).
    if (hidratacao)
      startTransition(() => {
        hydrateRoot(raiz, app, { onRecoverableError: relatarErroDeHidratacao });
      });
    else createRoot(raiz).render(app);
  }, 0);
}

// Only /inicio's rendered home waits (for its page's code); every other start stays in this task.
if (caminho === caminhos.inicio && raiz.firstChild !== null)
  void comecoDoInicio()
    // The page's code did not come: the client renders from nothing, as on any other path.
    .catch(() => undefined)
    .then(iniciar);
else iniciar(caminho === caminhos.login ? comecoDoLogin() : undefined);

// The installable, offline-readable app (docs/decisions/0132), after the page has loaded so it never
// competes with the first paint; a login activates it too (its step in
// web/lib/apos-login.ts, registered by features/sessao/rotas.tsx). The code is asked after the first paint
// (vite.config.ts), so the page may have loaded already.
if (document.readyState === 'complete') setTimeout(ativarOffline, 0);
else window.addEventListener('load', ativarOffline);
