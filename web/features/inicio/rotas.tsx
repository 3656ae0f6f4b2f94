import type { RouteObject } from 'react-router';
import { ultimosTrabalhosQuery } from '../../lib/api-avulso.ts';
import { configPublicaQuery, escalaAbertaQuery } from '../../lib/api-sessao.ts';
import { queryClient } from '../../lib/consultas.ts';
import { sessao } from '../../lib/sessao.ts';

/**
 * The home's answers whose queries are already in the main chunk are asked as the navigation starts, beside
 * the session guard's, instead of after dados-inicio.ts downloads (docs/decisions/0124-inicio-mais-leve.md).
 */
function pedirRespostasDoInicio() {
  if (!sessao.temToken()) return;
  void queryClient.prefetchQuery(escalaAbertaQuery);
  void queryClient.prefetchQuery(configPublicaQuery);
  void queryClient.prefetchQuery(ultimosTrabalhosQuery);
}

/** /funcoes is public; /inicio and /fale-com-o-ogmo are login-guarded. Pages load on demand. */
export const rotasPublicasInicio: RouteObject[] = [
  {
    path: 'funcoes',
    lazy: async () => ({ Component: (await import('./pagina-funcoes.tsx')).PaginaFuncoes }),
  },
];
/** Its id, for the router that starts on the home the server sent (web/main.tsx, decision 0192). */
export const ID_ROTA_INICIO = 'inicio';

export const rotasInicio: RouteObject[] = [
  {
    id: ID_ROTA_INICIO,
    path: 'inicio',
    // Its answers are asked beside the page's code, so it renders once, with them (dados-inicio.ts).
    loader: async () => {
      pedirRespostasDoInicio();
      return (await import('./dados-inicio.ts')).prepararInicio();
    },
    lazy: async () => ({ Component: (await import('./pagina-inicio.tsx')).PaginaInicio }),
  },
  {
    path: 'fale-com-o-ogmo',
    lazy: async () => ({ Component: (await import('./pagina-fale-com-ogmo.tsx')).PaginaFaleComOgmo }),
  },
];
