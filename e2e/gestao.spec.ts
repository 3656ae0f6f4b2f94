import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { conferirTela, entrar, expect, servidorProprio, sessaoApi, test } from './apoio.ts';

/**
 * The OGMO staff run a call from draft to published (issue 16, docs/produto/gestao.md), on a server and
 * database of their own (E2E_PORT + 100): closing the demo's open call here must not close it for the other
 * browser tests. Then the workers read the result the rotation gave them.
 */
const BASE = servidorProprio(100);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

async function novaPagina(browser: Browser): Promise<Page> {
  return (
    await browser.newContext({ baseURL: BASE, locale: 'pt-BR', timezoneId: 'America/Recife' })
  ).newPage();
}

/** yyyy-mm-dd in the port's time zone, `dias` from today. */
function diaLocal(dias: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Recife' }).format(
    new Date(Date.now() + dias * 86_400_000),
  );
}

/** 'dd/MM' of `diaLocal(dias)`: the date the audit writes beside the shift (docs/decisions/0214). */
function diaMes(dias: number): string {
  const [, mes, dia] = diaLocal(dias).split('-');
  return `${dia}/${mes}`;
}

/** A rotation number as the top bar and the audit write it: 'Chamada 007'. */
function chamada(numero: string | number): string {
  return `Chamada ${String(Number(numero)).padStart(3, '0')}`;
}

const CABECALHO =
  'codOperador;codNavio;dataOperacao;codPeriodo;horaInicio;horaFim;codLocalAtrac;numPorao;nomeMercadoria;tonelagem;codFuncao;numVagas';

/** State shared by the serial tests: the call made here and who the rotation engaged. */
const estado = { num: 0, escalado: '', naoEscalado: '', numChamadaEscalado: '' };

test('um trabalhador e a equipe sem o papel (900001) não têm a área de gestão: 403 AcessoNegado', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const cod of ['100001', '900001']) {
    const { api, token } = await sessaoApi(BASE, cod);
    const r = await api.get('/api/gestao/escalas', { headers: { 'X-Access-Token': token } });
    expect(r.status()).toBe(403);
    expect(((await r.json()) as { codigoErro: string }).codigoErro).toBe('AcessoNegado');
    await api.dispose();

    const page = await novaPagina(browser);
    await entrar(page, cod);
    await page.goto('/inicio');
    await expect(page.getByText(/^Olá,/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Gerir escalas' })).toHaveCount(0);
    await page.goto('/gestao');
    await expect(page).toHaveURL(/\/inicio$/);
    await expect(page.getByRole('heading', { name: 'Gestão das escalas' })).toHaveCount(0);
    await page.context().close();
  }
});

