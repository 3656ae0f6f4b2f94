import {
  conferirTela,
  entrar,
  expect,
  fecharMensagens,
  removidosDaRaiz,
  test,
  vigiarRemocoesNaRaiz,
} from './apoio.ts';

test.describe('guardas de rota', () => {
  test('sem sessão, /inicio e /fale-com-o-ogmo levam a /login', async ({ page }) => {
    await page.goto('/inicio');
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/fale-com-o-ogmo');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Confirmar' })).toBeVisible();
  });

  test('caminho vazio e desconhecido levam a /inicio', async ({ page }) => {
    await entrar(page, '100004');
    await page.goto('/');
    await expect(page).toHaveURL(/\/inicio$/);
    await page.goto('/nao-existe/de-jeito-nenhum');
    await expect(page).toHaveURL(/\/inicio$/);
    await expect(page.getByTestId('caixa-chamada')).toBeVisible();
  });

  test('o id inicio do body só existe em /login e /inicio', async ({ page }) => {
    await page.goto('/login');
    await expect(page.locator('body')).toHaveAttribute('id', 'inicio');
    await page.goto('/funcoes');
    await expect(page.locator('body')).toHaveAttribute('id', '');
    await page.goto('/totem');
    await expect(page.locator('body')).toHaveAttribute('id', '');
  });
});

