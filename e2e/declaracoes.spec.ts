import type { Locator, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { conferirTela, entrar, expect, horaDoPorto, TELAS, test } from './apoio.ts';

/**
 * The lockdown and MP 945 declarations (docs/produto/minha-conta.md §2, §4, §5) walked by 100001 up to the PDF, the
 * not-enabled path (100002), an issued one (100004) and the public verification page.
 */

/** The current step checked (and shot) on the phone and on the desktop; the test goes on at 360 px. */
async function conferirPasso(page: Page, nome: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await conferirTela(page, `declaracoes-${nome}`);
  await page.setViewportSize(TELAS.celular);
}

/** Clicks 'Ver declaração' and checks that a new tab receives the PDF; returns its bytes. */
async function abrirPdf(page: Page): Promise<Buffer> {
  const link = page.getByRole('link', { name: 'Ver declaração' });
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', /^\/api\/declaracoes\/[A-Za-z0-9_-]{43}\.pdf$/);
  const resposta = page.context().waitForEvent('response', (r) => r.url().includes('/api/declaracoes/'));
  const [aba] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  const r = await resposta;
  expect(r.status()).toBe(200);
  expect(r.headers()['content-type']).toBe('application/pdf');
  expect(r.headers()['content-disposition']).toMatch(/^inline;/);
  expect(aba.url()).toContain('/api/declaracoes/');
  await aba.close();
  // The same link works without any session header (it is the capability).
  const href = (await link.getAttribute('href')) ?? '';
  const direto = await page.request.get(href, { headers: {} });
  expect(direto.status()).toBe(200);
  return Buffer.from(await direto.body());
}

/**
 * Clears a field as a person would (click, select all, Backspace). Playwright's fill('') selects the text
 * without any key or mouse event, which IMask does not see: it would delete a single character.
 */
async function limpar(campo: Locator) {
  await campo.click();
  await campo.press('ControlOrMeta+a');
  await campo.press('Backspace');
  await expect(campo).toHaveValue('');
}

async function textoPdf(bytes: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

test.use({ viewport: TELAS.celular });

test('lockdown: 100001 confere, corrige, volta, emite e abre o PDF', async ({ page }) => {
  await entrar(page, '100001');
  await page.goto('/minha-conta/declaracao-lockdown');
  await expect(
    page.getByRole('heading', {
      name: 'Confira os dados abaixo, corrija as informações que estiverem incorretas e complemente as que estiverem faltando:',
    }),
  ).toBeVisible();
  await expect(page.getByLabel('Nome completo')).toHaveValue('JOSÉ CARLOS DA SILVA');
  await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-25');
  await conferirPasso(page, 'lockdown-dados');

  const confirmar = page.getByRole('button', { name: 'Confirmar dados' });
  await expect(confirmar).toBeEnabled();

  // Each rule: a message beside the field and the button disabled.
  const bairro = page.getByLabel('Bairro');
  await bairro.fill('');
  await bairro.blur();
  await expect(page.getByText('Informe o bairro.')).toBeVisible();
  await expect(confirmar).toBeDisabled();
  await bairro.fill('   Boa Vista   ');
  await bairro.blur();
  await expect(bairro).toHaveValue('Boa Vista');

  const email = page.getByLabel('E-mail (opcional)');
  await email.fill('JOSE@');
  await expect(email).toHaveValue('jose@');
  await expect(page.getByText('E-mail inválido. Exemplo: nome@provedor.com.br')).toBeVisible();
  await expect(confirmar).toBeDisabled();
  await email.fill('Jose.Silva@Exemplo.com.br');
  await expect(email).toHaveValue('jose.silva@exemplo.com.br');

  const uf = page.getByLabel('UF', { exact: true });
  await limpar(uf);
  await uf.pressSequentially('pe');
  await expect(uf).toHaveValue('PE');

  const telefone = page.getByLabel('Telefone (opcional)');
  await limpar(telefone);
  await telefone.pressSequentially('81912345678');
  await expect(telefone).toHaveValue('(81) 91234-5678');

  const rg = page.getByLabel('RG nº');
  await limpar(rg);
  await rg.pressSequentially('12ab34');
  await expect(rg).toHaveValue('1234');

  const emissao = page.getByLabel('Data de emissão do RG');
  await limpar(emissao);
  await emissao.pressSequentially('31022010');
  await expect(emissao).toHaveValue('31/02/2010');
  await expect(page.getByText('Data inexistente: confira o dia, o mês e o ano.')).toBeVisible();
  await expect(confirmar).toBeDisabled();
  await limpar(emissao);
  await emissao.pressSequentially('10052010');
  await expect(confirmar).toBeEnabled();

  await confirmar.click();
  const folha = page.getByRole('article', { name: 'Texto da declaração' });
  await expect(folha).toContainText('DECLARAÇÃO DE ATIVIDADE');
  await expect(folha).toContainText('JOSÉ CARLOS DA SILVA');
  await expect(folha).toContainText('CPF sob o nº 529.982.247-25');
  await expect(folha).toContainText('RG nº 1234');
  await expect(folha).toContainText('bairro Boa Vista');
  await expect(folha).toContainText('carga e descarga');
  await expect(folha).toContainText(/Recife, \d{1,2} de [a-zç]+ de \d{4}\./);
  await expect(page.getByText('emitir declaração', { exact: true })).toBeVisible();
  await conferirPasso(page, 'lockdown-declaracao');

  // Back to the form: the corrections are kept.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByLabel('Bairro')).toHaveValue('Boa Vista');
  await expect(page.getByLabel('RG nº')).toHaveValue('1234');
  await page.getByRole('button', { name: 'Confirmar dados' }).click();

  await page.getByRole('button', { name: 'Emitir declaração' }).click();
  await expect(page.getByText('Declaração emitida com sucesso!')).toBeVisible();
  await conferirPasso(page, 'lockdown-confirmacao');
  const texto = await textoPdf(await abrirPdf(page));
  expect(texto).toContain('JOSÉ CARLOS DA SILVA');
  expect(texto).toContain('529.982.247-25');
  expect(texto).toMatch(/LKD-[A-Z0-9]{4}-[A-Z0-9]{4}/);

  // From the confirmation, Voltar leaves the flow.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);

  await page.goto('/minha-conta/declaracao-lockdown');
  await expect(page.getByText('Você já emitiu sua declaração de atividade para o lockdown!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver declaração' })).toBeVisible();
});

test('MP 945: 100001 passa pelo acesso, dados, situações e contato, volta e envia', async ({
  page,
  consoleDoNavegador,
}) => {
  // Wrong access data on purpose first: the server answers 403.
  consoleDoNavegador.aceitar(/status of 403 .*\/api\/mp945\/dadosAcesso/);
  await entrar(page, '100001');
  await page.goto('/minha-conta/declaracao-mp945');
  await expect(page.getByRole('heading', { name: 'Informe os dados abaixo para prosseguir:' })).toBeVisible();
  const confirmar = page.getByRole('button', { name: 'Confirmar dados' });
  await expect(confirmar).toBeDisabled();
  await conferirPasso(page, 'mp945-acesso');

  const cpf = page.getByLabel('CPF');
  await cpf.pressSequentially('52998224726');
  await expect(cpf).toHaveValue('529.982.247-26');
  await cpf.blur();
  await expect(page.getByText('CPF inválido: confira os números digitados.')).toBeVisible();
  await limpar(cpf);
  await cpf.pressSequentially('52998224725');
  const nascimento = page.getByLabel('Data de Nascimento');
  await nascimento.pressSequentially('16031980');
  await expect(nascimento).toHaveValue('16/03/1980');
  await expect(confirmar).toBeEnabled();

  // A birth date that is not his: the server refuses; Voltar returns to the form with what was typed.
  await confirmar.click();
  await expect(page.getByRole('alert')).toContainText(
    'CPF ou data de nascimento não conferem com o seu cadastro.',
  );
  await conferirPasso(page, 'mp945-erro');
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-25');
  await limpar(page.getByLabel('Data de Nascimento'));
  await page.getByLabel('Data de Nascimento').pressSequentially('15031980');
  await page.getByRole('button', { name: 'Confirmar dados' }).click();

  // Personal data, filled from the registry.
  await expect(page.getByLabel('Nome')).toHaveValue('JOSÉ CARLOS DA SILVA');
  await expect(page.getByLabel('PIS')).toHaveValue(/^\d{11}$/);
  const pis = page.getByLabel('PIS');
  const pisOriginal = await pis.inputValue();
  await limpar(pis);
  await pis.pressSequentially(`${pisOriginal.slice(0, 10)}${(Number(pisOriginal[10]) + 1) % 10}`);
  await pis.blur();
  await expect(page.getByText('PIS inválido: confira os números digitados.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirmar dados' })).toBeDisabled();
  await limpar(pis);
  await pis.pressSequentially(pisOriginal);
  await conferirPasso(page, 'mp945-dados');
  await page.getByRole('button', { name: 'Confirmar dados' }).click();

  // Situations: at least one.
  const confirmarSituacoes = page.getByRole('button', { name: 'Confirmar situações' });
  await expect(confirmarSituacoes).toBeDisabled();
  await page.getByLabel('Fui diagnosticado(a) com a covid-19.').check();
  await page.getByLabel(/^Tenho imunodeficiência/).check();
  await expect(confirmarSituacoes).toBeEnabled();
  await conferirPasso(page, 'mp945-situacoes');
  await confirmarSituacoes.click();

  // Contact.
  const confirmarContato = page.getByRole('button', { name: 'Confirmar dados' });
  await expect(confirmarContato).toBeDisabled();
  await page.getByLabel('Cidade').fill('Cabo de Santo Agostinho');
  await page.getByLabel('UF', { exact: true }).pressSequentially('pe');
  await expect(page.getByLabel('UF', { exact: true })).toHaveValue('PE');
  await page.getByLabel('Telefone (opcional)').pressSequentially('81987654321');
  await expect(confirmarContato).toBeEnabled();
  await conferirPasso(page, 'mp945-contato');
  await confirmarContato.click();

  const folha = page.getByRole('article', { name: 'Texto da declaração' });
  await expect(folha).toContainText('Eu, JOSÉ CARLOS DA SILVA, nascido(a) em 15/03/1980');
  await expect(folha).toContainText('529.982.247-25');
  await expect(folha).toContainText(/Cabo de Santo Agostinho\/PE, \d{2}\/\d{2}\/\d{4}\./);
  await expect(folha.locator('.declaracao-opcao.marcada')).toHaveCount(2);
  await expect(folha.locator('.declaracao-opcao.marcada').first()).toContainText('(X)');
  await expect(page.getByText('enviar declaração', { exact: true })).toBeVisible();
  await conferirPasso(page, 'mp945-declaracao');

  // Back through the steps: each keeps what was entered.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByLabel('Cidade')).toHaveValue('Cabo de Santo Agostinho');
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByLabel('Fui diagnosticado(a) com a covid-19.')).toBeChecked();
  await page.getByLabel('Estou gestante ou lactante.').check();
  await page.getByLabel('Estou gestante ou lactante.').uncheck();
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByLabel('Nome')).toHaveValue('JOSÉ CARLOS DA SILVA');
  await page.getByRole('button', { name: 'Confirmar dados' }).click();
  await page.getByRole('button', { name: 'Confirmar situações' }).click();
  await page.getByRole('button', { name: 'Confirmar dados' }).click();

  await page.getByRole('button', { name: 'Enviar declaração' }).click();
  await expect(page.getByText('Declaração enviada com sucesso!')).toBeVisible();
  await conferirPasso(page, 'mp945-confirmacao');
  const texto = await textoPdf(await abrirPdf(page));
  expect(texto).toContain('JOSÉ CARLOS DA SILVA');
  expect(texto).toMatch(/\(X\) Fui diagnosticado\(a\) com a covid-19/);
  expect(texto).toMatch(/AFT-[A-Z0-9]{4}-[A-Z0-9]{4}/);

  await page.goto('/minha-conta/declaracao-mp945');
  await expect(page.getByText('Você já enviou sua declaração de afastamento ao OGMO!')).toBeVisible();
});

