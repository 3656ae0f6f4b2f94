import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { bytesBr, ORCAMENTO_JS_INICIO_BYTES, ORCAMENTO_JS_LOGIN_BYTES } from '../bench/orcamento-js.ts';
import { entrar, expect, fecharMensagens, test } from './apoio.ts';

/**
 * What the phone runs (issue 29, docs/decisions/0194-react-no-navegador.md): React 19's own runtime, no other
 * (no Preact, no compatibility layer), within the JavaScript budgets of /login and /inicio.
 */

/** The build the server of these tests serves (e2e/servidor.ts), with the .br files written beside each script. */
const WEB_DIR = path.resolve(process.env.E2E_WEB_DIR ?? 'dist/web');

/** Every script of the app the page asks for from now on. */
function scriptsPedidos(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('request', (pedido) => {
    if (pedido.resourceType() === 'script' && new URL(pedido.url()).pathname.startsWith('/assets/'))
      scripts.add(pedido.url());
  });
  return scripts;
}

/** A script's text as the build wrote it (the file the server sends). */
function textoDoScript(url: string): string {
  return readFileSync(path.join(WEB_DIR, new URL(url).pathname), 'utf8');
}

/** Checks the scripts the page loaded: React DOM 19 among them, nothing of Preact in any. */
async function conferirRuntime(page: Page, scripts: Set<string>): Promise<void> {
  expect(scripts.size, 'scripts da página').toBeGreaterThan(0);
  const textos = [...scripts].map((url) => ({ url, texto: textoDoScript(url) }));
  // Preact's own marks (its name, in its devtools hook and texts, and in the chunk an alias to it is named after).
  const comPreact = textos.filter(({ texto }) => /preact/i.test(texto)).map(({ url }) => url);
  expect(comPreact, 'scripts com Preact').toEqual([]);
  // React DOM's client, as it introduces itself to React's devtools: its package and its reconciler's version.
  const reactDom = textos.filter(
    ({ texto }) =>
      /rendererPackageName:\s*.react-dom./.test(texto) && /reconcilerVersion:\s*.19\./.test(texto),
  );
  expect(
    reactDom.map((t) => t.url),
    'um script com o React DOM 19',
  ).not.toEqual([]);
  // And React DOM is what took the page: createRoot and hydrateRoot mark their container.
  const raizDoReact = await page.evaluate(() => {
    const raiz = document.getElementById('raiz');
    return raiz !== null && Object.keys(raiz).some((k) => k.startsWith('__reactContainer$'));
  });
  expect(raizDoReact, '#raiz é uma raiz do React DOM').toBe(true);
}

/** Sums the brotli bytes of the scripts and checks them against a budget. */
function conferirOrcamento(scripts: Set<string>, orcamento: number): void {
  const bytes = [...scripts].map((url) => ({ url, bytes: bytesBr(WEB_DIR, url) }));
  expect(
    bytes.every((b) => b.bytes > 0),
    `arquivos em ${WEB_DIR}`,
  ).toBe(true);
  const total = bytes.reduce((s, b) => s + b.bytes, 0);
  expect(total, JSON.stringify(bytes, null, 1)).toBeLessThanOrEqual(orcamento);
}

test('/login roda o React 19, nenhum outro runtime, em até 130.000 bytes brotli de JavaScript', async ({
  page,
}) => {
  const scripts = scriptsPedidos(page);
  await page.goto('/login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Confirmar' })).toBeVisible();
  await conferirRuntime(page, scripts);
  conferirOrcamento(scripts, ORCAMENTO_JS_LOGIN_BYTES);
});

test('/inicio desenhado no servidor roda o React 19, nenhum outro runtime, em até 160.000 bytes brotli', async ({
  page,
}) => {
  await entrar(page, '100001');
  const scripts = scriptsPedidos(page);
  // A reload: the page the server draws (decision 0192) and everything the phone then loads, until the live
  // call's stream opens (its code is the last the home asks; the stream never lets the network go idle).
  const fluxo = page.waitForRequest(/\/api\/eventos/);
  const resposta = await page.goto('/inicio');
  await fluxo;
  expect(await resposta?.text()).toContain('id="dados-inicio"');
  await fecharMensagens(page);
  await expect(page.getByRole('button', { name: 'Crachá' })).toBeVisible();
  await conferirRuntime(page, scripts);
  conferirOrcamento(scripts, ORCAMENTO_JS_INICIO_BYTES);
});
