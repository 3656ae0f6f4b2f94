import type { Page } from '@playwright/test';
import { entrar, expect, servidorProprio, sessaoApi, test } from './apoio.ts';

/**
 * The call as it happens (docs/decisions/0160), on a server and database of its own: closing the call here
 * must not close it for the other browser tests.
 */
const BASE = servidorProprio(37);

async function abrirEstivador(page: Page, codAvulso: string) {
  await entrar(page, codAvulso);
  await page.goto('/escalacao/ofertas/estivador');
  await expect(page.getByRole('heading', { level: 1, name: 'Estivador' })).toBeVisible();
}

function escolhasDe(texto: string | null): number {
  const m = /(\d{2}) escolhas?/.exec(texto ?? '');
  if (!m?.[1]) throw new Error(`sem contagem em: ${texto}`);
  return Number(m[1]);
}

test('dois estivadores: a escolha de um move as contagens e o painel do outro; a equipe fecha e os dois veem', async ({
  browser,
}) => {
  const a = await (await browser.newContext({ baseURL: BASE })).newPage();
  const b = await (await browser.newContext({ baseURL: BASE })).newPage();
  await abrirEstivador(a, '100001');
  await abrirEstivador(b, '100008');

  // An offer both see, that 100001 can choose; its live count on 100008's screen before.
  const descansadas = a.locator('button.oferta:not(.oferta-sem-descanso)[aria-pressed="false"]');
  await expect(descansadas.first()).toBeVisible();
  const seqs = await descansadas.evaluateAll((bs) => bs.map((x) => x.getAttribute('data-seq')));
  let seq: string | undefined;
  for (const s of seqs) {
    if ((await b.locator(`button.oferta[data-seq="${s}"]`).count()) > 0) {
      seq = s ?? undefined;
      break;
    }
  }
  if (!seq) throw new Error('nenhuma oferta em comum');
  const naTelaDeB = b.locator(`button.oferta[data-seq="${seq}"]`);
  await expect(naTelaDeB).toContainText(/\d{2} escolhas?/);
  const antes = escolhasDe(await naTelaDeB.textContent());

  await b.getByRole('button', { name: /Pessoas que já confirmaram escolhas/ }).click();
  await expect(b.getByRole('row').filter({ hasText: '100001' })).toHaveCount(0);

  await a.locator(`button.oferta[data-seq="${seq}"]`).click();
  await expect(a.locator(`button.oferta[data-seq="${seq}"]`)).toHaveAttribute('aria-pressed', 'true');

  // Without a reload: the count moves and the open panel lists 100001.
  await expect(naTelaDeB).toContainText(`${String(antes + 1).padStart(2, '0')} escolha`);
  await expect(b.getByRole('row').filter({ hasText: '100001' })).toBeVisible();

  // Staff close the call through the API: both screens say so at once.
  const { api: equipe, cabecalhos } = await sessaoApi(BASE, '900002');
  const fechar = await equipe.post('/api/gestao/escalas/4521/fechar', { headers: cabecalhos });
  expect(fechar.status()).toBe(200);
  for (const page of [a, b]) {
    await expect(page.getByRole('status').filter({ hasText: 'A escala nº 4521 foi fechada' })).toBeVisible();
  }
  await equipe.dispose();
});
