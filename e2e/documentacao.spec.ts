import { conferirTela, expect, test } from './apoio.ts';

/**
 * /docs/api (issue 29): the API's description for integrators, in Portuguese and accessible, read from the same
 * OpenAPI document (GET /api/openapi.json); it replaced Swagger UI (English, 2 critical and 125 serious axe
 * findings, no viewport).
 */
test('/docs/api descreve a API em português, acessível no celular e no computador', async ({ page }) => {
  // A long page (every operation of the API): the screen checks walk each of its controls.
  test.setTimeout(120_000);
  const documento = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/openapi.json');
  await page.goto('/docs/api');
  expect((await documento).status()).toBe(200);
  await expect(page).toHaveTitle('Portal do TPA');
  expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toContain('width=device-width');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API do Portal do TPA');
  await expect(page.getByRole('region', { name: 'Como usar' })).toContainText('X-Access-Token');
  const indice = page.getByRole('navigation', { name: 'Grupos da API' });
  await expect(indice.getByRole('link', { name: /^Escalação \(\d+\)$/ })).toBeVisible();

  // One operation opened: what it asks, what it answers, in Portuguese.
  const escolher = page.locator('details.api-operacao', { hasText: 'Escolhe ou desiste de ofertas' });
  await escolher.locator('summary').click();
  await expect(escolher).toContainText('POST');
  await expect(escolher).toContainText('/api/vagas');
  await expect(escolher).toContainText('Exige sessão: envie o token do login no cabeçalho X-Access-Token.');
  await expect(escolher).toContainText('Corpo (application/json)');
  await expect(escolher).toContainText('numEscalacao inteiro');
  await expect(escolher).toContainText('preferencia inteiro ou nulo');
  await expect(escolher.getByRole('definition').first()).toContainText('dados');
  // A public one, with a parameter in the path.
  const verificar = page.locator('details.api-operacao', { hasText: '/api/verificacao/:codigo' });
  await verificar.locator('summary').click();
  await expect(verificar).toContainText('Pública: não exige sessão.');
  await expect(verificar).toContainText('codigo texto, no caminho');
  await conferirTela(page, 'documentacao-api');

  // The index leads to its group.
  await indice.getByRole('link', { name: /^Escalação/ }).click();
  await expect(page).toHaveURL(/\/docs\/api#grupo-escalacao$/);
  // Nothing of Swagger UI is left.
  expect(await page.content()).not.toMatch(/swagger/i);
});
