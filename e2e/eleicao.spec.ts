import type { Page } from '@playwright/test';
import { conferirTela, entrar, expect, TELAS, test } from './apoio.ts';

/**
 * The CPATP election as 100006, the only demo worker who has not voted. Only this spec votes as 100006:
 * the first test never confirms a vote; the second votes once for real.
 */

/** The whole page from its top (a full-page capture of a scrolled page misplaces the sticky bars). */
async function conferirPagina(page: Page, nome: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await conferirTela(page, nome);
}

async function verCandidatos(page: Page) {
  await page.getByRole('link', { name: 'Ver candidatos' }).click();
  await expect(page).toHaveURL(/\/eleicao\?candidatos/);
  await expect(page.getByRole('heading', { name: 'Candidatos' })).toBeVisible();
}

async function abrirConfirmacao(page: Page, opcao: string | RegExp) {
  await page.getByRole('button', { name: opcao }).click();
  await page.getByRole('button', { name: 'Registrar Voto' }).click();
  const modal = page.getByRole('dialog', { name: 'Confirmar voto' });
  await expect(modal).toBeVisible();
  return modal;
}

test('100006 cai na eleição, não sai dela sem votar e vê as perguntas de branco e nulo', async ({ page }) => {
  await page.setViewportSize(TELAS.celular);
  await entrar(page, '100006');
  await expect(page).toHaveURL(/\/eleicao$/);

  // The home of the election route: one card instead of the three.
  const cartao = page.getByRole('article', { name: 'Eleição CPATP' });
  await expect(cartao).toBeVisible();
  await expect(cartao).toContainText('Eleição da CPATP 2026/2027 — representantes dos trabalhadores');
  await expect(page.getByRole('link', { name: 'Escalar-se' })).toHaveCount(0);
  await conferirPagina(page, 'eleicao-cartao');

  // Leaving is refused: the top bar's links, a typed address, a reload.
  await page.getByRole('link', { name: 'Portal do TPA' }).click();
  await expect(page).toHaveURL(/\/eleicao$/);
  await expect(page.getByText('Registre seu voto para continuar.')).toBeVisible();
  await page.getByRole('link', { name: /^Minha conta:/ }).click();
  await expect(page).toHaveURL(/\/eleicao$/);
  for (const endereco of ['/inicio', '/escalacao', '/minha-conta']) {
    await page.goto(endereco);
    await expect(page).toHaveURL(/\/eleicao$/);
    await expect(page.getByRole('article', { name: 'Eleição CPATP' })).toBeVisible();
  }
  await page.reload();
  await expect(page).toHaveURL(/\/eleicao$/);

  await verCandidatos(page);
  const nomes = await page.locator('.candidato-nome').allTextContents();
  expect(nomes.length).toBeGreaterThanOrEqual(6);
  expect(nomes).toEqual([...nomes].sort(new Intl.Collator('pt-BR').compare));
  await expect(page.getByText('Candidata a representante dos trabalhadores').first()).toBeVisible();
  await expect(page.getByText('Candidato a representante dos trabalhadores').first()).toBeVisible();
  const fotos = page.locator('img.candidato-foto');
  await expect(fotos.first()).toBeVisible();
  await expect(fotos.first()).not.toHaveJSProperty('naturalWidth', 0);
  await expect(page.getByRole('button', { name: 'Voto em Branco' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Voto Nulo' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Registrar Voto' })).toBeDisabled();
  await conferirPagina(page, 'eleicao-cedula');
  // The 'Registrar Voto' bar never lies over Branco and Nulo, on the first view or at the end (issue 14:
  // at 1280×800 it covered that row).
  const barra = page.locator('.cedula-acoes');
  for (const tela of Object.values(TELAS)) {
    await page.setViewportSize(tela);
    for (const rolagem of ['inicio', 'fim'] as const) {
      await page.evaluate(
        (r) => window.scrollTo(0, r === 'fim' ? document.documentElement.scrollHeight : 0),
        rolagem,
      );
      const caixaBarra = await barra.boundingBox();
      for (const nome of ['Voto em Branco', 'Voto Nulo']) {
        const caixa = await page.getByRole('button', { name: nome }).boundingBox();
        expect(caixa && caixaBarra, nome).toBeTruthy();
        if (!caixa || !caixaBarra) continue;
        const sobrepoe = caixa.y < caixaBarra.y + caixaBarra.height && caixaBarra.y < caixa.y + caixa.height;
        expect(sobrepoe, `${nome} sob a barra em ${tela.width}px (${rolagem})`).toBe(false);
      }
    }
  }
  await page.setViewportSize(TELAS.celular);

  // Leaving from the ballot is refused too.
  await page.getByRole('link', { name: 'Portal do TPA' }).click();
  await expect(page).toHaveURL(/\/eleicao\?candidatos/);

  let modal = await abrirConfirmacao(page, 'Voto em Branco');
  await expect(modal).toContainText('Deseja confirmar seu voto em branco?');
  await expect(modal.getByRole('button', { name: 'Sim' })).toBeVisible();
  await modal.getByRole('button', { name: 'Não' }).click();
  await expect(modal).toBeHidden();

  modal = await abrirConfirmacao(page, 'Voto Nulo');
  await expect(modal).toContainText('Deseja confirmar seu voto nulo?');
  await modal.getByRole('button', { name: 'Não' }).click();

  const primeiro = nomes[0] ?? '';
  modal = await abrirConfirmacao(page, new RegExp(`^${primeiro}`));
  await expect(modal).toContainText(`Deseja confirmar seu voto para ${primeiro}?`);
  await conferirTela(page, 'eleicao-confirmacao', { soTela: true });
  await modal.getByRole('button', { name: 'Não' }).click();
  await expect(page.getByText(`Sua escolha: ${primeiro}`)).toBeVisible();
  await conferirPagina(page, 'eleicao-escolha');

  await page.setViewportSize(TELAS.desktop);
  modal = await abrirConfirmacao(page, new RegExp(`^${nomes[1] ?? ''}`));
  await modal.getByRole('button', { name: 'Não' }).click();
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/eleicao$/);

  // 'Sair' still logs out; the next login lands on the election again.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await entrar(page, '100006');
  await expect(page).toHaveURL(/\/eleicao$/);
});

