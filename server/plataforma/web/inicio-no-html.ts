import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { apiAvulso } from '#common/api/avulso.ts';
import { apiEleicoes } from '#common/api/eleicoes.ts';
import { apiEscalaAberta } from '#common/api/escala-aberta.ts';
import { apiResultadoEscala } from '#common/api/gestao.ts';
import { apiSessao } from '#common/api/sessao.ts';
import type { Envelope } from '#common/envelope.ts';
import {
  COOKIE_INICIO,
  type DadosInicioNoHtml,
  dadosInicioComoScript,
  ID_DADOS_INICIO,
} from '#common/inicio-no-html.ts';
import { CABECALHO_TOKEN } from '../autenticacao/autenticacao.ts';
import { hashToken, tamanhoDeToken, tokenSeriaRenovado } from '../autenticacao/sessoes.ts';

/** web/inicio-servidor.tsx's render: the worker's home as HTML, from the answers it shows. */
export type RenderizarInicio = (dados: DadosInicioNoHtml) => string;

/** The render and what the page's head needs for it: the home's stylesheets. */
export interface InicioNoServidor {
  renderizar: RenderizarInicio;
  cabeca: string;
}

/** Where the build writes /inicio's render: beside the served folder, named after it (dist/web → dist/web-servidor). */
export function pastaDoServidor(webDir: string): string {
  return `${path.resolve(webDir)}-servidor`;
}

/**
 * The build's render of /inicio (dist/web-servidor/inicio.js, beside the served dist/web; vite.config.ts) and
 * the browser files the home needs (inicio-recursos.json), or undefined for a build without them: /inicio is
 * then index.html, as every other path.
 */
export async function carregarInicioNoServidor(
  webDir: string,
  log: FastifyBaseLogger,
): Promise<InicioNoServidor | undefined> {
  const pasta = pastaDoServidor(webDir);
  const arquivo = path.join(pasta, 'inicio.js');
  const recursos = path.join(pasta, 'inicio-recursos.json');
  if (!existsSync(arquivo) || !existsSync(recursos)) return undefined;
  let modulo: { htmlDoInicio?: RenderizarInicio };
  let css: string[];
  try {
    modulo = (await import(pathToFileURL(arquivo).href)) as typeof modulo;
    ({ css } = JSON.parse(readFileSync(recursos, 'utf8')) as { css: string[] });
    if (!Array.isArray(css) || !css.every((href) => /^\/assets\/[\w.-]+\.css$/.test(href)))
      throw new Error('inicio-recursos.json sem a lista de folhas de estilo');
  } catch (erro) {
    // A broken render costs the home its head start, never the server.
    log.error({ err: erro }, `${pasta} não carregou: /inicio segue sem a página no HTML`);
    return undefined;
  }
  if (!modulo.htmlDoInicio) return undefined;
  return {
    renderizar: modulo.htmlDoInicio,
    cabeca: css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join(''),
  };
}

/**
 * The page for a navigation to /inicio that carried the phone's session cookie (docs/decisions/0192-inicio-no-html.md):
 * index.html with the worker's home rendered inside #raiz and the answers it was rendered from, so the
 * phone paints the home before any script and the client starts with them. Undefined, and the caller serves
 * index.html as for any path, whenever the client would not land on that home: no cookie, a session the
 * server refuses, a kiosk session, a pending election (the worker goes to vote), or any answer that is not a
 * success. The answers are the API's own, asked through the app with the cookie's token, so what the page
 * holds is exactly what the worker's own requests would get, authorization included.
 */
