import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { conferirTela, entrar, expect, TELAS, test } from './apoio.ts';

/** The e2e server's SQLite database (e2e/servidor.ts): the parameter case changes `parametro` and restores it. */
function abrirBancoE2e() {
  const porta = process.env.E2E_PORT ?? '8181';
  const arquivo = path.resolve(import.meta.dirname, 'artifacts', `banco-${porta}`, 'portal-tpa.sqlite');
  const db = new Database(arquivo);
  db.pragma('busy_timeout = 5000');
  return db;
}

async function abrirMinhaConta(page: Page) {
  await entrar(page, '100001');
  await page.goto('/minha-conta');
  await expect(page.getByRole('heading', { name: 'Minha conta', level: 1 })).toBeVisible();
}

test('o hub mostra os quatro tiles e as duas declarações para 100001; Voltar leva a /inicio', async ({
  page,
}) => {
  await abrirMinhaConta(page);
  const tiles = page.getByRole('navigation', { name: 'Minha conta' });
  for (const [nome, href] of [
    ['Habilitações', '/minha-conta/habilitacoes'],
    ['Últimas escalações', '/minha-conta/ultimos-trabalhos'],
    ['Financeiro', '/minha-conta/financeiro'],
    ['Configurações', '/minha-conta/configuracoes'],
    ['Declaração Lockdown', '/minha-conta/declaracao-lockdown'],
    ['Declaração de Afastamento (MP 945)', '/minha-conta/declaracao-mp945'],
  ] as const) {
    await expect(tiles.getByRole('link', { name: nome })).toHaveAttribute('href', href);
  }
  await conferirTela(page, 'minha-conta-hub');
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/inicio$/);
});

