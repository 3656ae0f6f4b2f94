import type { Browser, Page } from '@playwright/test';
import { conferirTela, entrar, expect, servidorProprio, TELAS, test } from './apoio.ts';

/**
 * The staff areas of issue 30 in Chromium: the roles (900003 administers the staff), the workers' record
 * (search, register, file, qualifications, impediments, history) at 360 px, tablet and desktop. A server and
 * database of its own (E2E_PORT + 13): it registers and impedes workers the other specs must not see.
 */
const BASE = servidorProprio(13);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

/** A tablet (768×1024): nothing wider than the screen. conferirTela checks the phone and the desktop. */
async function conferirTablet(page: Page): Promise<void> {
  const anterior = page.viewportSize();
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const largura = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(largura).toBeLessThanOrEqual(768);
  if (anterior) await page.setViewportSize(anterior);
}

async function novaPagina(browser: Browser): Promise<Page> {
  return (
    await browser.newContext({ baseURL: BASE, locale: 'pt-BR', timezoneId: 'America/Recife' })
  ).newPage();
}

test('a equipe vê só as áreas dos seus papéis; 900003 concede e retira um papel, com o histórico', async ({
  browser,
}) => {
  const page = await novaPagina(browser);
  await entrar(page, '900003');
  // 900003 is not a call runner: /gestao opens the first area of its roles.
  await page.goto('/gestao');
  await expect(page).toHaveURL(/\/gestao\/trabalhadores$/);
  const menu = page.getByRole('navigation', { name: 'Áreas da gestão' });
  await expect(menu.getByRole('link')).toHaveText(['Trabalhadores', 'Eleições', 'Equipe']);
  await menu.getByRole('link', { name: 'Equipe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Equipe do OGMO' })).toBeVisible();
  const mariana = page.getByRole('group', { name: /MARIANA CAVALCANTI DE SÁ/ });
  await expect(mariana.getByRole('checkbox', { name: 'Escalação' })).toBeChecked();
  await mariana.getByRole('checkbox', { name: 'Cadastro' }).click();
  await expect(mariana.getByRole('checkbox', { name: 'Cadastro' })).toBeChecked();
  await expect(page.getByText(/ROBERTO ALVES DE LIMA: papel concedido Cadastro de MARIANA/)).toBeVisible();
  await conferirTela(page, 'equipe-papeis');

  // 900002 now sees both areas; taking the role away hides it again.
  const escalador = await novaPagina(browser);
  await entrar(escalador, '900002');
  await escalador.goto('/gestao');
  await expect(escalador.getByRole('navigation', { name: 'Áreas da gestão' }).getByRole('link')).toHaveText([
    'Escalas',
    'Trabalhadores',
  ]);
  await mariana.getByRole('checkbox', { name: 'Cadastro' }).click();
  await expect(mariana.getByRole('checkbox', { name: 'Cadastro' })).not.toBeChecked();
  await expect(page.getByText(/papel retirado Cadastro de MARIANA/)).toBeVisible();
  await escalador.goto('/gestao/trabalhadores');
  await expect(escalador).toHaveURL(/\/inicio$/);
  await escalador.goto('/gestao');
  // One area only: no menu.
  await expect(escalador.getByRole('navigation', { name: 'Áreas da gestão' })).toHaveCount(0);
});

test('o cadastro: busca, cadastrar com erros no formulário, a ficha com habilitação, impedimento e histórico', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await novaPagina(browser);
  await entrar(page, '900003');
  await page.getByRole('link', { name: 'Abrir o cadastro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Trabalhadores' })).toBeVisible();
  await page.getByLabel('Nome, matrícula, CPF ou número de chamada').fill('josé carlos');
  await page.getByRole('button', { name: 'Buscar' }).click();
  const tabela = page.getByRole('table', { name: 'Trabalhadores encontrados' });
  await expect(tabela).toContainText('JOSÉ CARLOS DA SILVA');
  await expect(tabela).toContainText('100001');
  await conferirTela(page, 'cadastro-busca');
  await conferirTablet(page);

  await page.getByRole('link', { name: 'Cadastrar trabalhador' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cadastrar trabalhador' })).toBeVisible();
  await page.getByLabel('Nome completo').fill('Carla Menezes Tavares');
  await page.getByLabel('CPF').fill('111.444.777-36');
  await page.getByLabel('Data de nascimento').fill('1991-07-14');
  await page.getByLabel('Sexo').selectOption('F');
  await page.getByLabel('Sindicato').selectOption('1');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByText('CPF inválido: confira os números digitados.')).toBeVisible();
  await conferirTela(page, 'cadastro-novo-erros');
  await page.getByLabel('CPF').fill('111.444.777-35');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'CARLA MENEZES TAVARES' })).toBeVisible();
  await expect(page).toHaveURL(/\/gestao\/trabalhadores\/\d{6}$/);

  const habilitacoes = page.getByRole('region', { name: 'Habilitações' });
  await habilitacoes.getByLabel('Função').selectOption('101');
  await habilitacoes.getByRole('button', { name: 'Conceder habilitação' }).click();
  await expect(habilitacoes.getByRole('listitem')).toContainText(['101']);

  const impedimentos = page.getByRole('region', { name: 'Impedimentos' });
  await impedimentos.getByLabel(/^Motivo/).fill('Documentação do OGMO pendente');
  await impedimentos.getByRole('button', { name: 'Impedir' }).click();
  await expect(impedimentos.getByText('O que o trabalhador lê hoje no quadro vermelho:')).toBeVisible();
  await expect(impedimentos.getByRole('listitem').filter({ hasText: 'em vigor' })).toContainText(
    'Documentação do OGMO pendente',
  );
  const historico = page.getByRole('table', { name: 'Histórico do trabalhador' }).locator('tbody tr');
  await expect(historico).toHaveCount(3);
  await expect(historico.nth(0)).toContainText('Impedimento registrado');
  await expect(historico.nth(0)).toContainText('ROBERTO ALVES DE LIMA');
  await expect(historico.nth(2)).toContainText('Trabalhador cadastrado');
  await page.setViewportSize(TELAS.celular);
  await conferirTela(page, 'cadastro-ficha');
  await conferirTablet(page);

  await impedimentos.getByRole('button', { name: /^Encerrar o impedimento/ }).click();
  await expect(impedimentos.getByRole('listitem').filter({ hasText: 'encerrado' })).toHaveCount(1);
  await expect(historico).toHaveCount(4);
});
