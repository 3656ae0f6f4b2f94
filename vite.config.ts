import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, createServer, defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  CABECALHO_DADOS_DE,
  CACHE_DADOS_PESSOAIS,
  IDADE_MAXIMA_DADOS_OFFLINE_S,
} from './web/lib/dados-offline.ts';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * Writes .br and .gz beside every text asset, so the server sends them precompressed (@fastify/static
 * preCompressed): cheap phones on mobile data download a third of the bytes, at no CPU cost per request.
 */
function precomprimir(): Plugin {
  return {
    name: 'portal-tpa-precomprimir',
    apply: 'build',
    writeBundle(saida, pacote) {
      if (!saida.dir) return;
      for (const nome of Object.keys(pacote)) {
        if (/\.(js|css|svg|html)$/.test(nome)) comprimirAoLado(path.join(saida.dir, nome));
      }
    },
  };
}

function comprimirAoLado(arquivo: string) {
  const dados = readFileSync(arquivo);
  if (dados.length < 1024) return;
  writeFileSync(
    `${arquivo}.br`,
    brotliCompressSync(dados, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${arquivo}.gz`, gzipSync(dados, { level: 9 }));
}

/**
 * The app's code asked after the first paint (docs/decisions/0194-react-no-navegador.md). /login and the drawn
 * /inicio are painted from the HTML and the stylesheet; the scripts (React DOM's ≈ 60 KB brotli among them) only
 * hydrate what is already on screen, so they must not share the phone's slow link with that paint. The built
 * index.html loses its entry script and modulepreloads; a small classic script (`defer`, same origin: the CSP
 * allows no inline script) adds them back right after the first frame is painted, or after 300 ms in a tab that
 * paints nothing (a background tab runs no animation frame).
 */
function codigoDepoisDaPintura(): Plugin {
  return {
    name: 'portal-tpa-codigo-depois-da-pintura',
    apply: 'build',
    enforce: 'post',
    generateBundle(_saida, pacote) {
      const indice = pacote['index.html'];
      if (indice?.type !== 'asset') return;
      let html = String(indice.source);
      const entrada = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
      if (!entrada?.[1]) throw new Error('index.html sem o script de entrada');
      html = html.replace(entrada[0], '');
      const precargas: string[] = [];
      html = html.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_t, href: string) => {
        precargas.push(href);
        return '';
      });
      const codigo = `(()=>{const P=${JSON.stringify(precargas)},E=${JSON.stringify(entrada[1])};let feito=false;
const carregar=()=>{if(feito)return;feito=true;for(const h of P){const l=document.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=h;document.head.append(l)}
const s=document.createElement("script");s.type="module";s.crossOrigin="";s.src=E;document.head.append(s)};
requestAnimationFrame(()=>setTimeout(carregar,0));setTimeout(carregar,300)})();
`;
      const nome = `assets/arranque-${createHash('sha256').update(codigo).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName: nome, source: codigo });
      indice.source = html.replace('</head>', `  <script defer src="/${nome}"></script>\n  </head>`);
    },
  };
}

/**
 * login.html: the built index.html with /login's markup already inside #raiz (web/login-estatico.tsx, rendered
 * here in Node with React), which the server sends for /login only, so a phone paints the page before the
 * scripts arrive; the client hydrates the same markup (docs/decisions/0135, 0191, 0194). The page is loaded by a
 * Vite server of its own, in Node (the browser build's plugins are not needed to render it).
 */
function loginEstatico(): Plugin {
  return {
    name: 'portal-tpa-login-estatico',
    apply: 'build',
    async writeBundle(saida) {
      if (!saida.dir) return;
      const vite = await createServer({
        configFile: false,
        root: fileURLToPath(new URL('./web', import.meta.url)),
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        define: DEFINIR,
        oxc: { jsx: { runtime: 'automatic' } },
      });
      try {
        const { htmlDoLogin } = (await vite.ssrLoadModule('/login-estatico.tsx')) as {
          htmlDoLogin: () => string;
        };
        const indice = readFileSync(path.join(saida.dir, 'index.html'), 'utf8');
        if (!indice.includes('<div id="raiz"></div>'))
          throw new Error('index.html sem <div id="raiz"></div>');
        const login = indice
          .replace('<div id="raiz"></div>', `<div id="raiz">${htmlDoLogin()}</div>`)
          // What the layout sets on /login (docs/produto/escalacao.md §2), so the first paint has its colours.
          .replace('<body>', '<body id="inicio">');
        const arquivo = path.join(saida.dir, 'login.html');
        writeFileSync(arquivo, login);
        comprimirAoLado(arquivo);
      } finally {
        await vite.close();
      }
    },
  };
}