export async function paginaDoInicio(
  app: FastifyInstance,
  request: FastifyRequest,
  indice: string,
  { renderizar, cabeca }: InicioNoServidor,
): Promise<string | undefined> {
  let token = request.cookies[COOKIE_INICIO];
  if (!token || !tamanhoDeToken(token)) return undefined;
  // A prefetch or prerender (the address bar guessing) may never be shown: nothing is asked for it.
  const proposito = `${request.headers['sec-purpose'] ?? ''} ${request.headers.purpose ?? ''}`;
  if (/prefetch|prerender/i.test(proposito)) return undefined;

  // A kiosk session is never rendered here: nothing of a shared screen's worker is kept (decision 0130).
  // The row is only read; the requests below validate the token as any request does.
  const linha = await app.ctx.sessoes.obter(hashToken(token));
  if (!linha || linha.quiosque === 1) return undefined;
  // A session past half its life is renewed by the next request that presents it, and the old token keeps only
  // a short grace: were that request one of the answers below, and the page then not served (a pending
  // election, an error), the phone would keep the old token and be logged out a minute later. The client's
  // own first request renews it instead, as it always did.
  if (tokenSeriaRenovado(app.ctx.config, app.ctx.clock.now().getTime(), linha)) return undefined;

  async function pedir<T>(caminho: string): Promise<{ dados: T } | undefined> {
    const resposta = await app.inject({
      method: 'GET',
      url: caminho,
      headers: { [CABECALHO_TOKEN]: token as string, 'user-agent': request.headers['user-agent'] ?? '' },
      remoteAddress: request.ip,
    });
    if (resposta.statusCode !== 200) return undefined;
    const envelope = resposta.json() as Envelope<T>;
    if (!envelope.sucesso) return undefined;
    if (envelope.token) token = envelope.token;
    return { dados: envelope.dados };
  }

  const sessao = await pedir<DadosInicioNoHtml['sessao']>(apiSessao.sessao.caminho);
  if (!sessao) return undefined;
  if (!sessao.dados.afastamentoDefinitivo) {
    const eleicao = await pedir<unknown>(apiEleicoes.pendente.caminho);
    if (!eleicao || eleicao.dados !== null) return undefined;
  }
  const [escalaAberta, config, ultimosTrabalhos, resultado] = await Promise.all([
    pedir<DadosInicioNoHtml['escalaAberta']>(apiEscalaAberta.escalaAberta.caminho),
    pedir<DadosInicioNoHtml['config']>(apiSessao.config.caminho),
    pedir<DadosInicioNoHtml['ultimosTrabalhos']>(apiAvulso.ultimosTrabalhos.caminho),
    pedir<DadosInicioNoHtml['resultado']>(apiResultadoEscala.resultado.caminho),
  ]);
  if (!escalaAberta || !config || !ultimosTrabalhos || !resultado) return undefined;
  const dados: DadosInicioNoHtml = {
    sessao: sessao.dados,
    ...(token === request.cookies[COOKIE_INICIO] ? {} : { token }),
    escalaAberta: escalaAberta.dados,
    config: config.dados,
    ultimosTrabalhos: ultimosTrabalhos.dados,
    resultado: resultado.dados,
  };
  if (!indice.includes('<div id="raiz"></div>') || !indice.includes('</head>')) return undefined;
  // React writes its resource hints (the worker's photo's preload) before the markup; they are dropped, so #raiz
  // holds exactly what the client's first render builds and hydration keeps every node (the photo is not on
  // the first paint's path; in the head it competed with it).
  const html = renderizar(dados);
  const dicas = /^(?:<link [^>]*>)*/.exec(html)?.[0] ?? '';
  const corpo = html.slice(dicas.length);
  return (
    indice
      // Functions, not strings: a `$'` or `$&` in a worker's data must not be read as a pattern.
      .replace('</head>', () => `${cabeca}</head>`)
      .replace(
        '<div id="raiz"></div>',
        () =>
          `<div id="raiz">${corpo}</div><script type="application/json" id="${ID_DADOS_INICIO}">${dadosInicioComoScript(dados)}</script>`,
      )
      // What the layout sets on /inicio (docs/produto/escalacao.md §2), so the first paint has its colours.
      .replace('<body>', () => '<body id="inicio">')
  );
}