test('não habilitado (100002): o aviso de procurar o OGMO nas duas declarações', async ({ page }) => {
  await entrar(page, '100002');
  await page.goto('/minha-conta/declaracao-lockdown');
  await expect(
    page.getByText(
      'Favor entrar em contato com o OGMO para solicitar a liberação da declaração de atividade para o lockdown!',
    ),
  ).toBeVisible();
  await conferirPasso(page, 'lockdown-nao-habilitado');
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(/\/minha-conta$/);

  await page.goto('/minha-conta/declaracao-mp945');
  await expect(
    page.getByText(
      'Favor entrar em contato com o OGMO para verificar a liberação da declaração de afastamento!',
    ),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Voltar' })).toBeEnabled();
});

test('verificação pública: um código verdadeiro e um inventado, sem login', async ({ page, browser }) => {
  await entrar(page, '100004');
  await page.goto('/minha-conta/declaracao-lockdown');
  await expect(page.getByText('Você já emitiu sua declaração de atividade para o lockdown!')).toBeVisible();
  const href = (await page.getByRole('link', { name: 'Ver declaração' }).getAttribute('href')) ?? '';
  const pdf = await page.request.get(href);
  const codigo = /LKD-[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(await textoPdf(Buffer.from(await pdf.body())))?.[0];
  expect(codigo).toBeTruthy();

  // A visitor whose phone is set to Tokyo still reads the port's time (docs/decisions/0121-fuso-do-porto.md).
  const anonimo = await browser.newContext({
    viewport: TELAS.celular,
    locale: 'pt-BR',
    timezoneId: 'Asia/Tokyo',
  });
  const visitante = await anonimo.newPage();
  const resposta = visitante.waitForResponse((r) => r.url().includes('/api/verificacao/'));
  await visitante.goto(`/verificar/${codigo}`);
  await expect(visitante.getByRole('heading', { name: 'Declaração autêntica' })).toBeVisible();
  const { emitidaEm } = ((await (await resposta).json()) as { dados: { emitidaEm: string } }).dados;
  await expect(visitante.getByRole('definition').filter({ hasText: / às / })).toHaveText(
    horaDoPorto(emitidaEm, { day: '2-digit', month: '2-digit', year: 'numeric' }),
  );
  await expect(visitante.getByText('SEVERINO DOS SANTOS CAVALCANTI')).toBeVisible();
  await expect(visitante.getByText(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/)).toBeVisible();
  await expect(visitante.getByText('Declaração de atividade para o lockdown')).toBeVisible();
  await conferirPasso(visitante, 'verificacao');

  await visitante.getByLabel('Verificar outro código').fill('lkd-2222-2222');
  await visitante.getByRole('button', { name: 'Verificar' }).click();
  await expect(visitante).toHaveURL(/\/verificar\/LKD-2222-2222$/);
  await expect(visitante.getByRole('heading', { name: 'Declaração não encontrada' })).toBeVisible();
  await conferirPasso(visitante, 'verificacao-invalida');
  await anonimo.close();
});