/**
 * dist/web-servidor/inicio.js: web/inicio-servidor.tsx bundled for Node (React, the libraries from
 * node_modules), which the server imports to answer a navigation to /inicio with the worker's home already
 * rendered (docs/decisions/0192-inicio-no-html.md), with its libraries inside. Beside dist/web, not in it:
 * it is not served.
 */
function inicioNoServidor(): Plugin {
  return {
    name: 'portal-tpa-inicio-servidor',
    apply: 'build',
    async writeBundle(saida, pacote) {
      if (!saida.dir) return;
      // Named after the browser build's folder, so builds side by side (dist/web-<port>) never share it; the
      // server looks for it there (server/plataforma/web/inicio-no-html.ts, pastaDoServidor).
      const destino = `${path.resolve(saida.dir)}-servidor`;
      await build({
        configFile: false,
        root: fileURLToPath(new URL('./web', import.meta.url)),
        logLevel: 'warn',
        publicDir: false,
        define: DEFINIR,
        oxc: { jsx: { runtime: 'automatic' } },
        // Self-contained: the build may land anywhere (the benchmarks build into a temporary folder), away
        // from node_modules, and its React is this one, whatever the server's folder holds.
        ssr: { noExternal: true },
        build: {
          ssr: 'inicio-servidor.tsx',
          outDir: destino,
          emptyOutDir: true,
          sourcemap: false,
          rolldownOptions: {
            // One file: the pages the routes load on demand come with it (only /inicio's is rendered).
            output: { entryFileNames: 'inicio.js', codeSplitting: false },
            onwarn(aviso, padrao) {
              if (aviso.code === 'MODULE_LEVEL_DIRECTIVE' || aviso.code === 'INEFFECTIVE_DYNAMIC_IMPORT')
                return;
              padrao(aviso);
            },
          },
        },
      });
      writeFileSync(path.join(destino, 'inicio-recursos.json'), JSON.stringify(recursosDoInicio(pacote)));
    },
  };
}

/**
 * The stylesheets /inicio's page needs beyond the entry's: its chunk's and those of the chunks it imports,
 * linked in the head of the drawn home so it paints with its styles instead of moving when they arrive
 * (a CLS of 0.567 without them). Its scripts are not preloaded: they shared the slow link with the first
 * paint (docs/decisions/0192-inicio-no-html.md).
 */
function recursosDoInicio(pacote: Rolldown.OutputBundle) {
  const pedacos = Object.values(pacote).filter((p) => p.type === 'chunk');
  const pagina = pedacos.find((p) => p.facadeModuleId?.endsWith('/features/inicio/pagina-inicio.tsx'));
  if (!pagina) throw new Error('o build não tem o pedaço de features/inicio/pagina-inicio.tsx');
  const cssDaEntrada = new Set(pedacos.find((p) => p.isEntry)?.viteMetadata?.importedCss ?? []);
  const vistos = new Set<string>();
  const css = new Set<string>();
  const visitar = (nome: string) => {
    const pedaco = pedacos.find((p) => p.fileName === nome);
    if (!pedaco || vistos.has(nome)) return;
    vistos.add(nome);
    for (const folha of pedaco.viteMetadata?.importedCss ?? []) if (!cssDaEntrada.has(folha)) css.add(folha);
    for (const importado of pedaco.imports) visitar(importado);
  };
  visitar(pagina.fileName);
  return { css: [...css].map((f) => `/${f}`) };
}

/**
 * The installable app (docs/decisions/0132): Workbox precaches the app shell (every built asset and
 * index.html, served for any navigation), and keeps the worker's own answers (badge, qualifications, jobs) network first,
 * read from the cache only when the network fails. The callbacks below are copied into sw.js as text
 * (workbox-build stringifies them), so they use nothing from this file's scope.
 */
// The header the callbacks below write, spelt out there because they are copied as text.
if (CABECALHO_DADOS_DE !== 'X-Portal-Dados-De')
  throw new Error('CABECALHO_DADOS_DE mudou: mude sw.js também');
if (CACHE_DADOS_PESSOAIS !== 'portal-tpa-dados-pessoais')
  throw new Error('CACHE_DADOS_PESSOAIS mudou: mude o fetchDidSucceed abaixo também');

