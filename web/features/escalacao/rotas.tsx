import { type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { categoriaPorSegmento } from '#common/dominio.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { exigirLogin } from '../sessao/guarda.ts';
import { temOfertas } from './estado-escala.ts';
import { estadoEscala, garantirVagas } from './loja-escala.ts';

/**
 * Guard of /escalacao/ofertas/:categoria: allowed only if the loaded call has offers in that category,
 * otherwise back to /escalacao. Loaders run in parallel, so the login guard is awaited here first.
 */
export async function guardaOfertas({ params }: LoaderFunctionArgs): Promise<null> {
  await exigirLogin();
  await garantirVagas();
  const categoria = categoriaPorSegmento(params.categoria);
  if (!categoria || !temOfertas(estadoEscala().escalaCarregada, categoria.codigo)) {
    throw redirect(caminhos.escalacao);
  }
  return null;
}

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
        loader: guardaOfertas,
        lazy: async () => ({ Component: (await import('./pagina-ofertas.tsx')).PaginaOfertas }),
      },
    ],
  },
];
