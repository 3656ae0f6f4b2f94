import type { Browser, Page } from '@playwright/test';
import { conferirNoTablet, conferirTela, entrar, expect, servidorProprio, test } from './apoio.ts';

/**
 * The staff's service messages (issue 30): 900003 (role `comunicacao`) writes a message to a list of workers
 * at /gestao/mensagens; worker 100001 reads it in the home's "Atenção!" queue and closes it; the staff's count
 * of readers goes from 0 to 1; the message is closed, with its history. A server and database of its own
 * (E2E_PORT + 71): the messages must not reach the other specs' homes.
 */
const BASE = servidorProprio(71);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

async function novaPagina(browser: Browser): Promise<Page> {
  return (
    await browser.newContext({ baseURL: BASE, locale: 'pt-BR', timezoneId: 'America/Recife' })
  ).newPage();
}

const TITULO = 'Vacinação contra a gripe';
const TEXTO = 'Vacinação contra a gripe na sexta-feira, das 8h às 16h, no ambulatório do OGMO.';

test('900003 escreve uma mensagem; 100001 a lê na fila "Atenção!"; a contagem de leituras sobe', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const staff = await novaPagina(browser);
  await entrar(staff, '900003');
  await staff.getByRole('link', { name: 'Escrever mensagens' }).click();
  await expect(staff).toHaveURL(/\/gestao\/mensagens$/);
  await expect(staff.getByRole('heading', { level: 1, name: 'Mensagens aos trabalhadores' })).toBeVisible();
  await expect(staff.getByText('Nenhuma mensagem enviada ainda.')).toBeVisible();
  await conferirTela(staff, 'mensagens-inicio');
  await conferirNoTablet(staff, 'mensagens-inicio');

  // Sent empty: each field says what is missing, in Portuguese, and nothing is sent.
  await staff.getByLabel('Para').selectOption('trabalhadores');
  await staff.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(staff.getByText('Informe o título.')).toBeVisible();
  await expect(staff.getByText('Informe o texto.')).toBeVisible();
  await expect(staff.getByText('Informe ao menos uma matrícula.')).toBeVisible();
  await conferirTela(staff, 'mensagens-erros');

  await staff.getByLabel('Título').fill(TITULO);
  await staff.getByLabel('Texto').fill(TEXTO);
  await staff.getByLabel('Matrículas').fill('100001, 12x');
  await staff.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(staff.getByText('Matrícula inválida: 12x (são 6 dígitos).')).toBeVisible();
  await staff.getByLabel('Matrículas').fill('100001');
  await staff.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(
    staff.getByText(`Mensagem "${TITULO}" enviada para 1 trabalhador (1 destinatário).`),
  ).toBeVisible();
  const item = staff.getByRole('listitem').filter({ has: staff.getByRole('heading', { name: TITULO }) });
  await expect(item).toContainText('Vigente');
  await expect(item).toContainText('0 de 1');
  await conferirTela(staff, 'mensagens-enviada');
  await conferirNoTablet(staff, 'mensagens-enviada');

  // The worker's home shows the queue one message at a time: the demo's own first, then ours, once.
  const trabalhador = await novaPagina(browser);
  await trabalhador.setViewportSize({ width: 360, height: 740 });
  await trabalhador.goto('/login');
  await trabalhador.getByLabel('Usuário').fill('100001');
  await trabalhador.getByLabel('Senha').fill('123456');
  await trabalhador.getByRole('button', { name: 'Confirmar' }).click();
  const dialogo = trabalhador.getByRole('dialog');
  const vistos: string[] = [];
  for (let i = 0; i < 5; i++) {
    await expect(dialogo).toBeVisible();
    const texto = (await dialogo.textContent()) ?? '';
    vistos.push(texto);
    if (texto.includes(TEXTO)) await conferirTela(trabalhador, 'mensagens-na-fila', { soTela: true });
    await dialogo.getByRole('button', { name: 'Fechar' }).click();
    if (texto.includes(TEXTO)) break;
  }
  expect(vistos.filter((t) => t.includes(TITULO) && t.includes(TEXTO))).toHaveLength(1);
  await trabalhador.reload();
  await expect(trabalhador.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(trabalhador.getByText(TEXTO)).toHaveCount(0);

  // The staff's count goes up.
  await staff.reload();
  await expect(item).toContainText('1 de 1');

  // The details: the list's worker, the history; then closing it, confirmed in a dialog.
  await item.getByRole('button', { name: /^Ver detalhes/ }).click();
  await expect(item).toContainText('100001');
  await expect(item.getByRole('listitem').filter({ hasText: /^Enviada em/ })).toContainText(
    'por ROBERTO ALVES DE LIMA (900003)',
  );
  await conferirTela(staff, 'mensagens-detalhe');
  await item.getByRole('button', { name: 'Encerrar' }).click();
  const confirmar = staff.getByRole('dialog', { name: 'Encerrar a mensagem?' });
  await expect(confirmar).toBeVisible();
  await conferirTela(staff, 'mensagens-encerrar', { soTela: true });
  await confirmar.getByRole('button', { name: 'Encerrar' }).click();
  await expect(item).toContainText('Encerrada');
  await expect(item.getByRole('listitem').filter({ hasText: /^Encerrada em/ })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Encerrar' })).toHaveCount(0);
});

test('um trabalhador e o escalador não entram em /gestao/mensagens', async ({ browser }) => {
  for (const cod of ['100001', '900002']) {
    const page = await novaPagina(browser);
    await entrar(page, cod);
    await expect(page.getByRole('link', { name: 'Escrever mensagens' })).toHaveCount(0);
    await page.goto('/gestao/mensagens');
    await expect(page).toHaveURL(/\/inicio$/);
  }
});