const pwa = VitePWA({
  injectRegister: false,
  // Written by the server from the configured OGMO's name (server/plataforma/web/manifesto.ts).
  manifest: false,
  includeAssets: ['favicon.svg', 'icones/*.png'],
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api\//],
    cleanupOutdatedCaches: true,
    // "Avisos no celular" (docs/decisions/0162): the push and notificationclick handlers, web/public/sw-push.js.
    importScripts: ['/sw-push.js'],
    // A new version waits until the app is closed: an open page keeps the chunks it was built with
    // (the server has only the new ones), and a worker in the middle of a choice is never reloaded.
    clientsClaim: true,
    skipWaiting: false,
    runtimeCaching: [
      {
        // The worker's session data (badge), qualifications, job history and current job, and (issue 29) the
        // loaded call's offers and the published result: a phone that loses the signal during a call still
        // shows the last of them, with their time. Wiped at logout and at the first 401; at most 3 days old.
        urlPattern: ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }) =>
          sameOrigin &&
          /^\/api\/(sessao|vagas|escalacao\/resultado|avulso\/habilitacoes|avulso\/ultimosTrabalhos)$/.test(
            url.pathname,
          ),
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: CACHE_DADOS_PESSOAIS,
          networkTimeoutSeconds: 6,
          matchOptions: { ignoreVary: true },
          // An offline copy older than this is not shown, and is deleted (decision 0226).
          expiration: { maxAgeSeconds: IDADE_MAXIMA_DADOS_OFFLINE_S },
          plugins: [
            {
              // The first answer that says the session is over (401, e.g. ended on another device or by the
              // staff) wipes the worker's copy, whoever asked: the app's own clean-up needs the app running.
              fetchDidSucceed: async ({ response }: { response: Response }) => {
                if (response.status === 401) await caches.delete('portal-tpa-dados-pessoais');
                return response;
              },
            },
            {
              // Only a 200 the server lets a browser keep: a kiosk session's answers are no-store (decision
              // 0130) and never reach this cache; nor does an answer carrying a renewed token.
              cacheWillUpdate: async ({ response }: { response: Response }) =>
                response.status === 200 && !/no-store/.test(response.headers.get('cache-control') ?? '')
                  ? response
                  : null,
            },
            {
              // Marks an answer read from the cache with the time the server wrote it, for the banner.
              cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
                if (!cachedResponse) return cachedResponse;
                const cabecalhos = new Headers(cachedResponse.headers);
                cabecalhos.set('X-Portal-Dados-De', cachedResponse.headers.get('date') ?? '');
                return new Response(await cachedResponse.blob(), {
                  status: cachedResponse.status,
                  statusText: cachedResponse.statusText,
                  headers: cabecalhos,
                });
              },
            },
          ],
        },
      },
      {
        // The open call and the port's config (issue 29): nobody's personal data (the login page shows them too),
        // so a cache of their own, which a logout does not need to wipe.
        urlPattern: ({ url, sameOrigin }: { url: URL; sameOrigin: boolean }) =>
          sameOrigin && /^\/api\/(config|escalaAberta)$/.test(url.pathname),
        method: 'GET',
        handler: 'NetworkFirst',
        options: {
          cacheName: 'portal-tpa-dados-publicos',
          networkTimeoutSeconds: 6,
          matchOptions: { ignoreVary: true },
          plugins: [
            {
              // Only a 200 the server lets a browser keep: a kiosk session's answers are no-store (decision
              // 0130) and never reach this cache; nor does an answer carrying a renewed token.
              cacheWillUpdate: async ({ response }: { response: Response }) =>
                response.status === 200 && !/no-store/.test(response.headers.get('cache-control') ?? '')
                  ? response
                  : null,
            },
            {
              // Marks an answer read from the cache with the time the server wrote it, for the banner.
              cachedResponseWillBeUsed: async ({ cachedResponse }: { cachedResponse?: Response }) => {
                if (!cachedResponse) return cachedResponse;
                const cabecalhos = new Headers(cachedResponse.headers);
                cabecalhos.set('X-Portal-Dados-De', cachedResponse.headers.get('date') ?? '');
                return new Response(await cachedResponse.blob(), {
                  status: cachedResponse.status,
                  statusText: cachedResponse.statusText,
                  headers: cabecalhos,
                });
              },
            },
          ],
        },
      },
    ],
  },
});

const DEFINIR = { __VERSAO_CLIENTE__: JSON.stringify(version) };

// The web app lives in web/; the build lands in dist/web, which the server serves.
export default defineConfig({
  root: 'web',
  // React 19 in the browser (docs/decisions/0194-react-no-navegador.md); the plugin brings Fast Refresh to
  // the dev server and compiles JSX with Vite's own oxc.
  plugins: [react(), codigoDepoisDaPintura(), precomprimir(), loginEstatico(), inicioNoServidor(), pwa],
  define: DEFINIR,
  publicDir: 'public',
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The text rules' libraries (common/texto.ts: CPF mask, calendar day), which the later pages share:
              // one chunk, so /login loads one file for them, not one per library (docs/decisions/0193).
              name: 'texto',
              test: /node_modules[\\/](@brazilian-utils[\\/]|date-fns[\\/](lightFormat|toDate|isValid|isDate|constructFrom|constants|_lib[\\/](addLeadingZeros|format[\\/]lightFormatters))\.js)/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