test('habilitações: acordeão por categoria, a primeira aberta, fecha e reabre ao toque', async ({ page }) => {
  await abrirMinhaConta(page);
  await page.getByRole('link', { name: 'Habilitações' }).click();
  await expect(page).toHaveURL(/\/minha-conta\/habilitacoes$/);
  const estiva = page.getByRole('button', { name: /^Estiva/ });
  await expect(estiva).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page
      .getByRole('region', { name: /^Estiva/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await conferirTela(page, 'minha-conta-habilitacoes');
  await estiva.click();
  await expect(estiva).toHaveAttribute('aria-expanded', 'false');
  await estiva.click();
  await expect(estiva).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
});

test('últimas escalações: carregando, ano e mês, colunas estreitas, modal com Faina', async ({ page }) => {
  await entrar(page, '100001');
  // Slow the answer down so the loading text can be seen.
  await page.route('**/api/avulso/ultimosTrabalhos', async (rota) => {
    await new Promise((r) => setTimeout(r, 800));
    await rota.continue();
  });
  await page.goto('/minha-conta/ultimos-trabalhos');
  await expect(page.getByText('Carregando Últimas Escalações...')).toBeVisible();
  const anos = page.locator('.acordeao').first().locator(':scope > .acordeao-item');
  await expect(anos.first()).toBeVisible();
  expect(await anos.count()).toBeGreaterThanOrEqual(2);
  // The first year and its first month are open; a table of jobs shows.
  const tabela = page.locator('.mc-tabela-trabalhos').first();
  await expect(tabela).toBeVisible();
  const primeira = tabela.locator('tbody tr').first();
  await expect(primeira.locator('td').nth(0)).toHaveText(/^\d{2}\/\d{2}$/);
  await expect(primeira.locator('td').nth(1)).toHaveText(/^\d{2}-\d{2}$/);

  // Open another month of the first year.
  const meses = anos.first().locator('.acordeao .acordeao-gatilho');
  const segundoMes = meses.nth(1);
  await segundoMes.click();
  await expect(segundoMes).toHaveAttribute('aria-expanded', 'true');

  await page.setViewportSize(TELAS.celular);
  await expect(tabela.getByRole('columnheader', { name: 'Operador' })).toBeHidden();
  await expect(tabela.getByRole('columnheader', { name: 'Mercadoria' })).toBeHidden();
  await expect(tabela.getByRole('columnheader', { name: 'Navio' })).toBeVisible();
  await page.setViewportSize(TELAS.desktop);
  await expect(tabela.getByRole('columnheader', { name: 'Operador' })).toBeVisible();
  await conferirTela(page, 'minha-conta-ultimas-escalacoes');

  await primeira.getByRole('button', { name: /Detalhes do trabalho/ }).click();
  const modal = page.getByRole('dialog', { name: 'Detalhes do Trabalho' });
  await expect(modal).toBeVisible();
  for (const campo of ['Data', 'Turno', 'Operador', 'Navio', 'Mercadoria', 'Faina', 'Função']) {
    await expect(modal.getByText(campo, { exact: true })).toBeVisible();
  }
  await expect(modal.getByText(/^(Descarga|Embarque|Remoção|Transbordo)$/)).toBeVisible();
  await conferirTela(page, 'minha-conta-ultimas-escalacoes-modal', { soTela: true });
  await modal.getByRole('button', { name: 'Fechar' }).click();
  await expect(modal).toBeHidden();
  // The platform's dialog (decision 0193): focus comes back to the button that opened it, inside it while
  // open, and Esc closes it.
  const detalhes = primeira.getByRole('button', { name: /Detalhes do trabalho/ });
  await expect(detalhes).toBeFocused();
  await detalhes.press('Enter');
  await expect(modal).toBeVisible();
  expect(await modal.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(detalhes).toBeFocused();
});

test('configurações, mudar senha e mudar dados pessoais (formulários da issue 30)', async ({ page }) => {
  await abrirMinhaConta(page);
  await page.getByRole('link', { name: 'Configurações' }).click();
  await expect(page).toHaveURL(/\/minha-conta\/configuracoes$/);
  await conferirTela(page, 'minha-conta-configuracoes');
  for (const [nome, campo] of [
    ['Mudar senha', 'Senha atual'],
    ['Mudar dados pessoais', 'Telefone (opcional)'],
  ] as const) {
    await page.getByRole('link', { name: nome }).click();
    await expect(page.getByRole('heading', { level: 1, name: nome })).toBeVisible();
    await expect(page.getByLabel(campo)).toBeVisible();
    await conferirTela(page, `minha-conta-${nome === 'Mudar senha' ? 'senha' : 'dados'}`);
    await page.getByRole('link', { name: 'Voltar' }).click();
    await expect(page).toHaveURL(/\/minha-conta\/configuracoes$/);
  }
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);
});

test('contracheques: ano e mês, modal com todos os campos e o PDF baixado', async ({ page }) => {
  await abrirMinhaConta(page);
  await page.getByRole('link', { name: 'Financeiro' }).click();
  await expect(page).toHaveURL(/\/minha-conta\/financeiro$/);
  for (const nome of [
    'Contracheques',
    'Contracheques de 13º e Férias',
    'Fichas financeiras',
    'Informes de rendimentos',
  ]) {
    await expect(page.getByRole('link', { name: nome, exact: true })).toBeVisible();
  }
  await conferirTela(page, 'minha-conta-financeiro');
  await page.getByRole('link', { name: 'Contracheques', exact: true }).click();
  const linhas = page.locator('.mc-doc');
  await expect(linhas.first()).toBeVisible();
  await expect(linhas.first().locator('.mc-doc-valor')).toHaveText(/^R\$ \d{1,3}(\.\d{3})*,\d{2}$/);
  await conferirTela(page, 'minha-conta-contracheques');

  await linhas.first().getByRole('button', { name: 'Detalhes' }).click();
  const modal = page.getByRole('dialog', { name: /^Contracheque nº \d{6}$/ });
  await expect(modal).toBeVisible();
  for (const campo of [
    'Tipo',
    'Movimento',
    'Operação',
    'Turno',
    'Operador',
    'Navio',
    'Porão',
    'Sindicato',
    'Função',
    'Líquido',
    'Emissão',
  ]) {
    await expect(modal.getByText(campo, { exact: true })).toBeVisible();
  }
  await expect(modal.getByText(/^(Normal|Complementar)$/)).toBeVisible();
  await expect(modal.getByText(/^\d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}$/)).toBeVisible();
  await conferirTela(page, 'minha-conta-contracheques-modal', { soTela: true });

  const download = page.waitForEvent('download');
  await modal.getByRole('button', { name: /^Baixar PDF/ }).click();
  const arquivo = await download;
  expect(arquivo.suggestedFilename()).toMatch(/^CC-100001-\d{6}\.pdf$/);
  const numero = (await modal.getByRole('heading').textContent())?.match(/\d{6}/)?.[0];
  expect(arquivo.suggestedFilename()).toBe(`CC-100001-${numero}.pdf`);
  const bytes = readFileSync(await arquivo.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(modal.getByText('PDF salvo')).toBeVisible();
  await modal.getByRole('button', { name: 'Fechar' }).click();

  // Another month opens with its own payslips.
  const meses = page.locator('.acordeao .acordeao .acordeao-gatilho');
  await meses.nth(1).click();
  await expect(meses.nth(1)).toHaveAttribute('aria-expanded', 'true');
});

test('um download que falha diz que falhou', async ({ page, consoleDoNavegador }) => {
  // The download is cut on purpose.
  consoleDoNavegador.aceitar(/ERR_INTERNET_DISCONNECTED/);
  await abrirMinhaConta(page);
  await page.goto('/minha-conta/financeiro/contracheques');
  const linha = page.locator('.mc-doc').first();
  await expect(linha).toBeVisible();
  await page.route('**/api/avulso/contracheque?**', (rota) => rota.abort('internetdisconnected'));
  await linha.getByRole('button', { name: /^Baixar PDF/ }).click();
  await expect(linha.getByRole('alert')).toHaveText(
    'Não foi possível baixar o documento. Sem comunicação com o servidor!',
  );
});

test('uma lista que não carrega diz por quê e tenta de novo', async ({ page, consoleDoNavegador }) => {
  // The list is cut on purpose.
  consoleDoNavegador.aceitar(/ERR_INTERNET_DISCONNECTED/);
  await abrirMinhaConta(page);
  let falhar = true;
  await page.route('**/api/avulso/fichasFinanceiras', (rota) =>
    falhar ? rota.abort('internetdisconnected') : rota.continue(),
  );
  await page.goto('/minha-conta/financeiro/fichas-financeiras');
  await expect(page.getByText('Carregando fichas financeiras...')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(
    'Não foi possível carregar suas fichas financeiras. Sem comunicação com o servidor!',
    { timeout: 15_000 },
  );
  falhar = false;
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.locator('.mc-doc').first()).toBeVisible();
});

test('13º e férias, fichas e informes: listas, modal e PDF', async ({ page }) => {
  await page.setViewportSize(TELAS.celular);
  await abrirMinhaConta(page);

  await page.goto('/minha-conta/financeiro/contracheques-13-ferias');
  await expect(page.getByRole('heading', { name: 'Contracheques de 13º e Férias' })).toBeVisible();
  const doc13 = page.locator('.mc-doc').first();
  await expect(doc13.locator('.mc-doc-titulo')).toHaveText(/^(13º Salário|Férias)$/);
  await conferirTela(page, 'minha-conta-13-ferias');
  let download = page.waitForEvent('download');
  await doc13.getByRole('button', { name: /^Baixar PDF/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^(C13|FER)-100001-\d{6}\.pdf$/);

  await page.goto('/minha-conta/financeiro/fichas-financeiras');
  const ficha = page.locator('.mc-doc').first();
  await expect(ficha).toBeVisible();
  await conferirTela(page, 'minha-conta-fichas');
  await ficha.getByRole('button', { name: 'Detalhes' }).click();
  const modal = page.getByRole('dialog', { name: /^Ficha financeira · / });
  for (const campo of ['Valor bruto', 'INSS', 'IRRF sobre 13º', 'FGTS do mês', 'FGTS sobre férias']) {
    await expect(modal.getByText(campo, { exact: true })).toBeVisible();
  }
  await expect(modal.getByText('R$ 0,00').first()).toBeVisible();
  await conferirTela(page, 'minha-conta-fichas-modal', { soTela: true });
  download = page.waitForEvent('download');
  await modal.getByRole('button', { name: /^Baixar PDF/ }).click();
  const pdfFicha = await download;
  expect(pdfFicha.suggestedFilename()).toMatch(/^FF-100001-\d{6}\.pdf$/);
  expect(
    readFileSync(await pdfFicha.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await modal.getByRole('button', { name: 'Fechar' }).click();

  await page.goto('/minha-conta/financeiro/informes-rendimentos');
  await expect(page.getByRole('columnheader', { name: 'Exercício' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Ano-calendário' })).toBeVisible();
  const informe = page.getByRole('row').nth(1);
  await conferirTela(page, 'minha-conta-informes');
  const ano = Number(await informe.getByRole('cell').nth(1).textContent());
  await expect(informe.getByRole('cell').first()).toHaveText(String(ano + 1));
  download = page.waitForEvent('download');
  await informe.getByRole('button', { name: /^Baixar PDF/ }).click();
  expect((await download).suggestedFilename()).toBe(`IR-100001-${ano}.pdf`);
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/minha-conta\/financeiro$/);
});

test('os parâmetros escondem e mostram os tiles (ogmo só para a categoria 9)', async ({ page }) => {
  const db = abrirBancoE2e();
  const antes = db
    .prepare("select valor from parametro where nome = 'EXIBIR_BOTAO_DECLARACAO_MP945'")
    .get() as { valor: string } | undefined;
  try {
    db.prepare("update parametro set valor = 'ogmo' where nome = 'EXIBIR_BOTAO_DECLARACAO_MP945'").run();
    db.prepare(
      "insert into parametro (nome, valor) values ('EXIBIR_FICHAS_FINANCEIRAS', '0'), ('EXIBIR_INFORMES_RENDIMENTOS', 'ogmo')",
    ).run();

    await entrar(page, '100001');
    await page.goto('/minha-conta');
    await expect(page.getByRole('link', { name: 'Declaração Lockdown' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Declaração de Afastamento (MP 945)' })).toHaveCount(0);
    await page.goto('/minha-conta/financeiro');
    await expect(page.getByRole('link', { name: 'Contracheques de 13º e Férias' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fichas financeiras' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Informes de rendimentos' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await entrar(page, '900001');
    await page.goto('/minha-conta');
    await expect(page.getByRole('link', { name: 'Declaração de Afastamento (MP 945)' })).toBeVisible();
    await page.goto('/minha-conta/financeiro');
    await expect(page.getByRole('link', { name: 'Informes de rendimentos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fichas financeiras' })).toHaveCount(0);
  } finally {
    db.prepare(
      "delete from parametro where nome in ('EXIBIR_FICHAS_FINANCEIRAS', 'EXIBIR_INFORMES_RENDIMENTOS')",
    ).run();
    if (antes)
      db.prepare("update parametro set valor = ? where nome = 'EXIBIR_BOTAO_DECLARACAO_MP945'").run(
        antes.valor,
      );
    db.close();
  }
});
