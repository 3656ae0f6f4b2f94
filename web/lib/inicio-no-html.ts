import type { QueryClient } from '@tanstack/react-query';
import { type DadosInicioNoHtml, ID_DADOS_INICIO } from '#common/inicio-no-html.ts';
import { ultimosTrabalhosQuery } from './api-avulso.ts';
import { configPublicaQuery, escalaAbertaQuery } from './api-sessao.ts';
import { resultadoEscalaQuery } from './resultado-escala.ts';

/**
 * The home's answers as its queries' data: on the server before it renders /inicio (web/inicio-servidor.tsx)
 * and in the browser before it hydrates that render (web/main.tsx), so both render the same page
 * (docs/decisions/0192-inicio-no-html.md).
 */
export function preencherConsultasDoInicio(consultas: QueryClient, dados: DadosInicioNoHtml): void {
  consultas.setQueryData(escalaAbertaQuery.queryKey, dados.escalaAberta);
  consultas.setQueryData(configPublicaQuery.queryKey, dados.config);
  consultas.setQueryData(ultimosTrabalhosQuery.queryKey, dados.ultimosTrabalhos);
  consultas.setQueryData(resultadoEscalaQuery.queryKey, dados.resultado);
}

/** The answers the server wrote into the page with the rendered home, or null when it sent none. */
export function dadosDoInicioNoHtml(): DadosInicioNoHtml | null {
  const texto = document.getElementById(ID_DADOS_INICIO)?.textContent;
  if (!texto) return null;
  try {
    return JSON.parse(texto) as DadosInicioNoHtml;
  } catch {
    return null;
  }
}