test('o voto conta uma vez: registrado num navegador, recusado com o modal Erro no outro', async ({
  browser,
}) => {
  const contextoA = await browser.newContext({ viewport: TELAS.celular });
  const contextoB = await browser.newContext({ viewport: TELAS.desktop });
  const a = await contextoA.newPage();
  const b = await contextoB.newPage();
  try {
    await entrar(a, '100006');
    await entrar(b, '100006');
    await expect(a).toHaveURL(/\/eleicao$/);
    await expect(b).toHaveURL(/\/eleicao$/);

    // B gets as far as the confirmation and waits.
    await verCandidatos(b);
    const nomes = await b.locator('.candidato-nome').allTextContents();
    const modalB = await abrirConfirmacao(b, new RegExp(`^${nomes[0] ?? ''}`));

    // A votes for real.
    await verCandidatos(a);
    const modalA = await abrirConfirmacao(a, new RegExp(`^${nomes[nomes.length - 1] ?? ''}`));
    await modalA.getByRole('button', { name: 'Sim' }).click();
    await expect(a).toHaveURL(/\/inicio$/);
    await expect(a.getByRole('link', { name: 'Escalar-se' })).toBeVisible();
    await expect(a.getByRole('article', { name: 'Eleição CPATP' })).toHaveCount(0);

    // B confirms afterwards: the server refuses (VotoJaRegistrado) and B sees the 'Erro' modal.
    await modalB.getByRole('button', { name: 'Sim' }).click();
    const erro = b.getByRole('dialog', { name: 'Erro' });
    await expect(erro).toContainText(
      'Erro ao registrar o voto! Favor contactar a equipe de escalação do OGMO.',
    );
    await conferirTela(b, 'eleicao-erro', { soTela: true });
    await erro.getByRole('button', { name: 'OK' }).click();
    await expect(b).toHaveURL(/\/inicio$/);
    await expect(b.getByRole('link', { name: 'Escalar-se' })).toBeVisible();

    // Nothing is pending any more: a reload and a new login stay on /inicio.
    await b.reload();
    await expect(b).toHaveURL(/\/inicio$/);
    await entrar(a, '100006');
    await expect(a).toHaveURL(/\/inicio$/);
  } finally {
    await contextoA.close();
    await contextoB.close();
  }
});

test('a equipe do OGMO vê as eleições e baixa o resultado da encerrada; os demais não entram', async ({
  page,
  consoleDoNavegador,
}) => {
  // A wrong key on purpose: the server answers 400.
  consoleDoNavegador.aceitar(/status of 400 .*\/encerrar/);
  await entrar(page, '100001');
  await page.goto('/eleicoes');
  await expect(page).toHaveURL(/\/inicio$/);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.setViewportSize(TELAS.celular);
  await entrar(page, '900003');
  await page.goto('/eleicoes');
  await expect(page.getByRole('heading', { name: 'Eleições CPATP' })).toBeVisible();
  const aberta = page.getByRole('listitem').filter({ hasText: 'CPATP 2026/2027' });
  const encerrada = page.getByRole('listitem').filter({ hasText: 'CPATP 2024/2025' });
  await expect(aberta).toContainText('Aberta');
  await expect(encerrada).toContainText('Encerrada');
  // Ballots exist already: no zero report for the open one, and no result until it closes.
  await expect(aberta.getByRole('button', { name: 'Zerésima (PDF)' })).toHaveCount(0);
  await expect(aberta.getByRole('button', { name: 'Resultado (PDF)' })).toHaveCount(0);
  await conferirPagina(page, 'eleicao-apuracao');

  const download = page.waitForEvent('download');
  await encerrada.getByRole('button', { name: 'Resultado (PDF)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^resultado-eleicao-\d+\.pdf$/);

  // Closing asks first; the demo's election stays open.
  await aberta.getByRole('button', { name: 'Encerrar eleição' }).click();
  const modal = page.getByRole('dialog', { name: 'Encerrar eleição' });
  await expect(modal).toContainText('Não há como reabrir.');
  const confirmar = modal.getByRole('button', { name: 'Encerrar', exact: true });
  await expect(confirmar).toBeDisabled();
  // A wrong commission code is refused and nothing closes (docs/decisions/0063-cedula-selada.md).
  await modal.getByLabel('Chave da apuração').fill('aaaa-bbbb-cccc-dddd-eeee-ffff');
  await expect(modal.getByLabel('Chave da apuração')).toHaveValue('AAAA-BBBB-CCCC-DDDD-EEEE-FFFF');
  await confirmar.click();
  await expect(modal).toContainText('A chave da apuração não confere com a desta eleição.');
  await conferirTela(page, 'eleicao-encerrar-chave-errada', { soTela: true });
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await expect(modal).toBeHidden();
  await expect(aberta).toContainText('Aberta');
});
