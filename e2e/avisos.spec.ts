import type { Page } from '@playwright/test';
import { conferirTela, entrar, expect, fecharMensagens, TELAS, test } from './apoio.ts';

/**
 * "Avisos no celular" (docs/produto/minha-conta.md §2, docs/decisions/0162) in Debian's headless Chromium.
 * This Chromium has the Push API and grants the notification permission when told, but no push service
 * behind PushManager (no FCM): subscribing fails, and the card must say so in Portuguese. What the service
 * worker does with a push is checked by handing it one through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), which is the event a push service would cause. The sending side is
 * tested against a real receiver in server/modulos/push/envio.test.ts.
 */

test.use({ viewport: TELAS.celular, serviceWorkers: 'allow' });

const cartaoDe = (page: Page) => page.getByRole('region', { name: 'Avisos no celular' });

test('no celular: o cartão aparece desativado; com a permissão, a tentativa sem serviço de avisos mostra o erro em português', async ({
  page,
  context,
  consoleDoNavegador,
}) => {
  // Chromium's own message when a test profile asks for Push: what the test provokes on purpose.
  consoleDoNavegador.aceitar(/does not support the Push API in incognito mode/);
  await context.grantPermissions(['notifications']);
  await entrar(page, '100001');
  await page.goto('/minha-conta/configuracoes');
  const cartao = cartaoDe(page);
  await expect(cartao).toBeVisible();
  await expect(cartao).toContainText(
    'Receba um aviso quando a chamada abrir e quando sair o resultado da sua escala.',
  );
  await expect(cartao.getByRole('status')).toHaveText('Desativado: este celular não recebe avisos.');

  const assinaturas: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/push/assinatura')) assinaturas.push(r.method());
  });
  const chave = page.waitForResponse((r) => r.url().endsWith('/api/push/chave'));
  await cartao.getByRole('button', { name: 'Ativar avisos' }).click();
  // The permission was granted and the server's VAPID key read; PushManager.subscribe then fails here.
  expect((await (await chave).json()).dados.chavePublica).toMatch(/^[A-Za-z0-9_-]{87}$/);
  await expect(cartao.getByRole('alert')).toHaveText(
    'Não foi possível ativar os avisos neste aparelho: o navegador não conseguiu falar com o serviço de avisos. Tente de novo mais tarde.',
  );
  await expect(cartao.getByRole('status')).toHaveText('Desativado: este celular não recebe avisos.');
  await expect(cartao.getByRole('button', { name: 'Ativar avisos' })).toBeEnabled();
  await conferirTela(page, 'avisos-celular-erro');
  // Nothing was posted to the server: there was no subscription to post.
  expect(assinaturas).toEqual([]);
});

test('enquanto ativa, o cartão diz que está ativando, não "Desativado" (issue 29)', async ({
  page,
  context,
  consoleDoNavegador,
}) => {
  consoleDoNavegador.aceitar(/does not support the Push API in incognito mode/);
  await context.grantPermissions(['notifications']);
  await entrar(page, '100001');
  await page.goto('/minha-conta/configuracoes');
  const cartao = cartaoDe(page);
  await expect(cartao.getByRole('status')).toHaveText('Desativado: este celular não recebe avisos.');
  // The server's key held back: the card is caught in the middle of turning the notices on.
  let liberar = () => {};
  const chave = new Promise<void>((r) => {
    liberar = r;
  });
  await page.route('**/api/push/chave', async (rota) => {
    await chave;
    await rota.continue();
  });
  await cartao.getByRole('button', { name: 'Ativar avisos' }).click();
  await expect(cartao.getByRole('button', { name: 'Ativando...' })).toBeDisabled();
  await expect(cartao.getByRole('status')).toHaveText(
    'Ativando: se o navegador perguntar, toque em Permitir.',
  );
  await expect(cartao).not.toContainText('Desativado');
  await conferirTela(page, 'avisos-celular-ativando');
  liberar();
  await expect(cartao.getByRole('alert')).toBeVisible();
  await expect(cartao.getByRole('status')).toHaveText('Desativado: este celular não recebe avisos.');
});

