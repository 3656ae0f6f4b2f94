import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { aparenciaFuncao, COR_MAJORADA } from '../common/funcoes.ts';
import {
  conferirTela,
  entrar,
  expect,
  fecharMensagens,
  removidosDaRaiz,
  TELAS,
  test,
  vigiarRemocoesNaRaiz,
} from './apoio.ts';

/** '#1d4ed8' → 'rgb(29, 78, 216)', as computed styles report colours. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The e2e server's SQLite database (e2e/servidor.ts). */
function abrirBancoE2e() {
  const porta = process.env.E2E_PORT ?? '8181';
  const arquivo = path.resolve(import.meta.dirname, 'artifacts', `banco-${porta}`, 'portal-tpa.sqlite');
  const db = new Database(arquivo);
  db.pragma('busy_timeout = 5000');
  return db;
}

test('100001 vê a caixa da chamada, o trabalho corrente, os cartões e o aviso', async ({ page }) => {
  await entrar(page, '100001');
  const caixa = page.getByTestId('caixa-chamada');
  await expect(caixa).toContainText(/Escala nº \d+/);
  await expect(caixa).toContainText(/\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/);
  await expect(caixa).toContainText('AMBIENTE DE TESTES!');

  const trabalho = page.getByRole('region', { name: 'Escalado para a operação' });
  for (const coluna of ['Data', 'Turno', 'Operador', 'Navio', 'Cais', 'Mercadoria', 'Função']) {
    await expect(trabalho.getByRole('columnheader', { name: coluna })).toBeAttached();
  }
  await expect(trabalho.getByRole('cell').nth(1)).toHaveText(/^\d{2}-\d{2}$/);

  await expect(page.getByText('Acesse seus dados, históricos e habilitações.')).toBeVisible();
  await expect(
    page.getByText('Escalação eletrônica do Trabalhador Portuário Avulso, em sistema de rodízio.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Escalar-se' })).toHaveAttribute('href', '/escalacao');
  await expect(page.getByRole('heading', { name: 'Fale com o OGMO' })).toBeVisible();
  const atencao = page.getByRole('region', { name: 'Atenção!' });
  await expect(atencao.getByRole('link', { name: 'Financeiro' })).toHaveAttribute(
    'href',
    '/minha-conta/financeiro',
  );
  await expect(atencao).toContainText('suspenso por 3 dias');
  await expect(atencao).toContainText('mesa e cadeira');
});

