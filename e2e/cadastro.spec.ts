import type { Browser, Page } from '@playwright/test';
import { conferirNoTablet, conferirTela, entrar, expect, servidorProprio, TELAS, test } from './apoio.ts';

/**
 * The staff areas of issue 30 in Chromium: the roles (900003 administers the staff), the workers' record
 * (search, register, file, qualifications, impediments, history) at 360 px, tablet and desktop. A server and
 * database of its own (E2E_PORT + 13): it registers and impedes workers the other specs must not see.
 */
const BASE = servidorProprio(13);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

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
  await expect(menu.getByRole('link')).toHaveText([
    'Trabalhadores',
    'Eleições',
    'Equipe',
    'Totens e bloqueios',
  ]);
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
  await conferirNoTablet(page, 'cadastro-tablet-1');

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
  await conferirNoTablet(page, 'cadastro-tablet-2');

  await impedimentos.getByRole('button', { name: /^Encerrar o impedimento/ }).click();
  await expect(impedimentos.getByRole('listitem').filter({ hasText: 'encerrado' })).toHaveCount(1);
  await expect(historico).toHaveCount(4);
});

test('feito quando: 900003 cadastra, habilita 101 e emite o código; o trabalhador faz o primeiro acesso a 360 px, entra e escolhe; impedido, a próxima escolha recebe TpaImpedido e o motivo no quadro vermelho; o histórico mostra cada passo', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const equipe = await novaPagina(browser);
  await entrar(equipe, '900003');
  await equipe.goto('/gestao/trabalhadores/novo');
  await equipe.getByLabel('Nome completo').fill('Bruno Costa Ferraz');
  await equipe.getByLabel('CPF').fill('390.533.447-05');
  await equipe.getByLabel('Data de nascimento').fill('1993-03-09');
  await equipe.getByLabel('Sexo').selectOption('M');
  await equipe.getByLabel('Sindicato').selectOption('1');
  await equipe.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(equipe.getByRole('heading', { level: 1, name: 'BRUNO COSTA FERRAZ' })).toBeVisible();
  const matricula = /\/gestao\/trabalhadores\/(\d{6})$/.exec(equipe.url())?.[1];
  if (!matricula) throw new Error(`sem matrícula em ${equipe.url()}`);

  const habilitacoes = equipe.getByRole('region', { name: 'Habilitações' });
  await habilitacoes.getByLabel('Função').selectOption('101');
  await habilitacoes.getByRole('button', { name: 'Conceder habilitação' }).click();
  await expect(habilitacoes.getByRole('listitem')).toContainText(['101 — Estivador']);

  const acesso = equipe.getByRole('region', { name: 'Acesso ao portal' });
  await acesso.getByRole('button', { name: 'Emitir código de acesso' }).click();
  const codigo = (await acesso.getByTestId('codigo-acesso').textContent())?.trim() ?? '';
  expect(codigo).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  await conferirTela(equipe, 'cadastro-codigo-emitido');

  // The worker, on a phone.
  const trabalhador = await novaPagina(browser);
  await trabalhador.setViewportSize(TELAS.celular);
  await trabalhador.goto('/login');
  await trabalhador.getByRole('link', { name: 'Primeiro acesso ou nova senha' }).click();
  await expect(trabalhador.getByRole('heading', { name: 'Primeiro acesso' })).toBeVisible();
  await trabalhador.getByLabel('Matrícula').fill(matricula);
  await trabalhador.getByLabel('CPF').fill('39053344705');
  await trabalhador.getByLabel('Data de nascimento').fill('1993-03-09');
  await trabalhador.getByLabel('Código de acesso').fill(codigo.toLowerCase());
  await trabalhador.getByLabel('Nova senha', { exact: true }).fill('482913');
  await trabalhador.getByLabel('Repita a nova senha').fill('482913');
  await conferirTela(trabalhador, 'primeiro-acesso');
  await trabalhador.getByRole('button', { name: 'Criar senha' }).click();
  await expect(
    trabalhador.getByText('Senha criada! Entre com a sua matrícula e a nova senha.'),
  ).toBeVisible();
  await trabalhador.getByRole('link', { name: 'Entrar' }).click();
  await trabalhador.getByLabel('Usuário').fill(matricula);
  await trabalhador.getByLabel('Senha').fill('482913');
  await trabalhador.getByRole('button', { name: 'Confirmar' }).click();
  // The demo's election is open and a new worker has not voted: the login lands on it (a blank vote).
  await expect(trabalhador).toHaveURL(/\/eleicao$/);
  await trabalhador.getByRole('link', { name: 'Ver candidatos' }).click();
  await trabalhador.getByRole('button', { name: 'Voto em Branco' }).click();
  await trabalhador.getByRole('button', { name: 'Registrar Voto' }).click();
  await trabalhador
    .getByRole('dialog', { name: 'Confirmar voto' })
    .getByRole('button', { name: 'Sim' })
    .click();
  await expect(trabalhador).not.toHaveURL(/\/eleicao/);

  // Chooses an offer of Estivador in the open call.
  await trabalhador.goto('/escalacao');
  await trabalhador.getByRole('link', { name: /^Estivador/ }).click();
  await expect(trabalhador.getByText('Selecione as ofertas que você deseja se escalar')).toBeVisible();
  const ofertas = trabalhador.locator('button.oferta:not(.oferta-sem-descanso)');
  const primeira = ofertas.nth(0);
  await primeira.click();
  await expect(primeira).toHaveAttribute('data-situacao', '0');
  await expect(primeira).toHaveAttribute('aria-pressed', 'true');

  // 900003 impedes them.
  const impedimentos = equipe.getByRole('region', { name: 'Impedimentos' });
  await impedimentos.getByLabel(/^Motivo/).fill('Falta à escala sem justificativa');
  await impedimentos.getByRole('button', { name: 'Impedir' }).click();
  await expect(impedimentos.getByRole('listitem').filter({ hasText: 'em vigor' })).toHaveCount(1);

  // The next choice is refused, and the red box shows the motive.
  const segunda = ofertas.nth(1);
  await segunda.click();
  await expect(segunda).toHaveAttribute('data-situacao', '2');
  await segunda.click();
  const dialogo = trabalhador.getByRole('dialog', { name: 'Erro' });
  await expect(dialogo).toContainText('TPA IMPEDIDO');
  await dialogo.getByRole('button', { name: 'OK' }).click();
  await trabalhador.getByRole('link', { name: 'Voltar' }).click();
  const caixa = trabalhador.getByTestId('caixa-chamada');
  await expect(caixa).toHaveClass(/caixa-chamada-vermelha/);
  await expect(caixa).toContainText('Falta à escala sem justificativa');
  await conferirTela(trabalhador, 'trabalhador-impedido');

  // The history: every step with 900003's name (and the first access by the worker).
  await equipe.reload();
  const linhas = equipe.getByRole('table', { name: 'Histórico do trabalhador' }).locator('tbody tr');
  await expect(linhas).toHaveCount(5);
  const passos = [
    'Impedimento registrado',
    'Primeiro acesso (senha criada)',
    'Código de acesso emitido',
    'Habilitação concedida',
    'Trabalhador cadastrado',
  ];
  for (const [i, passo] of passos.entries()) {
    await expect(linhas.nth(i)).toContainText(passo);
    await expect(linhas.nth(i)).toContainText(i === 1 ? 'BRUNO COSTA FERRAZ' : 'ROBERTO ALVES DE LIMA');
  }
  await conferirTela(equipe, 'cadastro-historico');
});
