import type { UltimosTrabalhos } from './api/avulso.ts';
import type { EscalaAberta } from './api/escala-aberta.ts';
import type { ResultadoAvulso } from './api/gestao.ts';
import type { ConfigPublica, DadosLogin } from './api/sessao.ts';

/**
 * /inicio arrives with the worker's home in the HTML (docs/decisions/0192-inicio-no-html.md): the phone keeps
 * a copy of its session token in this cookie, sent only with navigations to /inicio (Path, SameSite=Strict),
 * and the server answers that navigation with the home already rendered and the answers it was rendered from.
 */
export const COOKIE_INICIO = 'TPA-INICIO';
export const CAMINHO_INICIO = '/inicio';

/** The `<script type="application/json">` that carries the answers, for the client to start with them. */
export const ID_DADOS_INICIO = 'dados-inicio';

/** The answers the home is rendered from: the session's and the four the home's frame shows. */
export interface DadosInicioNoHtml {
  sessao: DadosLogin;
  /** A token the server renewed while answering (the client keeps it, as it keeps an envelope's). */
  token?: string;
  escalaAberta: EscalaAberta | null;
  config: ConfigPublica;
  ultimosTrabalhos: UltimosTrabalhos;
  resultado: ResultadoAvulso | null;
}

/**
 * The answers as a script's text: JSON with every `<` written `\u003c`, so no text in them (a name, a
 * message) can close the script or open a tag; `JSON.parse` reads it back unchanged.
 */
export function dadosInicioComoScript(dados: DadosInicioNoHtml): string {
  return JSON.stringify(dados).replace(/</g, '\\u003c');
}
