import type { Page } from '@playwright/test';
import { conferirNoTablet, entrar, expect, test } from './apoio.ts';

/**
 * The staff areas of issues 27 and 30 and the worker's new account pages on a tablet held upright (768×1024): axe,
 * nothing covered, nothing overflowing, targets of 44 px. The phone and the desktop are checked by each area's own
 * spec (`conferirTela`); only reads here, so the shared demo server is left as it was.
 */

async function abrir(page: Page, caminho: string, titulo: RegExp) {
  await page.goto(caminho);
  await expect(page.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
}

test('as áreas da administração (900003) no tablet', async ({ page }) => {
  await entrar(page, '900003');
  await abrir(page, '/gestao/trabalhadores', /trabalhadores/i);
  await conferirNoTablet(page, 'tablet-trabalhadores');
  await abrir(page, '/gestao/trabalhadores/100001', /JOSÉ|José/);
  await conferirNoTablet(page, 'tablet-ficha');
  await abrir(page, '/gestao/equipe', /equipe/i);
  await conferirNoTablet(page, 'tablet-equipe');
  await abrir(page, '/gestao/seguranca', /totens/i);
  await conferirNoTablet(page, 'tablet-seguranca');
  await abrir(page, '/gestao/mensagens', /mensagens/i);
  await conferirNoTablet(page, 'tablet-mensagens');
  await abrir(page, '/gestao/eleicoes', /eleiç/i);
  await conferirNoTablet(page, 'tablet-eleicoes');
});

test('a gestão da chamada (900002) no tablet: a lista e o resultado de uma escala publicada', async ({
  page,
}) => {
  await entrar(page, '900002');
  await abrir(page, '/gestao', /escala|gestão/i);
  await conferirNoTablet(page, 'tablet-gestao');
  await abrir(page, '/gestao/escalas/4520', /4520/);
  await conferirNoTablet(page, 'tablet-escala-publicada');
});

test('as páginas novas de Minha conta (100001) no tablet', async ({ page }) => {
  await entrar(page, '100001');
  await abrir(page, '/minha-conta/mudar-senha', /senha/i);
  await conferirNoTablet(page, 'tablet-mudar-senha');
  await abrir(page, '/minha-conta/mudar-dados-pessoais', /dados/i);
  await conferirNoTablet(page, 'tablet-dados-pessoais');
});