test.describe('a equipe roda a escala', () => {
  test('900002 cria um rascunho, lança requisições pelo formulário e por CSV (com erros por linha) e abre', async ({
    page: staff,
    consoleDoNavegador,
  }) => {
    test.setTimeout(240_000);
    // A CSV with errors (400) and opening before the requisitions are valid (409), on purpose.
    consoleDoNavegador.aceitar(/status of 400 .*\/requisicoes\/importar/);
    consoleDoNavegador.aceitar(/status of 409 .*\/abrir/);
    await entrar(staff, '900002');
    await staff.goto('/inicio');
    await staff.getByRole('link', { name: 'Gerir escalas' }).click();
    await expect(staff).toHaveURL(/\/gestao$/);
    await expect(staff.getByRole('heading', { level: 1, name: 'Gestão das escalas' })).toBeVisible();
    await expect(staff.getByRole('link', { name: /4522/ })).toBeVisible();
    await conferirTela(staff, 'gestao-lista');

    // A new draft for today's call.
    await staff.getByLabel('Data da chamada').fill(diaLocal(0));
    await staff.getByLabel('Hora da chamada').fill('18:30');
    await staff.getByRole('button', { name: 'Criar rascunho' }).click();
    await expect(staff).toHaveURL(/\/gestao\/escalas\/\d+$/);
    estado.num = Number(/(\d+)$/.exec(staff.url())?.[1]);
    expect(estado.num).toBeGreaterThan(4522);
    await expect(staff.getByRole('heading', { level: 1, name: `Escala nº ${estado.num}` })).toBeVisible();
    await expect(staff.getByText('Nenhuma requisição cadastrada.')).toBeVisible();

    // By the form: MSC AURORA, tomorrow 13h-19h, one Estivador.
    await staff.getByRole('button', { name: 'Nova requisição' }).click();
    const form = staff.locator('form.gestao-form');
    await form.getByLabel('Operador').selectOption({ label: 'Tecon Suape' });
    await form.getByLabel('Navio').selectOption({ label: 'MSC AURORA' });
    await form.getByLabel('Local de atracação').selectOption({ label: 'Cais CMU Leste' });
    await form.getByLabel('Data da operação').fill(diaLocal(1));
    await form.getByLabel('Período').selectOption('2');
    await form.getByLabel('Porão ou bloco').selectOption('PR01');
    await form.getByLabel('Mercadoria').fill('Contêineres');
    await form.getByLabel('Tonelagem').fill('12000');
    await form.getByLabel('Função', { exact: true }).selectOption('101');
    await form.getByLabel('Vagas', { exact: true }).fill('1');
    await conferirTela(staff, 'gestao-formulario');
    await form.getByRole('button', { name: 'Salvar requisição' }).click();
    await expect(form).toHaveCount(0);
    await expect(staff.getByRole('article', { name: /MSC AURORA/ })).toBeVisible();

    // The template the operators can start from: the header the import expects.
    const [modelo] = await Promise.all([
      staff.waitForEvent('download'),
      staff.getByRole('button', { name: 'Baixar modelo' }).click(),
    ]);
    expect(modelo.suggestedFilename()).toBe('modelo-requisicoes.csv');
    expect(readFileSync(await modelo.path(), 'utf8').split(/\r?\n/)[0]).toBe(`\uFEFF${CABECALHO}`);

    // A CSV with bad lines: nothing imported, every line and column listed.
    const amanha = diaLocal(1).split('-').reverse().join('/');
    const ruim = [
      CABECALHO,
      `12;502;${amanha};3;19;1;2;PR01;Veículos;2000;101;2`,
      `12;502;${amanha};3;19;1;2;PX01;Veículos;2000;104;1`,
      `12;502;${amanha};3;19;1;2;PR02;Veículos;2000;101;muitas`,
    ].join('\n');
    const arquivo = staff.getByLabel('Escolher arquivo CSV');
    await arquivo.setInputFiles({ name: 'ruim.csv', mimeType: 'text/csv', buffer: Buffer.from(ruim) });
    const erros = staff.locator('table.gestao-erros-csv tbody tr');
    await expect(erros).toHaveCount(2);
    await expect(erros.nth(0)).toContainText('3');
    await expect(erros.nth(0)).toContainText('numPorao');
    await expect(erros.nth(0)).toContainText('Porão PR00 a PR99 ou bloco BL00 a BL99.');
    await expect(erros.nth(1)).toContainText('4');
    await expect(erros.nth(1)).toContainText('numVagas');
    await expect(erros.nth(1)).toContainText('Número inteiro esperado.');
    await expect(staff.getByText('O arquivo tem 2 erro(s); nada foi importado.')).toBeVisible();
    await expect(staff.getByRole('article', { name: /MAERSK SANTOS/ })).toHaveCount(0);
    await conferirTela(staff, 'gestao-csv-erros');

    // The corrected file: one requisition (MAERSK SANTOS, two functions nobody will choose).
    const bom = [
      CABECALHO,
      `12;502;${amanha};3;19;1;2;PR01;Veículos;2.000;101;2`,
      `12;502;${amanha};3;19;1;2;PR01;Veículos;2.000;104;1`,
    ].join('\n');
    await arquivo.setInputFiles({ name: 'bom.csv', mimeType: 'text/csv', buffer: Buffer.from(bom) });
    await expect(staff.getByText('1 requisição importada.')).toBeVisible();
    await expect(erros).toHaveCount(0);
    await expect(staff.getByRole('article', { name: /MAERSK SANTOS/ })).toBeVisible();

    // Opening while the demo's call 4521 is open: refused in the confirmation, nothing changes.
    await staff.getByRole('button', { name: 'Abrir escala' }).click();
    const dialogo = staff.getByRole('dialog');
    await expect(dialogo).toContainText('Os trabalhadores passam a ver as ofertas');
    await dialogo.getByRole('button', { name: 'Abrir escala' }).click();
    await expect(dialogo).toContainText('A escala nº 4521 está aberta. Feche-a antes de abrir outra.');
    await dialogo.getByRole('button', { name: 'Voltar' }).click();

    // Close 4521 (with its confirmation), then open this one.
    await staff.goto('/gestao/escalas/4521');
    await staff.getByRole('button', { name: 'Fechar escala' }).click();
    await expect(staff.getByRole('dialog')).toContainText('Não há como reabrir.');
    // 'Fechar antes da hora' before 06:30 in the port (decision 0265).
    await staff
      .getByRole('dialog')
      .getByRole('button', { name: /^Fechar (escala|antes da hora)$/ })
      .click();
    await expect(staff.locator('.gestao-topo').first()).toContainText('Fechada');

    await staff.goto(`/gestao/escalas/${estado.num}`);
    await staff.getByRole('button', { name: 'Abrir escala' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Abrir escala' }).click();
    await expect(staff.getByRole('dialog')).toHaveCount(0);
    await expect(staff.locator('.gestao-topo').first()).toContainText('Aberta');
    await expect(staff.getByRole('button', { name: 'Fechar escala' })).toBeVisible();
    await expect(staff.getByRole('status').filter({ hasText: 'pelo fluxo ao vivo' })).toBeVisible();
    await conferirTela(staff, 'gestao-aberta');
  });
});

test('dois estivadores escolhem a única vaga; a equipe fecha, apura, audita, publica e baixa PDF e CSV', async ({
  page: staff,
  browser,
}) => {
  test.setTimeout(240_000);
  expect(estado.num, 'o rascunho do teste anterior').toBeGreaterThan(0);
  // The staff page open before anyone chooses: its counts follow the live stream, no reload, no 3 s polling.
  await entrar(staff, '900002');
  await staff.goto(`/gestao/escalas/${estado.num}`);
  await expect(staff.getByRole('status').filter({ hasText: 'pelo fluxo ao vivo' })).toBeVisible();
  const escolhas = staff.locator('.gestao-contagem', { hasText: 'Escolhas' });
  await expect(escolhas).toContainText('0');
  // The opening's phone notices finished before this page was read: how many workers they reached.
  await expect(staff.locator('.gestao-avisos')).toContainText(
    /Aviso de abertura no celular: \d+ trabalhadores? avisados? \(\d+ aparelhos?/,
  );
  // Both workers choose the MSC AURORA Estivador offer in their own browsers.
  for (const cod of ['100007', '100008']) {
    const w = await novaPagina(browser);
    await entrar(w, cod);
    await w.goto('/escalacao/ofertas/estivador');
    const oferta = w.getByRole('article', { name: /MSC AURORA/ }).locator('button.oferta');
    await expect(oferta).toHaveCount(1);
    await oferta.click();
    await expect(oferta).toHaveAttribute('aria-pressed', 'true');
    await expect(oferta).toHaveAttribute('data-situacao', '0');
    await w.context().close();
  }

  // The live counts show the two choices and the two workers, on the page opened before.
  await expect(escolhas.locator('.gestao-contagem-valor')).toHaveText('2');
  await expect(
    staff.locator('.gestao-contagem', { hasText: 'Trabalhadores' }).locator('.gestao-contagem-valor'),
  ).toHaveText('2');
  await staff.getByRole('button', { name: 'Fechar escala' }).click();
  // Before 18:30 in the port the dialog warns and its button says so (decision 0265).
  await staff
    .getByRole('dialog')
    .getByRole('button', { name: /^Fechar (escala|antes da hora)$/ })
    .click();
  await expect(staff.locator('.gestao-topo').first()).toContainText('Fechada');

  await staff.getByRole('button', { name: 'Apurar rodízio' }).click();
  await expect(
    staff.getByText(
      /Rodízio apurado em \d+ ms: 1 escalado para 4 vagas, 3 não preenchidas; 1 de 2 trabalhadores sem escala\./,
    ),
  ).toBeVisible();
  // The ships come collapsed, each with its totals (docs/decisions/0261).
  await expect(staff.getByRole('button', { name: /^MSC AURORA\s*1 de 1 vaga$/ })).toBeVisible();
  await expect(
    staff.getByRole('button', { name: /^MAERSK SANTOS\s*0 de 3 vagas · 3 não preenchidas$/ }),
  ).toBeVisible();
  await expect(staff.locator('article.gestao-resultado')).toHaveCount(0);
  await staff.getByRole('button', { name: /^MSC AURORA/ }).click();
  await staff.getByRole('button', { name: /^MAERSK SANTOS/ }).click();
  const aurora = staff.locator('article.gestao-resultado[aria-label^="MSC AURORA"]');
  await expect(aurora.locator('.gestao-escalados li')).toHaveCount(1);
  const num = (await aurora.locator('.gestao-num').innerText()).replace(/\D/g, '');
  expect(['0007', '0008']).toContain(num);
  estado.escalado = num === '0007' ? '100007' : '100008';
  estado.naoEscalado = num === '0007' ? '100008' : '100007';
  estado.numChamadaEscalado = num;
  await expect(aurora.locator('.gestao-escalados')).toContainText(`${estado.escalado} · 1ª preferência`);
  await expect(aurora.locator('.gestao-incompleta')).toHaveCount(0);
  // MAERSK SANTOS: nobody chose, both functions highlighted as unfilled.
  const maersk = staff.locator('article.gestao-resultado[aria-label^="MAERSK SANTOS"]');
  await expect(maersk.locator('.gestao-incompleta')).toHaveCount(2);
  await expect(maersk.locator('.gestao-incompleta').first()).toContainText(
    '0 de 2 vagas · 2 não preenchidas',
  );

  // The summary by function: what is missing, biggest gap first.
  const resumo = staff.locator('ul.gestao-resumo-funcoes li');
  await expect(resumo).toHaveCount(2);
  await expect(resumo.first()).toHaveText(/^Estivador\s*faltam 2 de 3$/);
  // Only unfilled vacancies: MSC AURORA (filled) goes.
  await staff.getByLabel('Só vagas não preenchidas').check();
  await expect(staff.getByRole('button', { name: /^MSC AURORA/ })).toHaveCount(0);
  await expect(staff.getByText('1 requisição de 2 com o filtro.')).toBeVisible();
  await staff.getByRole('button', { name: 'Limpar filtros' }).click();
  await staff.getByLabel('Navio').selectOption('MSC AURORA');
  await expect(staff.getByRole('button', { name: /^MAERSK SANTOS/ })).toHaveCount(0);
  await expect(aurora.locator('.gestao-escalados li')).toHaveCount(1);
  await staff.getByRole('button', { name: 'Limpar filtros' }).click();

  // The workers left without a job, with the audit's reason.
  const motivo = `Não escalado: sua 1ª escolha (MSC AURORA, Porão 2, Estivador, ${diaMes(1)} 13-19) foi preenchida por trabalhadores à sua frente no rodízio (último escalado: ${chamada(num)}).`;
  await staff.getByRole('button', { name: 'Trabalhadores sem trabalho (1)' }).click();
  const semTrabalho = staff.locator('.gestao-nao-escalado');
  await expect(semTrabalho).toHaveCount(1);
  await expect(semTrabalho).toContainText(`matrícula ${estado.naoEscalado}`);
  await expect(semTrabalho).toContainText(motivo);

  // The audit, at the top: by matrícula, then by número de chamada; a bad search clears the answer.
  const busca = staff.getByLabel('Nome, matrícula ou nº de chamada');
  await busca.fill(estado.naoEscalado);
  await staff.getByRole('button', { name: 'Buscar' }).click();
  const auditoria = staff.locator('.gestao-auditoria');
  await expect(auditoria).toContainText(motivo);
  await busca.fill('x');
  await staff.getByRole('button', { name: 'Buscar' }).click();
  await expect(staff.getByText('Digite ao menos 2 letras do nome.')).toBeVisible();
  await expect(auditoria).toHaveCount(0);
  await busca.fill(num);
  await staff.getByRole('button', { name: 'Buscar' }).click();
  await expect(auditoria).toContainText(`matrícula ${estado.escalado}`);
  await expect(auditoria).toContainText('Escalado na sua 1ª escolha');
  await expect(staff.getByText('Digite ao menos 2 letras do nome.')).toHaveCount(0);
  await conferirTela(staff, 'gestao-apurada');

  await staff.getByRole('button', { name: 'Publicar' }).click();
  await expect(staff.getByRole('dialog')).toContainText('Os escalados recebem o trabalho e o crachá');
  await staff.getByRole('dialog').getByRole('button', { name: 'Publicar' }).click();
  await expect(staff.locator('.gestao-topo').first()).toContainText('Publicada');
  await expect(staff.getByRole('button', { name: /Apurar/ })).toHaveCount(0);

  const [pdf] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('button', { name: 'Escala (PDF)' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toBe(`escala-${estado.num}.pdf`);
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  // One ship's part (decision 0266).
  await staff.getByLabel('PDF de um navio ou operador').selectOption({ label: 'MSC AURORA' });
  const [navio] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('button', { name: 'Baixar PDF' }).click(),
  ]);
  expect(navio.suggestedFilename()).toBe(`escala-${estado.num}-navio-501.pdf`);
  expect(
    readFileSync(await navio.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  const [csv] = await Promise.all([
    staff.waitForEvent('download'),
    staff.getByRole('button', { name: 'Escala (CSV)' }).click(),
  ]);
  expect(csv.suggestedFilename()).toBe(`escala-${estado.num}.csv`);
  const linhas = readFileSync(await csv.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(linhas).toHaveLength(2);
  expect(linhas[1]).toContain(`;MSC AURORA;Tecon Suape;`);
  expect(linhas[1]).toContain(`;${Number(num)};${estado.escalado};`);
  await conferirTela(staff, 'gestao-publicada');
});

test('o escalado vê "Você foi escalado!", o trabalho atual e o crachá que vieram da escala', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(estado.escalado, 'o resultado do teste anterior').not.toBe('');
  await entrar(page, estado.escalado);
  await page.goto('/inicio');
  const cartao = page.locator('section.resultado-escala');
  await expect(cartao.getByRole('heading', { name: 'Você foi escalado!' })).toBeVisible();
  await expect(cartao).toContainText(`Escala nº ${estado.num}`);
  await expect(cartao).toContainText('Estivador no MSC AURORA, Porão 2 (Contêineres)');
  // The choice named with its date and shift (docs/decisions/0214).
  await expect(cartao).toContainText(
    `Escalado na sua 1ª escolha (MSC AURORA, Porão 2, Estivador, ${diaMes(1)} 13-19).`,
  );
  const corrente = page.locator('section.trabalho-corrente');
  await expect(corrente).toContainText('MSC AURORA');
  await expect(corrente).toContainText('Tecon Suape');
  await expect(corrente).toContainText(diaLocal(1).split('-').reverse().join('/'));
  await expect(corrente).toContainText('13-19');
  await conferirTela(page, 'resultado-escalado-inicio');
  await corrente.getByRole('button', { name: 'Crachá' }).click();
  const cracha = page.getByRole('dialog');
  await expect(cracha).toContainText('MSC AURORA');
  await expect(cracha).toContainText('Cais CMU Leste');
  await expect(cracha).toContainText(estado.escalado);
  await page.keyboard.press('Escape');

  await page.goto('/escalacao');
  await expect(page.getByRole('heading', { name: 'Você foi escalado!' })).toBeVisible();
  await conferirTela(page, 'resultado-escalado-escalacao');
});

test('o outro estivador vê por que não foi escalado', async ({ page }) => {
  test.setTimeout(120_000);
  expect(estado.naoEscalado, 'o resultado do teste anterior').not.toBe('');
  await entrar(page, estado.naoEscalado);
  await page.goto('/inicio');
  const cartao = page.locator('section.resultado-escala');
  await expect(cartao.getByRole('heading', { name: 'Você não foi escalado' })).toBeVisible();
  const motivo = `Não escalado: sua 1ª escolha (MSC AURORA, Porão 2, Estivador, ${diaMes(1)} 13-19) foi preenchida por trabalhadores à sua frente no rodízio (último escalado: ${chamada(estado.numChamadaEscalado)}).`;
  await expect(cartao).toContainText(motivo);
  await expect(page.locator('section.trabalho-corrente')).toHaveCount(0);
  // One choice: the paragraph says it all, no per-choice list repeating it.
  await expect(cartao.getByText('Por que, escolha por escolha')).toHaveCount(0);
  // The published call's confirmed list: who was engaged, the number the audit names.
  await cartao.getByText('Quem foi escalado nesta escala').click();
  const escalados = cartao.locator('.resultado-escala-escalados li');
  await expect(escalados).toHaveCount(1);
  await expect(escalados.first()).toContainText(`nº ${estado.numChamadaEscalado}`);
  await conferirTela(page, 'resultado-nao-escalado-inicio');
  await page.goto('/escalacao');
  await expect(page.getByRole('heading', { name: 'Você não foi escalado' })).toBeVisible();
  await conferirTela(page, 'resultado-nao-escalado-escalacao');
});

test('a manhã de verdade: a escala 4521 apurada (299 vagas) cabe em poucas telas, com busca, filtros e quem ficou sem trabalho', async ({
  page: staff,
}) => {
  test.setTimeout(240_000);
  // 4521 was closed by the first tests; its rotation here engages 186 and leaves 113 vacancies unfilled.
  await entrar(staff, '900002');
  await staff.goto('/gestao/escalas/4521');
  await staff.getByRole('button', { name: 'Apurar rodízio' }).click();
  await expect(staff.getByText(/Rodízio apurado em \d+ ms: \d+ escalados para 299 vagas/)).toBeVisible();
  await expect(staff.getByRole('heading', { name: 'Resumo por função' })).toBeVisible();
  await expect(staff.locator('ul.gestao-resumo-funcoes li')).toHaveCount(10);

  // The page height: 58,897 px at 360 px and 25,283 px on a desktop before (issue 27).
  const alturas: Record<string, number> = {};
  for (const [nome, tela] of [
    ['360', { width: 360, height: 740 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    await staff.setViewportSize(tela);
    await expect(staff.getByRole('button', { name: /^Trabalhadores sem trabalho \(\d+\)$/ })).toBeVisible();
    alturas[nome] = await staff.evaluate(() => document.documentElement.scrollHeight);
  }
  test.info().annotations.push({ type: 'altura', description: JSON.stringify(alturas) });
  expect(alturas['360']).toBeLessThan(6_000);
  expect(alturas.desktop).toBeLessThan(4_000);

  // The audit at the top, above the result.
  const topoBusca = await staff.getByLabel('Nome, matrícula ou nº de chamada').boundingBox();
  const topoResultado = await staff.getByRole('heading', { name: 'Resultado do rodízio' }).boundingBox();
  expect(topoBusca?.y ?? Infinity).toBeLessThan(topoResultado?.y ?? 0);

  // By name, without accents: several workers, one to choose.
  const busca = staff.getByLabel('Nome, matrícula ou nº de chamada');
  await busca.fill('silva');
  await staff.getByRole('button', { name: 'Buscar' }).click();
  const encontrados = staff.locator('.gestao-encontrados li button');
  await expect(encontrados.first()).toBeVisible();
  expect(await encontrados.count()).toBeGreaterThan(1);
  await encontrados.first().click();
  await expect(encontrados.first()).toHaveAttribute('aria-pressed', 'true');
  await expect(staff.locator('.gestao-auditoria')).toContainText(/SILVA/);
  await busca.fill('1234567');
  await staff.getByRole('button', { name: 'Buscar' }).click();
  await expect(staff.getByText('A matrícula tem 6 dígitos e o nº de chamada, até 5.')).toBeVisible();
  await expect(staff.locator('.gestao-auditoria')).toHaveCount(0);
  await expect(encontrados).toHaveCount(0);

  // Filters: one function, only unfilled; the ships kept come open.
  await staff.getByLabel('Função', { exact: true }).selectOption({ label: 'Estivador' });
  await staff.getByLabel('Só vagas não preenchidas').check();
  await expect(staff.getByText(/^\d+ requisiç(ão|ões) de 18 com o filtro\.$/)).toBeVisible();
  const funcoes = staff.locator('.gestao-resultado-funcoes > li');
  await expect(funcoes.first()).toBeVisible();
  for (const f of await funcoes.all()) {
    await expect(f).toContainText('Estivador');
    await expect(f).toHaveClass(/gestao-incompleta/);
  }
  await staff.getByRole('button', { name: /^Trabalhadores sem trabalho/ }).click();
  await expect(staff.locator('.gestao-nao-escalado').first()).toContainText(/Não escalado/);
  await conferirTela(staff, 'gestao-manha');
});
