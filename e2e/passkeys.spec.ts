import type { CDPSession, Page } from '@playwright/test';
import { conferirNoTablet, conferirTela, entrar, expect, fecharMensagens, TELAS, test } from './apoio.ts';

/**
 * Passkeys (issue 28; docs/decisions/0229) in Chromium with its virtual authenticator (CDP WebAuthn domain): a
 * platform authenticator with user verification, as a phone's fingerprint is. Register in Minha conta, log
 * out, log in with "Entrar com a digital", revoke, and the revoked passkey no longer gets in; staff revoke a
 * worker's passkey on the worker's file, and the administration revokes a kiosk. At 360 px, tablet and desktop.
 */
test.use({ viewport: TELAS.celular });

async function autenticadorVirtual(page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, id: authenticatorId };
}

async function sair(page: Page) {
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

test('cadastrar a digital, sair, entrar com ela, revogar; a revogada não entra mais', async ({
  page,
  consoleDoNavegador,
}) => {
  const { cdp, id } = await autenticadorVirtual(page);
  await entrar(page, '100005');
  await page.goto('/minha-conta/configuracoes');
  const cartao = page.getByRole('region', { name: 'Entrar com a digital' });
  await expect(cartao.getByText('Nenhuma digital cadastrada.')).toBeVisible();
  await cartao.getByRole('button', { name: 'Cadastrar este aparelho' }).click();
  await expect(cartao.getByRole('status')).toContainText('Digital cadastrada');
  const lista = cartao.getByRole('list', { name: 'Passkeys cadastradas' });
  await expect(lista.getByRole('listitem')).toHaveCount(1);
  // The passkey lives in the authenticator, discoverable and tied to the worker.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId: id });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);
  expect(Buffer.from(credentials[0]?.userHandle ?? '', 'base64').toString('utf8')).toBe('100005');
  await conferirTela(page, 'passkeys-minha-conta');

  await sair(page);
  await page.getByRole('button', { name: 'Entrar com a digital' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await fecharMensagens(page);
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();

  await page.goto('/minha-conta/configuracoes');
  await expect(lista.getByRole('listitem')).toContainText('último uso');
  await cartao.getByRole('button', { name: /^Revogar a passkey / }).click();
  await expect(cartao.getByRole('status')).toContainText('Passkey revogada');
  await expect(cartao.getByText('Nenhuma digital cadastrada.')).toBeVisible();

  await sair(page);
  consoleDoNavegador.aceitar(/status of 401/);
  await page.getByRole('button', { name: 'Entrar com a digital' }).click();
  await expect(page.getByRole('alert')).toContainText('não está cadastrada');
  await expect(page).toHaveURL(/\/login$/);
  await conferirTela(page, 'passkeys-login-revogada');
});

test('o totem não oferece a digital; a senha continua valendo no /login', async ({ page }) => {
  await page.goto('/totem');
  await expect(page.getByRole('button', { name: 'Confirmar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar com a digital' })).toHaveCount(0);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Entrar com a digital' })).toBeVisible();
  await entrar(page, '100005');
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
});

test('a administração registra o navegador do totem; o totem continua entrando', async ({
  page,
  context,
}) => {
  await entrar(page, '900003');
  await page.goto('/minha-conta/configuracoes');
  const cartao = page.getByRole('region', { name: 'Totem do OGMO' });
  await cartao.getByLabel('Nome do totem').fill('Totem da portaria');
  await cartao.getByRole('button', { name: 'Registrar este navegador como totem' }).click();
  await expect(cartao.getByRole('status')).toContainText('Totem registrado: Totem da portaria');
  const totem = (await context.cookies()).find((c) => c.name === 'TPA-TOTEM');
  expect(totem?.httpOnly).toBe(true);
  expect(totem?.path).toBe('/api/login');
  await conferirTela(page, 'totem-do-ogmo');
  await sair(page);

  // A worker at that kiosk: the cookie goes with the login, and the kiosk session starts.
  await page.goto('/totem');
  await page.getByLabel('Usuário').fill('100006');
  await page.getByLabel('Senha').fill('123456');
  const resposta = page.waitForResponse((r) => r.url().endsWith('/api/login'));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  expect((await (await resposta).request().allHeaders()).cookie ?? '').toContain('TPA-TOTEM=');
  await expect(page).not.toHaveURL(/\/totem$/);
});

test('quem não é da administração não vê o cartão do totem', async ({ page }) => {
  await entrar(page, '100005');
  await page.goto('/minha-conta/configuracoes');
  await expect(page.getByRole('region', { name: 'Entrar com a digital' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totem do OGMO' })).toHaveCount(0);
});

test('a equipe do cadastro vê e revoga a passkey de um trabalhador; ele não entra mais com ela', async ({
  page,
  browser,
  consoleDoNavegador,
}) => {
  await autenticadorVirtual(page);
  await entrar(page, '100003');
  await page.goto('/minha-conta/configuracoes');
  const cartao = page.getByRole('region', { name: 'Entrar com a digital' });
  await cartao.getByRole('button', { name: 'Cadastrar este aparelho' }).click();
  await expect(cartao.getByRole('status')).toContainText('Digital cadastrada');
  const nome = (await cartao.getByRole('listitem').locator('strong').textContent()) ?? '';
  expect(nome).not.toBe('');

  // Staff, on the worker's file.
  const equipe = await (
    await browser.newContext({ viewport: TELAS.celular, locale: 'pt-BR', timezoneId: 'America/Recife' })
  ).newPage();
  await entrar(equipe, '900003');
  await equipe.goto('/gestao/trabalhadores/100003');
  const secao = equipe.getByRole('region', { name: 'Passkeys (entrar com a digital)' });
  const item = secao.getByRole('list', { name: 'Passkeys do trabalhador' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(nome);
  await expect(item).toContainText(/Criada em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} · último uso nunca/);
  await conferirTela(equipe, 'passkeys-equipe-ficha');
  await conferirNoTablet(equipe, 'passkeys-equipe-ficha');

  // Revoking asks first; "Voltar" changes nothing.
  await secao.getByRole('button', { name: `Revogar a passkey ${nome}` }).click();
  const dialogo = equipe.getByRole('dialog', { name: 'Revogar esta passkey?' });
  await expect(dialogo).toContainText(nome);
  await conferirTela(equipe, 'passkeys-equipe-confirmar', { soTela: true });
  await dialogo.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialogo).toHaveCount(0);
  await expect(item).not.toContainText('revogada');
  await secao.getByRole('button', { name: `Revogar a passkey ${nome}` }).click();
  await dialogo.getByRole('button', { name: 'Revogar' }).click();
  await expect(secao.getByRole('status')).toContainText(`Passkey revogada: ${nome}`);
  await expect(item).toContainText('pela equipe (900003)');
  await expect(secao.getByRole('button', { name: /^Revogar a passkey / })).toHaveCount(0);
  // The history says who revoked it.
  const historico = equipe.getByRole('table', { name: 'Histórico do trabalhador' });
  await expect(historico.getByRole('row').filter({ hasText: 'Passkey revogada pela equipe' })).toContainText(
    'ROBERTO ALVES DE LIMA',
  );
  await conferirTela(equipe, 'passkeys-equipe-revogada');

  // The worker's phone: the passkey no longer gets in; the password does.
  await sair(page);
  consoleDoNavegador.aceitar(/status of 401/);
  await page.getByRole('button', { name: 'Entrar com a digital' }).click();
  await expect(page.getByRole('alert')).toContainText('não está cadastrada');
  await expect(page).toHaveURL(/\/login$/);
  await entrar(page, '100003');
  await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
});

test('a administração lista os totens e revoga um, com confirmação; vê os bloqueios em vigor', async ({
  page,
}) => {
  await entrar(page, '900003');
  await page.goto('/minha-conta/configuracoes');
  const cartao = page.getByRole('region', { name: 'Totem do OGMO' });
  await cartao.getByLabel('Nome do totem').fill('Totem do armazém 2');
  await cartao.getByRole('button', { name: 'Registrar este navegador como totem' }).click();
  await expect(cartao.getByRole('status')).toContainText('Totem registrado: Totem do armazém 2');

  await page.goto('/gestao');
  await page
    .getByRole('navigation', { name: 'Áreas da gestão' })
    .getByRole('link', { name: 'Totens e bloqueios' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Totens e bloqueios' })).toBeVisible();
  const totens = page.getByRole('region', { name: 'Totens do OGMO' });
  const item = totens.getByRole('listitem').filter({ hasText: 'Totem do armazém 2' });
  await expect(item).toContainText(
    /Registrado por 900003 em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2} · último uso nunca/,
  );
  await expect(page.getByRole('region', { name: 'Bloqueios de acesso em vigor' })).toBeVisible();
  await conferirTela(page, 'seguranca-totens');
  await conferirNoTablet(page, 'seguranca-totens');

  await item.getByRole('button', { name: 'Revogar o totem Totem do armazém 2' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Revogar este totem?' });
  await expect(dialogo).toContainText('Totem do armazém 2');
  await conferirTela(page, 'seguranca-totens-confirmar', { soTela: true });
  await dialogo.getByRole('button', { name: 'Revogar' }).click();
  await expect(totens.getByRole('status')).toContainText('Totem revogado: Totem do armazém 2');
  await expect(item).toContainText(/revogado por 900003 em/);
  await expect(item.getByRole('button')).toHaveCount(0);
});

test('os totens e bloqueios são só da administração', async ({ page }) => {
  await entrar(page, '900002');
  await page.goto('/gestao/seguranca');
  await expect(page).toHaveURL(/\/inicio$/);
});
