import type { APIRequestContext, Page } from '@playwright/test';
import { CACHE_DADOS_PESSOAIS, entrar, esperarDadosGuardados, expect, TELAS, test } from './apoio.ts';

/**
 * The worker's offline copy after the session is gone, and its age limit (issue 28 item 9, docs/decisions/0226):
 * the service worker wipes the copy at the first 401 it sees, whoever asked, and shows no copy older than
 * 3 days (web/lib/dados-offline.ts); within it the badge still opens offline.
 */

test.use({ viewport: TELAS.celular, serviceWorkers: 'allow' });

/** Leaves the app for a page of the same origin that runs none of its code (still under the service worker). */
async function sairDoAplicativo(page: Page) {
  await page.goto('/api/config');
  await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
}

/** The session ended from elsewhere: its token logged out by another client. */
async function encerrarEmOutroLugar(request: APIRequestContext, token: string) {
  await request.get('/api/config');
  const xsrf = (await request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const r = await request.post('/api/logout', { headers: { 'x-access-token': token, 'x-xsrf-token': xsrf } });
  expect(r.status()).toBe(200);
}

/** Rewrites the Date of every kept answer, as if it had been kept `dias` days ago. */
async function envelhecer(page: Page, dias: number) {
  await page.evaluate(`(async () => {
    const cache = await caches.open('${CACHE_DADOS_PESSOAIS}');
    const data = new Date(Date.now() - ${dias} * 86400000).toUTCString();
    for (const pedido of await cache.keys()) {
      const r = await cache.match(pedido, { ignoreVary: true });
      const cabecalhos = new Headers(r.headers);
      cabecalhos.set('date', data);
      await cache.put(pedido, new Response(await r.blob(), { status: r.status, statusText: r.statusText, headers: cabecalhos }));
    }
  })()`);
}

test('a primeira resposta que diz que a sessão acabou apaga a cópia offline, sem o aplicativo rodando', async ({
  page,
  context,
  request,
  consoleDoNavegador,
}) => {
  consoleDoNavegador.aceitar(/ERR_INTERNET_DISCONNECTED/);
  consoleDoNavegador.aceitar(/net::ERR_FAILED .*\/api\//);
  consoleDoNavegador.aceitar(/401/);
  await entrar(page, '100001');
  await esperarDadosGuardados(page);
  const token = String(await page.evaluate("localStorage.getItem('portal-tpa.token')"));
  await sairDoAplicativo(page);
  expect(await page.evaluate(`caches.has('${CACHE_DADOS_PESSOAIS}')`)).toBe(true);

  await encerrarEmOutroLugar(request, token);
  // One request with the old token, through the service worker: the answer is 401.
  const status = await page.evaluate(
    `fetch('/api/avulso/ultimosTrabalhos', { headers: { 'x-access-token': '${token}' } }).then((r) => r.status)`,
  );
  expect(status).toBe(401);
  expect(await page.evaluate(`caches.has('${CACHE_DADOS_PESSOAIS}')`)).toBe(false);

  await context.setOffline(true);
  await page.goto('/inicio');
  await expect(page.getByLabel('Usuário')).toBeVisible();
  await expect(page.getByText('José Carlos da Silva')).toHaveCount(0);
});

test('a cópia offline tem idade máxima: com 2 dias o crachá abre sem rede, com 4 dias não aparece nada', async ({
  page,
  context,
  consoleDoNavegador,
}) => {
  consoleDoNavegador.aceitar(/ERR_INTERNET_DISCONNECTED/);
  consoleDoNavegador.aceitar(/net::ERR_FAILED .*\/api\//);
  await entrar(page, '100001');
  await esperarDadosGuardados(page);
  await sairDoAplicativo(page);

  // Within the limit: the badge, offline.
  await envelhecer(page, 2);
  await context.setOffline(true);
  await page.goto('/inicio');
  await expect(page.locator('.aviso-sem-conexao')).toContainText(/Sem conexão, dados de/);
  await page.getByRole('button', { name: 'Crachá' }).click();
  await expect(page.getByRole('dialog')).toContainText('José Carlos da Silva');

  // Past it: the copy is not shown.
  await context.setOffline(false);
  await sairDoAplicativo(page);
  await envelhecer(page, 4);
  await context.setOffline(true);
  await page.goto('/inicio');
  await expect
    .poll(() =>
      page.evaluate(
        `fetch('/api/sessao', { headers: { 'x-access-token': localStorage.getItem('portal-tpa.token') ?? '' } }).then((r) => r.status, () => 'sem resposta')`,
      ),
    )
    .toBe('sem resposta');
  await expect(page.getByText('José Carlos da Silva')).toHaveCount(0);
});