test('o service worker do app mostra o aviso em português, com o ícone, e guarda a página a abrir', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await entrar(page, '100001');
  // Strings, not functions: this file is type-checked without the DOM's types.
  await expect
    .poll(() => page.evaluate('navigator.serviceWorker && navigator.serviceWorker.controller !== null'))
    .toBe(true);
  expect(await page.evaluate('navigator.serviceWorker.controller.scriptURL')).toMatch(/\/sw\.js$/);

  const cdp = await context.newCDPSession(page);
  // The registration whose worker is activated: a push handed to a version still installing (an update the
  // navigation started) is dropped by Chromium, which is what a full run under load once met.
  const registro = new Promise<string>((resolver) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const v = versions.find((x) => x.status === 'activated' && x.scriptURL.endsWith('/sw.js'));
      if (v) resolver(v.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registro;
  const mensagem = {
    titulo: 'Chamada aberta',
    corpo: 'A escala nº 4522 (24/11/2026, 07:00) está aberta. Toque para escolher suas vagas.',
    url: '/escalacao',
    tag: 'escala-4522',
  };
  const entregar = () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(page.url()).origin,
      registrationId,
      data: JSON.stringify(mensagem),
    });
  await entregar();
  // Each poll that finds no notification hands the push again, as a push service retries an undelivered
  // message; the tag makes a repeated notification replace the first, so the list still holds one.
  await expect
    .poll(
      async () => {
        const avisos = await page.evaluate(`(async () => {
        const r = await navigator.serviceWorker.ready;
        return (await r.getNotifications()).map((n) => ({ titulo: n.title, corpo: n.body, icone: n.icon, tag: n.tag, url: n.data && n.data.url }));
      })()`);
        if (Array.isArray(avisos) && avisos.length === 0) await entregar();
        return avisos;
      },
      { timeout: 20_000 },
    )
    .toEqual([
      {
        titulo: 'Chamada aberta',
        corpo: mensagem.corpo,
        icone: expect.stringMatching(/\/icones\/icone-192\.png$/),
        tag: 'escala-4522',
        url: '/escalacao',
      },
    ]);
});

test('sem a permissão (este Chromium recusa o pedido), o cartão diz que o navegador bloqueou os avisos', async ({
  page,
}) => {
  await entrar(page, '100002');
  await page.goto('/minha-conta/configuracoes');
  const cartao = cartaoDe(page);
  await expect(cartao.getByRole('status')).toHaveText('Desativado: este celular não recebe avisos.');
  await cartao.getByRole('button', { name: 'Ativar avisos' }).click();
  await expect(cartao.getByRole('status')).toHaveText(
    'Bloqueado pelo navegador. Para receber os avisos, permita as notificações deste site nas configurações do navegador e volte aqui.',
  );
  await expect(cartao.getByRole('button')).toHaveCount(0);
});

test('num navegador sem Push, o cartão não aparece', async ({ page }) => {
  await page.addInitScript('delete window.PushManager');
  await entrar(page, '100003');
  await page.goto('/minha-conta/configuracoes');
  await expect(page.getByRole('heading', { name: 'Configurações' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mudar senha' })).toBeVisible();
  await expect(cartaoDe(page)).toHaveCount(0);
});

test('no totem, o cartão não aparece', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/totem');
  await page.getByLabel('Usuário').fill('100004');
  await page.getByLabel('Senha').fill('123456');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL(/\/inicio$/);
  await fecharMensagens(page);
  await page.goto('/minha-conta/configuracoes');
  await expect(page.getByRole('link', { name: 'Mudar senha' })).toBeVisible();
  await expect(cartaoDe(page)).toHaveCount(0);
});
