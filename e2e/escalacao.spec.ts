import type { Locator, Page } from '@playwright/test';
import { conferirTela, entrar, expect, horaDoPorto, test } from './apoio.ts';

/**
 * The electronic call in the browser (docs/produto/escalacao.md §2 and §4): the category chooser, the offers screen,
 * choices that survive a reload, preferences, bulk actions, errors, the confirmed list, the test users'
 * call loading and the impeded worker. Real server, real database: no mocks.
 */

function cartao(page: Page, navio: string): Locator {
  return page.getByRole('article', { name: navio });
}

/** A function button by its exact function name, inside a card or a hold. */
function oferta(dentro: Locator, nome: string): Locator {
  return dentro.locator('button.oferta').filter({
    has: dentro.page().locator('.oferta-nome', { hasText: new RegExp(`^${nome}$`) }),
  });
}

/** Waits until the offer's choice went to the server and came back. */
async function esperarEscolhida(botao: Locator, escolhida: boolean) {
  await expect(botao).toHaveAttribute('data-situacao', '0');
  await expect(botao).toHaveAttribute('aria-pressed', String(escolhida));
}

async function abrirCategoria(page: Page, nome: string) {
  await page.goto('/escalacao');
  await page.getByRole('link', { name: new RegExp(`^${nome}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible();
}

test('100001 escolhe três ofertas, desmarca uma, e as escolhas sobrevivem ao recarregar', async ({
  page,
}) => {
  await entrar(page, '100001');
  await page.goto('/escalacao');
  await expect(page.getByRole('heading', { name: 'Escolha uma categoria para se escalar' })).toBeVisible();
  // 100001 is not qualified for Vigia: a disabled button, not a link.
  await expect(page.getByRole('button', { name: /^Vigia/ })).toBeDisabled();
  await expect(page.getByRole('link', { name: /^Vigia/ })).toHaveCount(0);
  await page.getByRole('link', { name: /^Estivador/ }).click();
  await expect(page).toHaveURL(/\/escalacao\/ofertas\/estivador$/);
  await expect(page.getByText('Selecione as ofertas que você deseja se escalar')).toBeVisible();

  const aurora = cartao(page, 'MSC AURORA');
  await expect(
    aurora.getByText('No cais CMU é obrigatório acessar e transitar utilizando a área isolada para pedestre'),
  ).toBeVisible();
  const porao2 = aurora.getByRole('region', { name: 'Porão 2' });
  // Only qualified functions show: 100001 has no 114 (Operador de Portêiner).
  await expect(oferta(porao2, 'Operador de Portêiner')).toHaveCount(0);
  // Which offers he has rest for depends on the hour his current shift ends (the demo is seeded
  // relative to "now"), so the test takes the first three rested ones, in the server's stable order.
  const descansadas = page.locator('button.oferta:not(.oferta-sem-descanso)');
  await expect(descansadas.nth(2)).toBeVisible();
  const primeira = descansadas.nth(0);
  const segunda = descansadas.nth(1);
  const terceira = descansadas.nth(2);
  await expect(terceira).toContainText(/\d{2} vagas?/);

  for (const botao of [primeira, segunda, terceira]) await botao.click();
  for (const botao of [primeira, segunda, terceira]) await esperarEscolhida(botao, true);
  await expect(page.getByRole('status').filter({ hasText: 'escolhidas' })).toContainText('3 escolhidas');

  await segunda.click();
  await esperarEscolhida(segunda, false);

  // The confirmed panel lists the worker after choosing.
  await page.getByRole('button', { name: /Pessoas que já confirmaram escolhas/ }).click();
  const linha = page.getByRole('row').filter({ hasText: '100001' });
  await expect(linha).toContainText('José Carlos da Silva');
  await expect(linha).toContainText(/\d{2}:\d{2}:\d{2}/);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Estivador' })).toBeVisible();
  await esperarEscolhida(primeira, true);
  await esperarEscolhida(terceira, true);
  await esperarEscolhida(segunda, false);

  // Leave 100001 as found: clear what was chosen.
  await page.getByRole('button', { name: 'Limpar ofertas' }).click();
  await esperarEscolhida(primeira, false);
  await esperarEscolhida(terceira, false);
  await expect(page.getByRole('button', { name: 'Limpar ofertas' })).toBeDisabled();
});

test('oferta sem descanso é recusada com o ícone de erro e o diálogo Erro', async ({ page }) => {
  await entrar(page, '100001');
  await abrirCategoria(page, 'Estivador');
  const nordic = cartao(page, 'NORDIC PERNAMBUCO');
  await expect(nordic).toContainText('Você não tem descanso suficiente para este turno.');
  const semDescanso = oferta(nordic.getByRole('region', { name: 'Porão 1' }), 'Estivador');
  await semDescanso.click();
  await expect(semDescanso).toHaveAttribute('data-situacao', '2');
  await expect(semDescanso).toHaveAttribute('aria-pressed', 'false');
  await expect(semDescanso.locator('.oferta-icone-erro')).toBeVisible();
  // The tooltip opens when the pointer comes over the offer (a tap keeps it closed).
  await page.mouse.move(0, 0);
  await semDescanso.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Você não possui descanso suficiente para esta operação!',
  );

  await semDescanso.click();
  const dialogo = page.getByRole('dialog', { name: 'Erro' });
  await expect(dialogo).toContainText('Você não possui descanso suficiente para esta operação!');
  await dialogo.getByRole('button', { name: 'OK' }).click();
  await expect(dialogo).toBeHidden();
  await expect(semDescanso).toHaveAttribute('data-situacao', '0');
});

test('sem conexão, a escolha volta atrás e mostra a mensagem de erro', async ({
  page,
  context,
  consoleDoNavegador,
}) => {
  // The network is cut on purpose.
  consoleDoNavegador.aceitar(/ERR_INTERNET_DISCONNECTED/);
  await entrar(page, '100001');
  await abrirCategoria(page, 'Estivador');
  const botao = oferta(cartao(page, 'MAERSK SANTOS').getByRole('region', { name: 'Porão 2' }), 'Guincheiro');
  await esperarEscolhida(botao, false);
  await context.setOffline(true);
  await botao.click();
  await expect(botao).toHaveAttribute('data-situacao', '2');
  await expect(botao).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('status').filter({ hasText: 'com erro' })).toContainText('1 com erro');
  await context.setOffline(false);
  await botao.click();
  const dialogo = page.getByRole('dialog', { name: 'Erro' });
  await expect(dialogo).toContainText('Sem comunicação com o servidor!');
  await dialogo.getByRole('button', { name: 'OK' }).click();
  await esperarEscolhida(botao, false);
});

test('100002 (Conferente) vê a ordem de preferência das escolhas', async ({ page }) => {
  await entrar(page, '100002');
  await abrirCategoria(page, 'Conferente');
  await expect(page.getByText(/use o botão Limpar ofertas/)).toBeVisible();
  // Conferente cannot select everything at once.
  await expect(page.getByRole('button', { name: 'Selecionar tudo' })).toBeDisabled();

  const botoes = page.locator('button.oferta:not(.oferta-sem-descanso)');
  const primeira = botoes.nth(0);
  const segunda = botoes.nth(1);
  const terceira = botoes.nth(2);
  // Conferente sees the hold, not the vacancies.
  await expect(primeira.locator('.oferta-detalhe')).toHaveText(/^(Porão|Bloco) \d+( · \d+ escolhas?)?$/);
  await primeira.click();
  await esperarEscolhida(primeira, true);
  await segunda.click();
  await esperarEscolhida(segunda, true);
  await expect(primeira).toHaveAttribute('data-preferencia', '1');
  await expect(segunda).toHaveAttribute('data-preferencia', '2');
  await expect(segunda.locator('.oferta-preferencia')).toHaveText('2');

  // Clearing one leaves a gap: the next choice takes one more than the highest.
  await primeira.click();
  await esperarEscolhida(primeira, false);
  await terceira.click();
  await esperarEscolhida(terceira, true);
  await expect(terceira).toHaveAttribute('data-preferencia', '3');

  await page.reload();
  await expect(terceira).toHaveAttribute('data-preferencia', '3');
  await expect(segunda).toHaveAttribute('data-preferencia', '2');

  await page.getByRole('button', { name: 'Limpar ofertas' }).click();
  await esperarEscolhida(segunda, false);
  await esperarEscolhida(terceira, false);
});

test("'Selecionar tudo' e 'Limpar ofertas' (100003, Capatazia)", async ({ page }) => {
  await entrar(page, '100003');
  await abrirCategoria(page, 'Capatazia');
  const selecionar = page.getByRole('button', { name: 'Selecionar tudo' });
  const limpar = page.getByRole('button', { name: 'Limpar ofertas' });
  const disponiveis = page.locator('button.oferta:not(.oferta-sem-descanso)');
  const total = await disponiveis.count();
  expect(total).toBeGreaterThan(3);
  await expect(limpar).toBeDisabled();

  await selecionar.click();
  await expect(page.locator('button.oferta[aria-pressed="true"][data-situacao="0"]')).toHaveCount(total);
  await expect(selecionar).toBeDisabled();
  await expect(limpar).toBeEnabled();

  await page.reload();
  await expect(page.locator('button.oferta[aria-pressed="true"]')).toHaveCount(total);

  await limpar.click();
  await expect(page.locator('button.oferta[aria-pressed="true"]')).toHaveCount(0);
  await expect(page.locator('button.oferta[data-situacao="0"]')).toHaveCount(
    await page.locator('button.oferta').count(),
  );
  await expect(selecionar).toBeEnabled();
  await expect(limpar).toBeDisabled();
});

test('900001 (OGMO, teste) vê os ponteiros e carrega outra escala pelo número', async ({
  page,
  consoleDoNavegador,
}) => {
  // A call that does not exist, on purpose: 404.
  consoleDoNavegador.aceitar(/status of 404 .*numEscalacao=9999/);
  await entrar(page, '900001');
  await abrirCategoria(page, 'Estivador');
  await expect(page.locator('.oferta-ponteiro').first()).toContainText(/Ponteiro \d+/);
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/escalacao$/);

  const numero = page.getByLabel('Carregar Escala nº');
  const status = page.locator('.carga-status');
  await expect(status).toHaveAttribute('data-status', 'I');
  await numero.fill('4521');
  await expect(status).toHaveAttribute('data-status', 'S');
  await numero.fill('9999');
  await expect(status).toHaveAttribute('data-status', 'I');
  await page.getByRole('button', { name: 'Carregar', exact: true }).click();
  await expect(status).toHaveAttribute('data-status', 'E');
  await expect(page.getByRole('img', { name: 'Erro ao carregar a escala' })).toBeVisible();

  await numero.fill('4519');
  await expect(status).toHaveAttribute('data-status', 'I');
  await page.getByRole('button', { name: 'Carregar', exact: true }).click();
  await expect(status).toHaveAttribute('data-status', 'S');
  await expect(page).toHaveURL(/\/escalacao$/);
  await page.getByRole('link', { name: /^Estivador/ }).click();
  await expect(page.locator('article[data-requisicao^="4519"]').first()).toBeVisible();
  await expect(page.locator('article[data-requisicao^="4521"]')).toHaveCount(0);
});

test('100005 impedido: caixa vermelha e nenhuma vaga', async ({ page }) => {
  await entrar(page, '100005');
  await page.goto('/escalacao');
  const caixa = page.getByTestId('caixa-chamada');
  await expect(caixa).toContainText('Exame médico periódico (ASO) vencido');
  await expect(caixa).toContainText('Treinamento NR-29 pendente');
  for (const nome of ['Estivador', 'Conferente', 'Capatazia', 'Vigia']) {
    await expect(page.getByRole('button', { name: new RegExp(`^${nome}`) })).toBeDisabled();
  }
  await expect(page.locator('a.categoria')).toHaveCount(0);
  await page.goto('/escalacao/ofertas/estivador');
  await expect(page).toHaveURL(/\/escalacao$/);
});

test('100008 escolhe o porão: as funções de Estivador em lista única, sem títulos de porão', async ({
  page,
}) => {
  await entrar(page, '100008');
  await abrirCategoria(page, 'Estivador');
  const cartoes = page.locator('article.requisicao');
  await expect(cartoes.first()).toBeVisible();
  // No hold headings ('Porão n' / 'Bloco n'), but the cargo line and the function buttons are there.
  await expect(page.locator('section.porao')).toHaveCount(0);
  await expect(page.locator('.porao-titulo')).toHaveCount(0);
  await expect(cartoes.first().locator('.requisicao-cargas')).toBeVisible();
  const livre = page.locator('button.oferta:not(.oferta-sem-descanso)').first();
  await livre.click();
  await esperarEscolhida(livre, true);
  await livre.click();
  await esperarEscolhida(livre, false);
  // Three buttons of one function in three holds: each names its hold (issue 14).
  const primeiroCartao = cartoes.first();
  const detalhes = await primeiroCartao.locator('button.oferta .oferta-detalhe').allTextContents();
  for (const d of detalhes) expect(d).toMatch(/^(Porão|Bloco) \d+ · \d{2} vagas?/);
  const nomes = await primeiroCartao
    .locator('button.oferta')
    .evaluateAll((botoes) =>
      botoes.map(
        (b) =>
          `${b.querySelector('.oferta-nome')?.textContent} ${b.querySelector('.oferta-detalhe')?.textContent}`,
      ),
    );
  expect(new Set(nomes).size, 'nenhum botão igual a outro').toBe(nomes.length);
  // The cargo line names each hold instead of 'Contêineres · 11.000 t / … / …'.
  const cargas = await primeiroCartao.locator('.requisicao-cargas li').allTextContents();
  expect(cargas.length).toBeGreaterThan(0);
  for (const c of cargas) expect(c).toMatch(/^(Porão|Bloco) \d+: \S.* · \d{1,3}(\.\d{3})* t$/);
  await conferirTela(page, 'escalacao-ofertas-estivador-porao-livre');

  // 100001 (without escolhaPoraoEstiva) sees the same category by hold.
  await entrar(page, '100001');
  await abrirCategoria(page, 'Estivador');
  await expect(page.locator('.porao-titulo').first()).toHaveText(/^(Porão|Bloco) \d+/);
});

test('guarda das ofertas: categoria desconhecida volta para /escalacao', async ({ page }) => {
  await entrar(page, '100004');
  await page.goto('/escalacao/ofertas/marinheiro');
  await expect(page).toHaveURL(/\/escalacao$/);
});

test('/escalacao, as ofertas e a lista de confirmados passam na conferência das telas', async ({ page }) => {
  await entrar(page, '100001');
  await page.goto('/escalacao');
  await expect(page.getByRole('link', { name: /^Estivador/ })).toBeVisible();
  await conferirTela(page, 'escalacao');
  await abrirCategoria(page, 'Estivador');
  await conferirTela(page, 'escalacao-ofertas-estivador');
  for (const [usuario, categoria] of [
    ['100002', 'Conferente'],
    ['100004', 'Vigia'],
  ] as const) {
    await entrar(page, usuario);
    await abrirCategoria(page, categoria);
    if (categoria === 'Vigia') await expect(page.locator('.porao-tonelagem')).toHaveCount(0);
    else await expect(page.locator('.porao-tonelagem').first()).toContainText(/^ · \d{1,3}(\.\d{3})* t$/);
    await conferirTela(page, `escalacao-ofertas-${categoria.toLowerCase()}`);
  }
});

test.describe('num aparelho em outro fuso (Tóquio)', () => {
  test.use({ timezoneId: 'Asia/Tokyo' });

  test('a lista de confirmados cabe no cartão e mostra a hora do porto', async ({ page }) => {
    await entrar(page, '100001');
    await abrirCategoria(page, 'Estivador');
    // Pinned by its offer: a locator on aria-pressed="false" would move on to the next one after the click.
    const seq = await page
      .locator('button.oferta:not(.oferta-sem-descanso)[aria-pressed="false"]')
      .first()
      .getAttribute('data-seq');
    const livre = page.locator(`button.oferta[data-seq="${seq}"]`).first();
    await livre.click();
    await esperarEscolhida(livre, true);

    const lista = page.waitForResponse((r) => r.url().includes('/api/avulsosConfirmados'));
    await page.getByRole('button', { name: /Pessoas que já confirmaram escolhas/ }).click();
    const grupos = (
      (await (await lista).json()) as {
        dados: { avulsosConfirmados: { avulsos: { codAvulso: string; horaDigitacao: string }[] }[] };
      }
    ).dados.avulsosConfirmados;
    const eu = grupos.flatMap((g) => g.avulsos).find((a) => a.codAvulso === '100001');
    expect(eu).toBeTruthy();
    // The port's clock (America/Recife), not the phone's (Tokyo).
    await expect(page.locator('.confirmados-eu .confirmados-hora').first()).toHaveText(
      horaDoPorto(eu?.horaDigitacao ?? ''),
    );
    await conferirTela(page, 'escalacao-confirmados');

    await livre.click();
    await esperarEscolhida(livre, false);
  });
});
