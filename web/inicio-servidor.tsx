import { QueryClient } from '@tanstack/react-query';
import type { DadosInicioNoHtml } from '#common/inicio-no-html.ts';
import { renderizarCaminho } from './estatico.tsx';
import { PaginaInicio } from './features/inicio/pagina-inicio.tsx';
import { ID_ROTA_INICIO } from './features/inicio/rotas.tsx';
import { preencherConsultasDoInicio } from './lib/inicio-no-html.ts';
import { sessao } from './lib/sessao.ts';

/**
 * The worker's /inicio as the client's first render paints it with these answers, rendered by the server
 * for a navigation that carried the phone's session (docs/decisions/0192-inicio-no-html.md). The build
 * bundles this module for Node (vite.config.ts, dist/web-servidor/inicio.js); the client then hydrates the
 * same markup from the same answers (web/main.tsx).
 */
export function htmlDoInicio(dados: DadosInicioNoHtml): string {
  const consultas = new QueryClient();
  preencherConsultasDoInicio(consultas, dados);
  return sessao.durante(dados.sessao, () =>
    renderizarCaminho('/inicio', consultas, { [ID_ROTA_INICIO]: PaginaInicio }),
  );
}
