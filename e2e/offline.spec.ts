import type { Page } from '@playwright/test';
import {
  CACHE_DADOS_PESSOAIS,
  conferirTela,
  entrar,
  esperarDadosGuardados,
  expect,
  TELAS,
  test,
} from './apoio.ts';

const temCache = (page: Page) => page.evaluate(`caches.has('${CACHE_DADOS_PESSOAIS}')`);

test.use({ viewport: TELAS.celular, serviceWorkers: 'allow' });

test('o manifesto tem o nome do OGMO e ícones PNG que existem', async ({ page, request }) => {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifesto = await (await request.get('/manifest.webmanifest')).json();
  expect(manifesto.name).toBe('Portal do TPA · OGMO Suape');
  expect(manifesto.display).toBe('standalone');
  expect(manifesto.start_url).toBe('/inicio');
  for (const icone of manifesto.icons as { src: string; sizes: string }[]) {
    const r = await request.get(icone.src);
    expect(r.status()).toBe(200);
    expect(r.headers()['content-type']).toBe('image/png');
  }
  expect(manifesto.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
});

test('sem rede, o crachá, o trabalho atual, as habilitações e os últimos trabalhos aparecem com o aviso', async ({
  page,
  context,
  consoleDoNavegador,
}) => {
  // The network is cut on purpose (an answer the service worker had not kept yet fails as ERR_FAILED).
  consoleDoNavegador.aceitar(/ERR_INTERNET_DISCONNECTED/);
  consoleDoNavegador.aceitar(/net::ERR_FAILED .*\/api\//);
  await entrar(page, '100001');
  await expect(page.getByRole('region', { name: 'Escalado para a operação' })).toBeVisible();
  await expect(page.locator('.aviso-sem-conexao')).toHaveCount(0);
  await esperarDadosGuardados(page);

  await context.setOffline(true);
  await page.reload();
  const aviso = page.locator('.aviso-sem-conexao');
  await expect(aviso).toContainText(/Sem conexão, dados de \d{2}:\d{2}\./);
  await expect(aviso).toContainText('precisam de conexão');
  await expect(page.getByRole('region', { name: 'Escalado para a operação' })).toBeVisible();
  // The screens read without a network pass the same check as the others (axe, overflow, 44 px targets).
  await conferirTela(page, 'offline-inicio');
  // The badge's dialog loads when first opened (decision 0124): without a network it comes from the app's cache.
  await page.getByRole('button', { name: 'Crachá' }).click();
  const cracha = page.getByRole('dialog');
  await expect(cracha).toContainText('José Carlos da Silva');
  await expect(cracha).toContainText('100001');
  await conferirTela(page, 'offline-cracha', { soTela: true });
  await page.keyboard.press('Escape');
  await expect(cracha).toHaveCount(0);

  await page.goto('/minha-conta/habilitacoes');
  await expect(page.locator('.aviso-sem-conexao')).toBeVisible();
  await expect(page.getByText('Estivador').first()).toBeVisible();
  await conferirTela(page, 'offline-habilitacoes');
  await page.goto('/minha-conta/ultimos-trabalhos');
  await expect(page.locator('.aviso-sem-conexao')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Últimas escalações' })).toBeVisible();
  await conferirTela(page, 'offline-ultimos-trabalhos');

  // Back online, an answer from the network takes the banner away.
  await context.setOffline(false);
  await page.goto('/inicio');
  await expect(page.getByRole('region', { name: 'Escalado para a operação' })).toBeVisible();
  await expect(page.locator('.aviso-sem-conexao')).toHaveCount(0);
});

test('depois de sair, sem rede não sobra nada do trabalhador', async ({
  page,
  context,
  consoleDoNavegador,
}) => {
  // The network is cut on purpose.
  consoleDoNavegador.aceitar(/ERR_INTERNET_DISCONNECTED/);
  await entrar(page, '100001');
  await esperarDadosGuardados(page);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await temCache(page)).toBe(false);

  await context.setOffline(true);
  await page.goto('/inicio');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel('Usuário')).toBeVisible();
  await expect(page.getByText('José Carlos da Silva')).toHaveCount(0);
  await expect(page.getByText('100001')).toHaveCount(0);
  await conferirTela(page, 'offline-depois-de-sair');
});

test('no totem não há service worker nem dados guardados', async ({ page }) => {
  await page.goto('/totem');
  await page.getByLabel('Usuário').fill('100001');
  await page.getByLabel('Senha').fill('123456');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).not.toHaveURL(/\/totem$/);
  await expect(page.getByRole('region', { name: 'Escalado para a operação' })).toBeVisible();
  expect(await page.evaluate('navigator.serviceWorker.getRegistrations().then((r) => r.length)')).toBe(0);
  expect(await temCache(page)).toBe(false);
});