test('o crachá abre em tela cheia, amplia a foto e fecha com um toque fora dela', async ({ page }) => {
  await entrar(page, '100001');
  await page.getByRole('button', { name: 'Crachá' }).click();
  const cracha = page.getByRole('dialog');
  await expect(cracha).toContainText('Crachá de identificação para acesso ao Porto de Suape');
  await expect(cracha).toContainText('529.982.247-25');
  await expect(cracha).toContainText('100001');
  await expect(cracha).toContainText('José Carlos da Silva');
  await expect(cracha).toContainText('Estivador');
  // The photo loads from its signed URL.
  await expect(cracha.getByRole('img', { name: /Foto de/ })).toHaveJSProperty('complete', true);
  await expect(cracha.locator('img')).not.toHaveJSProperty('naturalWidth', 0);
  const caixa = await cracha.boundingBox();
  const tela = page.viewportSize();
  expect(caixa && tela && caixa.width > tela.width * 0.9).toBe(true);

  const foto = cracha.getByRole('button', { name: 'Ampliar foto' });
  await foto.click();
  await expect(cracha.getByRole('button', { name: 'Reduzir foto' })).toHaveAttribute('aria-pressed', 'true');
  await expect(cracha.getByText('Navio')).toBeHidden();
  await cracha.getByRole('button', { name: 'Reduzir foto' }).click();
  await expect(cracha.getByText('Navio')).toBeVisible();
  await cracha.getByText('Crachá de identificação').click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('o impedido vê a caixa vermelha com suas mensagens', async ({ page }) => {
  await entrar(page, '100005');
  const caixa = page.getByTestId('caixa-chamada');
  await expect(caixa.getByRole('alert')).toContainText('Exame médico periódico (ASO) vencido');
  await expect(caixa).toContainText('Treinamento NR-29 pendente');
  await expect(caixa).not.toContainText('Escala nº');
});

test('as mensagens de serviço aparecem uma de cada vez e não voltam', async ({ page }) => {
  const db = abrirBancoE2e();
  const codAvulso = (
    db
      .prepare(
        "select cod_avulso from avulso where cod_avulso not like '1000%' and cod_avulso <> '900001' order by cod_avulso limit 1",
      )
      .get() as { cod_avulso: string }
  ).cod_avulso;
  const agora = new Date().toISOString();
  const inserir = db.prepare(
    'insert into mensagem_servico (cod_avulso, titulo, corpo, criada_em) values (?, ?, ?, ?)',
  );
  inserir.run(codAvulso, 'Primeiro aviso de teste', 'Corpo do primeiro aviso.', agora);
  inserir.run(codAvulso, 'Segundo aviso de teste', 'Corpo do segundo aviso.', agora);
  db.close();

  await page.goto('/login');
  await page.getByLabel('Usuário').fill(codAvulso);
  await page.getByLabel('Senha').fill('123456');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).toHaveURL(/\/inicio$/);

  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toContainText('Primeiro aviso de teste');
  await expect(dialogo).toContainText('Corpo do primeiro aviso.');
  // While it is open the page behind does not scroll, and Esc closes it, as 'Fechar' does (decision 0193).
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(dialogo).toHaveCount(0);
  await expect(page.getByRole('dialog')).toContainText('Segundo aviso de teste');
  // A tap outside it (on the backdrop) closes it too; a tap inside does not.
  await page.getByRole('dialog').getByText('Corpo do segundo aviso.').click();
  await expect(page.getByRole('dialog')).toContainText('Segundo aviso de teste');
  await page.mouse.click(4, 4);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');

  // After the reload the queue comes back empty from the server, so no dialog can open (no fixed wait).
  const fila = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/avulso/mensagens');
  await page.reload();
  const resposta = await fila;
  expect((await resposta.json()).dados).toEqual([]);
  await expect(page.getByTestId('caixa-chamada')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('/funcoes é pública e mostra as categorias com cor e ícone', async ({ page }) => {
  await page.goto('/funcoes');
  await expect(page).toHaveURL(/\/funcoes$/);
  await expect(page.getByRole('heading', { name: 'Funções' })).toBeVisible();
  for (const categoria of ['Estiva', 'Conferência', 'Capatazia', 'Vigia', 'Vigia (cais majorado)']) {
    await expect(page.getByRole('heading', { name: categoria, exact: true })).toBeVisible();
  }
  // Each function shows its catalogue colour and an icon.
  const estivador = page.locator('.funcao-chip', { hasText: 'Estivador' }).first();
  await expect(estivador.locator('svg')).toBeVisible();
  await expect(estivador.locator('.funcao-chip-icone')).toHaveCSS(
    'background-color',
    rgb(aparenciaFuncao(101).cor.fundo),
  );
  const majorado = page
    .getByRole('region', { name: 'Vigia (cais majorado)' })
    .locator('.funcao-chip-icone')
    .first();
  await expect(majorado).toHaveCSS('background-color', rgb(COR_MAJORADA.fundo));

  // At 360 px every name stays inside its tile ('Contramestre' overflowed it, issue 14).
  await page.setViewportSize({ width: 360, height: 740 });
  const transbordam = await page
    .locator('.funcao-chip')
    .evaluateAll((chips) =>
      chips.filter((c) => c.scrollWidth > c.clientWidth + 1).map((c) => c.textContent?.trim()),
    );
  expect(transbordam).toEqual([]);
});

test('/fale-com-o-ogmo mostra Em breve!', async ({ page }) => {
  await entrar(page, '100004');
  await page.goto('/fale-com-o-ogmo');
  await expect(page.getByText('Em breve!')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/inicio$/);
});

test('/inicio, o crachá, /funcoes e /fale-com-o-ogmo passam na conferência das telas', async ({ page }) => {
  await page.goto('/funcoes');
  await expect(page.getByRole('heading', { name: 'Funções' })).toBeVisible();
  await conferirTela(page, 'funcoes');
  await entrar(page, '100001');
  await expect(page.getByRole('region', { name: 'Escalado para a operação' })).toBeVisible();
  await expect(page.locator('.barra-avulso-foto')).toBeVisible();
  await conferirTela(page, 'inicio');
  await page.getByRole('button', { name: 'Crachá' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // The badge is a fixed full-screen dialog: a viewport shot shows what the gate sees.
  await conferirTela(page, 'cracha', { soTela: true });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/fale-com-o-ogmo');
  await expect(page.getByText('Em breve!')).toBeVisible();
  await conferirTela(page, 'fale-com-o-ogmo');
});

/**
 * The layout shifts of the page so far (Layout Instability API, buffered since the navigation), without those
 * that follow a touch or key, after two frames so the last render's shift is reported.
 */
async function deslocamentoAcumulado(page: Page): Promise<{ total: number; onde: string[] }> {
  return page.evaluate(
    () =>
      new Promise((resolver) => {
        const entradas: (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources?: { node?: Node }[];
        })[] = [];
        const observador = new PerformanceObserver((lista) => {
          entradas.push(...(lista.getEntries() as typeof entradas));
        });
        observador.observe({ type: 'layout-shift', buffered: true });
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            entradas.push(...(observador.takeRecords() as typeof entradas));
            observador.disconnect();
            const contam = entradas.filter((e) => !e.hadRecentInput);
            resolver({
              total: contam.reduce((soma, e) => soma + e.value, 0),
              onde: contam.flatMap((e) =>
                (e.sources ?? []).map((s) => `${s.node?.nodeName ?? '?'} ${e.value.toFixed(3)}`),
              ),
            });
          }),
        );
      }),
  );
}

test('/inicio não salta quando a página chega depois da moldura (CLS ≤ 0,02 no celular)', async ({
  page,
}) => {
  await page.setViewportSize(TELAS.celular);
  await entrar(page, '100001');
  // The home's answers wait until the frame (bar and footer, with the config's address) is on screen: the
  // page then arrives after a painted frame, as on a phone on 4G (Lighthouse measured a CLS of 0.19-0.68).
  let liberar = () => {};
  const moldura = new Promise<void>((r) => {
    liberar = r;
  });
  await page.route(/\/api\/(escalaAberta|escalacao\/resultado|avulso\/ultimosTrabalhos)/, async (rota) => {
    await moldura;
    await rota.continue();
  });
  await page.goto('/inicio');
  await expect(page.getByRole('contentinfo')).toContainText('Órgão Gestor de Mão de Obra');
  liberar();
  await expect(page.getByTestId('caixa-chamada')).toContainText(/Escala nº \d+/);
  await expect(page.getByRole('region', { name: 'Escalado para a operação' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Atenção!' })).toBeVisible();
  const { total, onde } = await deslocamentoAcumulado(page);
  expect(total, `deslocamentos: ${onde.join(', ')}`).toBeLessThanOrEqual(0.02);
});

/** The frame's elements removed from #raiz since `vigiarRemocoesNaRaiz` (a hydration removes none). */
async function molduraRemovida(page: Page): Promise<string[]> {
  return (await removidosDaRaiz(page)).filter((r) =>
    /^(div\.app|main\.|section\.|div\.pilha|header\.|footer\.)/.test(r),
  );
}

/** The documents the page asks from now on (a navigation by the app asks none). */
function documentosPedidos(page: Page): string[] {
  const documentos: string[] = [];
  page.on('request', (p) => {
    if (p.resourceType() === 'document') documentos.push(new URL(p.url()).pathname);
  });
  return documentos;
}

test.describe('/inicio com a home no HTML (decisão 0192)', () => {
  // A reload served by the service worker is its cached index.html, never the server's page: blocked here so
  // the reload reaches the server, as on a phone's first visit or with the worker's cache cleared.
  test.use({ serviceWorkers: 'block' });

  test('recarregar /inicio pinta a home do HTML e o cliente hidrata, sem reconstruir', async ({
    page,
    context,
  }) => {
    await entrar(page, '100001');
    const cookie = (await context.cookies()).find((c) => c.name === 'TPA-INICIO');
    expect(cookie?.path).toBe('/inicio');
    expect(cookie?.sameSite).toBe('Strict');
    expect(cookie?.value).toBe(await page.evaluate(() => localStorage.getItem('portal-tpa.token')));

    await vigiarRemocoesNaRaiz(page);
    // The home's answers are not asked again: the page came with them.
    const pedidas: string[] = [];
    page.on('request', (p) => {
      const { pathname } = new URL(p.url());
      if (
        /^\/api\/(sessao|escalaAberta|avulso\/ultimosTrabalhos|escalacao\/resultado|eleicoes\/pendente)$/.test(
          pathname,
        )
      )
        pedidas.push(pathname);
    });
    const resposta = await page.goto('/inicio');
    const html = (await resposta?.text()) ?? '';
    expect(html).toContain('Escalado para a operação');
    expect(html).toContain('id="dados-inicio"');
    await fecharMensagens(page);

    // The client took over (a click before the scripts ran does nothing): the badge opens, with the worker's data.
    await expect(async () => {
      await page.getByRole('button', { name: 'Crachá' }).click();
      await expect(page.getByRole('dialog')).toContainText('José Carlos da Silva', { timeout: 1_000 });
    }).toPass();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const removidos = await removidosDaRaiz(page);
    expect(removidos.filter((r) => /^(div\.app|main\.|section\.|div\.pilha)/.test(r))).toEqual([]);
    expect(pedidas).toEqual([]);
  });

  test('a home desenhada é hidratada pelo React, parte por parte (Suspense), sem refazer nenhuma (decisão 0194)', async ({
    page,
  }) => {
    await entrar(page, '100001');
    await vigiarRemocoesNaRaiz(page);
    const resposta = await page.goto('/inicio');
    // The server's HTML carries React's Suspense boundaries: the top bar, the page and the footer, and in the page
    // the call box, the result, the current job, the cards and the notice, each hydrated on its own.
    const html = (await resposta?.text()) ?? '';
    expect(html.match(/<!--\$-->/g)?.length ?? 0).toBeGreaterThanOrEqual(8);
    await fecharMensagens(page);
    // React took the page (hydrateRoot marks its container), and kept every node of the server's.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(document.getElementById('raiz') ?? {}).some((k) => k.startsWith('__reactContainer$')),
        ),
      )
      .toBe(true);
    expect(await molduraRemovida(page)).toEqual([]);
    // Every part is the app's now: the top bar's and the cards' links navigate without loading a page.
    const documentos = documentosPedidos(page);
    await page.getByRole('link', { name: /Minha conta:/ }).click();
    await expect(page).toHaveURL(/\/minha-conta$/);
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('José');
    await page.getByRole('link', { name: 'Escalar-se' }).click();
    await expect(page).toHaveURL(/\/escalacao$/);
    expect(documentos).toEqual([]);
  });

  test('um toque numa parte ainda não hidratada é do aplicativo: o React a hidrata primeiro e repete o toque (decisão 0194)', async ({
    page,
  }) => {
    await entrar(page, '100001');
    // A slow phone: the hydration takes long enough for a touch to land on a part React has not reached.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    // As soon as React has the page (hydrateRoot marks the container) and before it reached the cards' link
    // (a hydrated element carries React's fiber), the link is clicked.
    await page.addInitScript(() => {
      const registro = window as unknown as { toque?: { linkHidratado: boolean } };
      const olhar = () => {
        const raiz = document.getElementById('raiz');
        const link = Array.from(document.querySelectorAll('a')).find((a) => a.textContent === 'Escalar-se');
        if (raiz && link && Object.keys(raiz).some((k) => k.startsWith('__reactContainer$'))) {
          registro.toque = { linkHidratado: Object.keys(link).some((k) => k.startsWith('__reactFiber$')) };
          link.click();
          return;
        }
        setTimeout(olhar, 0);
      };
      olhar();
    });
    const documentos = documentosPedidos(page);
    await page.goto('/inicio');
    await expect(page).toHaveURL(/\/escalacao$/);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // The touch landed before React hydrated the link, and still navigated inside the app: no page was loaded
    // but the first.
    expect(await page.evaluate(() => (window as unknown as { toque?: unknown }).toque)).toEqual({
      linkHidratado: false,
    });
    expect(documentos).toEqual(['/inicio']);
  });

  test('uma página desenhada para outro cookie não vira a sessão desta aba: o cliente desenha a sua', async ({
    page,
    context,
    playwright,
  }) => {
    await entrar(page, '100001');
    // Another worker's token in the cookie (another tab, another site of the domain): the server draws that
    // worker's home, and this tab, whose token is 100001's, must not take it.
    const api = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
    const xsrf = (await (await api.get('/api/config')).headersArray())
      .find((h) => h.name.toLowerCase() === 'set-cookie')
      ?.value.match(/XSRF-TOKEN=([^;]+)/)?.[1];
    const login = await api.post('/api/login', {
      data: { login: '100002', password: '123456' },
      headers: { 'x-xsrf-token': xsrf ?? '' },
    });
    const outro = ((await login.json()) as { token: string }).token;
    await api.dispose();
    await context.addCookies([
      {
        name: 'TPA-INICIO',
        value: outro,
        domain: new URL(page.url()).hostname,
        path: '/inicio',
        sameSite: 'Strict',
      },
    ]);

    const resposta = await page.goto('/inicio');
    const html = (await resposta?.text()) ?? '';
    const nomeDoOutro = /<span class="barra-avulso-nome">([^<]+)<\/span>/.exec(html)?.[1];
    expect(nomeDoOutro).toBeTruthy();
    expect(nomeDoOutro).not.toBe('José Carlos da Silva');
    await expect(page.locator('.barra-avulso-nome')).toHaveText('José Carlos da Silva');
    await expect(page.getByText(nomeDoOutro as string)).toHaveCount(0);
    await expect(page.locator('#dados-inicio')).toHaveCount(0);
    // The startup wrote this tab's own token back into the cookie.
    const cookie = (await context.cookies()).find((c) => c.name === 'TPA-INICIO');
    expect(cookie?.value).toBe(await page.evaluate(() => localStorage.getItem('portal-tpa.token')));
  });

  test('Sair apaga o cookie: /inicio volta a ser só o aplicativo, e o totem nunca o grava', async ({
    page,
    context,
  }) => {
    await entrar(page, '100001');
    expect((await context.cookies()).some((c) => c.name === 'TPA-INICIO')).toBe(true);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect((await context.cookies()).some((c) => c.name === 'TPA-INICIO')).toBe(false);
    const html = await (await page.request.get('/inicio')).text();
    expect(html).not.toContain('id="dados-inicio"');

    await page.goto('/totem');
    await page.getByLabel('Usuário').fill('100001');
    await page.getByLabel('Senha').fill('123456');
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await expect(page).toHaveURL(/\/inicio$/);
    expect((await context.cookies()).some((c) => c.name === 'TPA-INICIO')).toBe(false);
  });
});
