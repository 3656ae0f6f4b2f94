import type { Browser, Page } from '@playwright/test';
import {
  conferirNoTablet,
  conferirTela,
  entrar,
  expect,
  fecharMensagens,
  servidorProprio,
  test,
} from './apoio.ts';

/**
 * An election set up on screen (issue 30): 900003 (role `eleicao`) creates it with its period and two
 * candidates, downloads the zero report, runs the key ceremony (the commission's code shows once, and is
 * checked); worker 100001 then finds it at /eleicao after logging in. No script, no seed. A server and
 * database of its own (E2E_PORT + 72): the new election must not reach the other specs' workers.
 */
const BASE = servidorProprio(72);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

async function novaPagina(browser: Browser): Promise<Page> {
  return (
    await browser.newContext({
      baseURL: BASE,
      locale: 'pt-BR',
      timezoneId: 'America/Recife',
      acceptDownloads: true,
    })
  ).newPage();
}

/** 'yyyy-MM-ddTHH:mm' on the port's clock, `minutos` from now: what a datetime-local field takes. */
function campoDataHora(minutos: number): string {
  const partes = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Recife',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(new Date(Date.now() + minutos * 60_000))
      .map((p) => [p.type, p.value]),
  );
  return `${partes.year}-${partes.month}-${partes.day}T${partes.hour}:${partes.minute}`;
}

const DESCRICAO = 'Eleição suplementar da CPATP — teste de ponta a ponta';

test('900003 cria a eleição, imprime a zerésima e faz a cerimônia de chaves; 100001 a vê em /eleicao', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const staff = await novaPagina(browser);
  await entrar(staff, '900003');
  await staff.getByRole('link', { name: 'Preparar eleições' }).click();
  await expect(staff).toHaveURL(/\/gestao\/eleicoes$/);
  await expect(staff.getByRole('heading', { level: 1, name: 'Preparar eleições' })).toBeVisible();
  await conferirTela(staff, 'eleicoes-gestao-inicio');
  await conferirNoTablet(staff, 'eleicoes-gestao-inicio');

  // Sent empty: each field says what is missing.
  await staff.getByRole('button', { name: 'Criar eleição' }).click();
  await expect(staff.getByText('Informe a descrição da eleição.')).toBeVisible();
  await expect(staff.getByText('Informe o início da votação.')).toBeVisible();
  await expect(staff.getByText('Matrícula inválida: são 6 dígitos.')).toBeVisible();
  await conferirTela(staff, 'eleicoes-gestao-erros');

  await staff.getByLabel('Descrição').fill(DESCRICAO);
  await staff.getByLabel('Início da votação').fill(campoDataHora(-5));
  await staff.getByLabel('Fim da votação').fill(campoDataHora(2 * 24 * 60));
  await staff.getByLabel('Matrícula do candidato 1').fill('100002');
  await staff.getByRole('button', { name: 'Adicionar candidato' }).click();
  await staff.getByLabel('Matrícula do candidato 2').fill('100003');
  await staff.getByLabel('Nome na urna (opcional)').nth(1).fill('Zé do Porto');
  await staff.getByRole('button', { name: 'Criar eleição' }).click();

  const item = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: DESCRICAO }) });
  await expect(item).toContainText('Sem chave: ninguém vota ainda');
  await expect(item).toContainText('Zé do Porto');
  await expect(item.getByText(/^Criada em .* por ROBERTO ALVES DE LIMA \(900003\)$/)).toBeVisible();
  await conferirTela(staff, 'eleicoes-gestao-criada');
  await conferirNoTablet(staff, 'eleicoes-gestao-criada');

  const download = staff.waitForEvent('download');
  await item.getByRole('button', { name: 'Imprimir a zerésima (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^zeresima-eleicao-\d+\.pdf$/);

  await item.getByRole('button', { name: 'Cerimônia de chaves' }).click();
  const confirmar = staff.getByRole('dialog', { name: 'Fazer a cerimônia de chaves?' });
  await expect(confirmar).toBeVisible();
  await conferirTela(staff, 'eleicoes-gestao-confirmar', { soTela: true });
  await confirmar.getByRole('button', { name: 'Gerar a chave' }).click();
  const codigo = item.getByTestId('chave-apuracao');
  await expect(codigo).toHaveText(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){5}$/);
  const chave = (await codigo.textContent()) ?? '';
  await expect(item).toContainText('Lacrada (com chave)');
  await expect(item.getByRole('button', { name: 'Cerimônia de chaves' })).toHaveCount(0);
  await conferirTela(staff, 'eleicoes-gestao-chave');

  // The commission checks what it wrote down: a wrong one does not match, the right one does.
  const conferir = item.getByLabel('Conferir a chave anotada pela comissão');
  await conferir.fill('AAAA-BBBB-CCCC-DDDD-EEEE-FFFF');
  await item.getByRole('button', { name: 'Conferir' }).click();
  await expect(item.getByText('A chave da apuração não confere com a desta eleição.')).toBeVisible();
  await conferir.fill(chave.toLowerCase());
  await item.getByRole('button', { name: 'Conferir' }).click();
  await expect(item.getByText('A chave anotada confere.')).toBeVisible();
  await item.getByRole('button', { name: 'A comissão anotou a chave' }).click();
  await expect(item.getByTestId('chave-apuracao')).toHaveCount(0);
  // Shown once: a reload does not bring it back.
  await staff.reload();
  await expect(staff.getByText(chave)).toHaveCount(0);

  // The worker (who voted in the demo's election) is taken to this one after logging in.
  const trabalhador = await novaPagina(browser);
  await trabalhador.goto('/login');
  await trabalhador.getByLabel('Usuário').fill('100001');
  await trabalhador.getByLabel('Senha').fill('123456');
  await trabalhador.getByRole('button', { name: 'Confirmar' }).click();
  await expect(trabalhador).toHaveURL(/\/eleicao$/);
  await expect(trabalhador.getByText(DESCRICAO)).toBeVisible();
  await fecharMensagens(trabalhador);
  await trabalhador.getByRole('link', { name: /Ver candidatos/ }).click();
  await expect(trabalhador.getByText('Zé do Porto')).toBeVisible();
});

test('um trabalhador e o escalador não entram em /gestao/eleicoes', async ({ browser }) => {
  for (const cod of ['100001', '900002']) {
    const page = await novaPagina(browser);
    await entrar(page, cod);
    await expect(page.getByRole('link', { name: 'Preparar eleições' })).toHaveCount(0);
    await page.goto('/gestao/eleicoes');
    // Home, or the pending election a worker is taken to.
    await expect(page).toHaveURL(/\/(inicio|eleicao)$/);
    await expect(page.getByRole('heading', { name: 'Preparar eleições' })).toHaveCount(0);
  }
});
