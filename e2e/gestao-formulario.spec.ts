import type { Page } from '@playwright/test';
import { conferirTela, entrar, expect, servidorProprio, test } from './apoio.ts';

/**
 * The requisition form's defects of issue 27 (docs/decisions/0262), on a server and database of this spec's
 * own (E2E_PORT + 101): switching the category clears a function of the other one; selects fit 360 px; an
 * empty date says 'Informe a data da operação.'; tonelagem '12.500' is 12500, as in the CSV.
 */
const BASE = servidorProprio(101);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE, locale: 'pt-BR', timezoneId: 'America/Recife' });

/** yyyy-mm-dd in the port's time zone, `dias` from today. */
function diaLocal(dias: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Recife' }).format(
    new Date(Date.now() + dias * 86_400_000),
  );
}

/** Controls of the form wider than the form itself (in px), named by their label. */
async function transbordando(page: Page): Promise<string[]> {
  return page.locator('form.gestao-form').evaluate((form) => {
    const limite = form.getBoundingClientRect().right;
    return [...form.querySelectorAll('select, input')]
      .filter((c) => c.getBoundingClientRect().right > limite + 0.5)
      .map((c) => `${c.id}: ${Math.round(c.getBoundingClientRect().right - limite)} px`);
  });
}

test('o formulário de requisição: categoria trocada, selects a 360 px, data vazia, tonelagem 12.500', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await entrar(page, '900002');
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/gestao');
  await page.getByLabel('Data da chamada').fill(diaLocal(0));
  await page.getByLabel('Hora da chamada').fill('18:30');
  await page.getByRole('button', { name: 'Criar rascunho' }).click();
  await expect(page).toHaveURL(/\/gestao\/escalas\/\d+$/);
  await page.getByRole('button', { name: 'Nova requisição' }).click();
  const form = page.locator('form.gestao-form');
  await form.getByLabel('Operador').selectOption({ label: 'Tecon Suape' });
  await form.getByLabel('Navio').selectOption({ label: 'MSC AURORA' });
  await form.getByLabel('Local de atracação').selectOption({ label: 'Cais CMU Leste' });
  await form.getByLabel('Mercadoria').fill('Contêineres');

  // Every category's function list at 360 px: no select wider than the form.
  for (const categoria of ['Estivador', 'Conferente', 'Capatazia', 'Vigia']) {
    await form.getByLabel('Categoria').selectOption({ label: categoria });
    const funcao = form.getByLabel('Função', { exact: true });
    const opcoes = await funcao
      .locator('option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    // The longest option selected: the widest the select can want to be.
    const maisLonga = await funcao
      .locator('option')
      .evaluateAll(
        (os) =>
          (os as HTMLOptionElement[]).reduce((a, o) =>
            (o.textContent ?? '').length > (a.textContent ?? '').length ? o : a,
          ).value,
      );
    expect(opcoes.length).toBeGreaterThan(1);
    await funcao.selectOption(maisLonga);
    expect(await transbordando(page), categoria).toEqual([]);
  }

  // Estivador chosen, then the category switched to Capatazia: the function goes back to 'Selecione'.
  await form.getByLabel('Categoria').selectOption({ label: 'Estivador' });
  await form.getByLabel('Função', { exact: true }).selectOption('101');
  await form.getByLabel('Categoria').selectOption({ label: 'Capatazia' });
  await expect(form.getByLabel('Função', { exact: true })).toHaveValue('');

  // Empty date and no function: the messages that say what to do, not 'inexistente'.
  await form.getByRole('button', { name: 'Salvar requisição' }).click();
  await expect(form.getByText('Informe a data da operação.')).toBeVisible();
  await expect(form.getByText('Data da operação inexistente.')).toHaveCount(0);
  await expect(form.getByText('Informe o código da função.')).toBeVisible();
  await conferirTela(page, 'gestao-formulario-erros');

  // A Capatazia function, tonelagem written the Brazilian way: saved as 12500.
  await form.getByLabel('Data da operação').fill(diaLocal(1));
  const capatazia = await form
    .getByLabel('Função', { exact: true })
    .locator('option')
    .nth(1)
    .getAttribute('value');
  await form.getByLabel('Função', { exact: true }).selectOption(capatazia ?? '');
  await form.getByLabel('Tonelagem').fill('12.500');
  await form.getByRole('button', { name: 'Salvar requisição' }).click();
  await expect(form).toHaveCount(0);
  const cartao = page.getByRole('article', { name: /MSC AURORA/ });
  await expect(cartao).toBeVisible();
  await expect(cartao).not.toContainText('Estivador');
  await cartao.getByRole('button', { name: /Editar requisição/ }).click();
  await expect(form.getByLabel('Categoria')).toHaveValue('6');
  await expect(form.getByLabel('Tonelagem')).toHaveValue('12500');
  await expect(form.getByLabel('Função', { exact: true })).toHaveValue(capatazia ?? 'x');
  await conferirTela(page, 'gestao-formulario-editar');
});

test('copiar as requisições da véspera num rascunho de amanhã; fechar antes da hora avisa antes', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await entrar(page, '900002');
  // The demo's open call (today 06:30) first: one open call at a time. Its button depends on the hour.
  await page.goto('/gestao/escalas/4521');
  await page.getByRole('button', { name: 'Fechar escala' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Fechar (escala|antes da hora)$/ })
    .click();
  await expect(page.locator('.gestao-topo').first()).toContainText('Fechada');

  // A draft for tomorrow 06:30, its requisitions copied from 4520 (yesterday's call, 8 requisitions).
  await page.goto('/gestao');
  await page.getByLabel('Data da chamada').fill(diaLocal(1));
  await page.getByLabel('Hora da chamada').fill('06:30');
  await page.getByRole('button', { name: 'Criar rascunho' }).click();
  await expect(page).toHaveURL(/\/gestao\/escalas\/\d+$/);
  const copiar = page.getByRole('region', { name: 'Copiar de outra escala' });
  await copiar.getByRole('button', { name: 'Copiar requisições' }).click();
  await expect(copiar.getByText('Escolha a escala de onde copiar.')).toBeVisible();
  await copiar.getByLabel('Escala de origem').selectOption('4520');
  await copiar.getByRole('button', { name: 'Copiar requisições' }).click();
  await expect(
    copiar.getByText(/^8 requisições copiadas da escala nº 4520, com as datas 2 dias depois\.$/),
  ).toBeVisible();
  await expect(page.getByRole('article', { name: /^Requisição \d+:/ })).toHaveCount(8);
  await expect(page.locator('.gestao-contagem', { hasText: 'Requisições' })).toContainText('8');
  await conferirTela(page, 'gestao-copiar');

  // Open it, then ask to close: the call is tomorrow, so the dialog warns and says how long is left.
  await page.getByRole('button', { name: 'Abrir escala' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Abrir escala' }).click();
  await expect(page.locator('.gestao-topo').first()).toContainText('Aberta');
  await page.getByRole('button', { name: 'Fechar escala' }).click();
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toContainText(
    `A chamada está marcada para ${diaLocal(1).split('-').reverse().join('/')} às 06:30: faltam`,
  );
  await expect(dialogo).toContainText('Fechar antes da hora deixa de fora quem ainda ia escolher.');
  await expect(dialogo.getByRole('button', { name: 'Fechar antes da hora' })).toBeVisible();
  await conferirTela(page, 'gestao-fechar-antes', { soTela: true });
  await dialogo.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.locator('.gestao-topo').first()).toContainText('Aberta');
});