test.describe('login', () => {
  test('Confirmar fica desabilitado enquanto o formulário é inválido', async ({ page }) => {
    await page.goto('/login');
    const confirmar = page.getByRole('button', { name: 'Confirmar' });
    await expect(confirmar).toBeDisabled();
    await page.getByLabel('Usuário').fill('1234');
    await page.getByLabel('Senha').fill('123456');
    await expect(confirmar).toBeDisabled();
    await expect(page.getByText('O usuário tem 6 dígitos.')).toBeVisible();
    await page.getByLabel('Usuário').fill('123456');
    await expect(confirmar).toBeEnabled();
  });

  test('100001 entra, vê seus dados na barra e sai', async ({ page }) => {
    await entrar(page, '100001');
    await expect(page).toHaveURL(/\/inicio$/);
    const barra = page.locator('header.barra-superior');
    await expect(barra.getByText('José Carlos da Silva')).toBeVisible();
    await expect(barra.getByText('Estivador')).toBeVisible();
    await expect(barra.getByText('Mat. 100001')).toBeVisible();
    await expect(barra.getByText(/Chamada \d{3}$/)).toBeVisible();
    await expect(barra.getByRole('link', { name: /Minha conta/ })).toHaveAttribute('href', '/minha-conta');
    await barra.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(barra.getByRole('button', { name: 'Sair' })).toHaveCount(0);
    // The session is gone: the protected page asks for a login again.
    await page.goto('/inicio');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('os ícones de usuário e senha não cobrem o primeiro dígito', async ({ page }) => {
    for (const caminho of ['/login', '/totem']) {
      await page.goto(caminho);
      for (const rotulo of ['Usuário', 'Senha']) {
        const campo = page.getByLabel(rotulo);
        const icone = page.locator('.campo-com-icone', { has: campo }).locator('svg');
        const caixaIcone = await icone.boundingBox();
        const inicioTexto = await campo.evaluate((el) => {
          const estilo = getComputedStyle(el);
          return (
            el.getBoundingClientRect().left +
            Number.parseFloat(estilo.borderLeftWidth) +
            Number.parseFloat(estilo.paddingLeft)
          );
        });
        expect(caixaIcone, `${caminho} ${rotulo}`).not.toBeNull();
        expect(inicioTexto, `${caminho} ${rotulo}: o texto começa depois do ícone`).toBeGreaterThanOrEqual(
          (caixaIcone?.x ?? 0) + (caixaIcone?.width ?? 0),
        );
      }
    }
  });
});

test('/login mantém os nós da página que veio no HTML: o cliente hidrata, não reconstrói (decisão 0191)', async ({
  page,
}) => {
  // Every element removed from inside #raiz is recorded, from before the first script runs.
  await vigiarRemocoesNaRaiz(page);
  await page.goto('/login', { waitUntil: 'networkidle' });
  // The page works (the client took over): a field's message shows once it is left.
  await page.getByLabel('Usuário').fill('1234');
  await page.getByLabel('Usuário').blur();
  await expect(page.getByText('O usuário tem 6 dígitos.')).toBeVisible();
  const removidos = await removidosDaRaiz(page);
  // The HTML's frame, page and form were kept (a render over them removes div.app and builds it again).
  expect(removidos.filter((r) => /^(div\.app|main\.|form\.|section\.)/.test(r))).toEqual([]);
});

test('num celular lento, /login hidrata sem refazer nenhuma parte (as respostas que chegam no meio não a mudam)', async ({
  page,
}) => {
  // The frame hydrates first and each part (bar, page, footer) after it; an answer that arrived in between and
  // changed a part not yet hydrated made React rebuild it (error 418 in the console, which fails this test).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await vigiarRemocoesNaRaiz(page);
  await page.goto('/login');
  await expect(page.getByRole('contentinfo')).toContainText('Órgão Gestor de Mão de Obra');
  await expect(page.getByText(/Chamada aberta:/)).toBeVisible();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const removidos = await removidosDaRaiz(page);
  expect(removidos.filter((r) => /^(div\.app|main\.|form\.|section\.|footer\.|header\.)/.test(r))).toEqual(
    [],
  );
});

test('o que se digita antes de o React assumir /login fica no formulário, e entra', async ({ page }) => {
  // The app's code held back until the fields are filled: a slow phone, or a password manager filling in.
  let liberar = () => {};
  const codigo = new Promise<void>((r) => {
    liberar = r;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (rota) => {
    await codigo;
    await rota.continue();
  });
  await page.goto('/login');
  await page.getByLabel('Usuário').fill('100001');
  await page.getByLabel('Senha').fill('123456');
  liberar();
  const confirmar = page.getByRole('button', { name: 'Confirmar' });
  await expect(confirmar).toBeEnabled();
  await expect(page.getByLabel('Usuário')).toHaveValue('100001');
  await confirmar.click();
  await expect(page).toHaveURL(/\/inicio$/);
});

test.describe('login com erro do servidor', () => {
  // A refused login or session answers 401, which Chromium logs as a failed resource.
  test.use({ consoleEsperado: [/status of 401/] });

  test('uma senha errada mostra a mensagem do servidor', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Usuário').fill('999990');
    await page.getByLabel('Senha').fill('654321');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByRole('alert')).toContainText('Usuário ou senha inválidos!');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('abrir /login encerra a sessão existente', async ({ page }) => {
    await entrar(page, '100002');
    const token = await page.evaluate(() => localStorage.getItem('portal-tpa.token'));
    expect(token).toBeTruthy();
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Confirmar' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('portal-tpa.token'))).toBeNull();
    // The server revoked the old token too.
    const status = await page.evaluate(
      async (t) => (await fetch('/api/sessao', { headers: { 'X-Access-Token': t ?? '' } })).status,
      token,
    );
    expect(status).toBe(401);
  });

  test('uma sessão recusada pelo servidor volta para /login', async ({ page }) => {
    await entrar(page, '100004');
    await page.evaluate(() => localStorage.setItem('portal-tpa.token', 'x'.repeat(43)));
    await page.goto('/fale-com-o-ogmo');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('totem', () => {
  async function teclar(page: import('@playwright/test').Page, digitos: string) {
    const teclado = page.getByRole('group', { name: 'Teclado numérico' });
    for (const d of digitos) await teclado.getByRole('button', { name: d, exact: true }).click();
  }

  test('entra com o teclado da tela e o limite de dígitos', async ({ page }) => {
    await page.goto('/totem');
    await teclar(page, '1000011');
    // The user code stops at 6 digits and the keyboard moves on to the password.
    await expect(page.getByLabel('Usuário')).toHaveValue('100001');
    await expect(page.getByLabel('Senha')).toHaveValue('1');
    await page.getByRole('button', { name: 'Apagar último dígito' }).click();
    await teclar(page, '1234567890');
    await expect(page.getByLabel('Senha')).toHaveValue('12345678');
    await page.getByRole('button', { name: 'Limpar campo' }).click();
    await teclar(page, '123456');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page).toHaveURL(/\/inicio$/);
    await fecharMensagens(page);
    expect(await page.evaluate(() => sessionStorage.getItem('portal-tpa.token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('portal-tpa.token'))).toBeNull();
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/totem$/);
  });

  test('a sessão do totem termina sozinha sem toques', async ({ page }) => {
    await page.clock.install();
    await page.goto('/totem');
    await teclar(page, '100004');
    await teclar(page, '123456');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page).toHaveURL(/\/inicio$/);
    await page.clock.fastForward('01:00');
    await expect(page).toHaveURL(/\/inicio$/);
    await page.clock.fastForward('00:31');
    await expect(page).toHaveURL(/\/totem$/);
    await expect(page.getByRole('button', { name: 'Sair' })).toHaveCount(0);
  });
});

test('/login e /totem passam na conferência das telas', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByText('Chamada aberta')).toBeVisible();
  await conferirTela(page, 'login');
  await page.goto('/totem');
  await expect(page.getByRole('group', { name: 'Teclado numérico' })).toBeVisible();
  await conferirTela(page, 'totem');
});
