import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { extractText, getDocumentProxy } from 'unpdf';
import { conferirTela, entrar, expect, servidorProprio, test } from './apoio.ts';

/**
 * The payroll's file (issue 25): 900004 imports a month's payslip with errors, sees them by line and column,
 * fixes the file and imports it; worker 100001 is told on the home, finds the payslip in Minha conta, opens its
 * PDF and sees the job marked paid. A server and database of its own (E2E_PORT + 5): the import writes
 * documents and messages the other specs must not see.
 */
const DESLOCAMENTO = 5;
const BASE = servidorProprio(DESLOCAMENTO);

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE });

const NUMERO = 990001;

/** yyyy-mm-dd in the port's time zone, `dias` from today. */
function diaLocal(dias: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Recife' }).format(
    new Date(Date.now() + dias * 86_400_000),
  );
}
const DIA = diaLocal(-3);
const [ANO, MES, DD] = DIA.split('-') as [string, string, string];

const CABECALHO =
  'matricula;numero;tipo;competencia;movimento;turno;operacao;operador;navio;porao;funcao;sindicato;emissao;codigo_verba;descricao_verba;referencia_verba;natureza;valor;total_proventos;total_descontos;liquido';

function linhas(salario: string, matriculaDoSegundo: string): string {
  const emissao = new Date(Date.now() - 3_600_000).toISOString();
  const doc = (matricula: string, numero: number) =>
    `${matricula};${numero};Normal;${MES}/${ANO};${DD}/${MES}/${ANO};07-13;Descarga de contêineres;TECON SUAPE;MSC AURORA E2E;2;Estivador;Estivador;${emissao}`;
  return [
    CABECALHO,
    `${doc('100001', NUMERO)};001;Salário (MMO);6 h;P;${salario};412,37;30,93;381,44`,
    `${doc('100001', NUMERO)};101;INSS;7,5%;D;30,93;412,37;30,93;381,44`,
    `${doc(matriculaDoSegundo, NUMERO + 1)};001;Salário (MMO);6 h;P;100,00;100,00;0,00;100,00`,
  ].join('\r\n');
}

/** The job the portal engaged 100001 in, three days ago (the file pays it). */
function inserirTrabalho() {
  const porta = Number(process.env.E2E_PORT ?? 8181) + DESLOCAMENTO;
  const db = new Database(
    path.resolve(import.meta.dirname, 'artifacts', `banco-${porta}`, 'portal-tpa.sqlite'),
  );
  db.pragma('busy_timeout = 5000');
  const data = DIA.replaceAll('-', '');
  const inicio = new Date(`${DIA}T07:00:00-03:00`).toISOString();
  const fim = new Date(`${DIA}T13:00:00-03:00`).toISOString();
  db.prepare(
    `insert into trabalho (cod_avulso, data_operacao, hora_inicio, hora_fim, inicio, fim, operador, navio,
      local_atracacao, mercadoria, faina, cod_funcao, funcao, num_escalacao)
     values ('100001', ?, 7, 13, ?, ?, 'TECON SUAPE', 'MSC AURORA E2E', 'Cais 3', 'Contêineres', 'Porão 2', 101, 'Estivador', 4518)`,
  ).run(data, inicio, fim);
  db.close();
}

async function novaPagina(browser: Browser): Promise<Page> {
  return (
    await browser.newContext({ baseURL: BASE, locale: 'pt-BR', timezoneId: 'America/Recife' })
  ).newPage();
}

test('900004 importa um arquivo com erros, corrige e importa; 100001 vê o contracheque, o PDF e o trabalho pago', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  inserirTrabalho();

  const staff = await novaPagina(browser);
  await entrar(staff, '900004');
  await staff.getByRole('link', { name: 'Importar a folha' }).click();
  await expect(staff).toHaveURL(/\/gestao\/financeiro$/);
  await expect(staff.getByRole('heading', { level: 1, name: 'Folha de pagamento' })).toBeVisible();
  // The demo's own four files, imported at seed time by 900004.
  await expect(staff.getByRole('table', { name: 'Importações da folha' }).locator('tbody tr')).toHaveCount(4);
  await conferirTela(staff, 'financeiro-inicio');

  await staff.getByLabel('Tipo de arquivo').selectOption('contracheque');
  const arquivo = staff.getByLabel('Arquivo CSV');
  await arquivo.setInputFiles({
    name: 'folha-ruim.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(linhas('412,3', '999999'), 'latin1'),
  });
  await staff.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(staff.getByText('O arquivo tem 2 erros: nada foi importado.')).toBeVisible();
  const erros = staff.getByRole('table', { name: 'Erros do arquivo' }).locator('tbody tr');
  await expect(erros).toHaveCount(2);
  await expect(erros.nth(0)).toContainText('2');
  await expect(erros.nth(0)).toContainText('valor');
  await expect(erros.nth(0)).toContainText('Valor com duas casas decimais');
  await expect(staff.getByRole('table', { name: 'Erros do arquivo' })).toContainText(
    'Matrícula 999999 não cadastrada no portal.',
  );
  await conferirTela(staff, 'financeiro-erros');

  // The corrected file (Windows-1252, as a spreadsheet saves it): checked first, then imported.
  await arquivo.setInputFiles({
    name: 'folha.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(linhas('412,37', '100002'), 'latin1'),
  });
  await staff.getByRole('button', { name: 'Conferir sem importar' }).click();
  await expect(staff.getByText('Arquivo conferido, sem erros: nada foi gravado.')).toBeVisible();
  await staff.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(staff.getByText(/^Importação nº \d+ gravada\.$/)).toBeVisible();
  await expect(staff.getByText('2 criados')).toBeVisible();
  await expect(staff.getByText('1 conciliado com os trabalhos do portal, 1 sem trabalho')).toBeVisible();
  const historico = staff.getByRole('table', { name: 'Importações da folha' }).locator('tbody tr');
  await expect(historico).toHaveCount(5);
  await historico
    .first()
    .getByRole('button', { name: /^Ver nº/ })
    .click();
  await expect(staff.getByRole('heading', { name: /^Relatório da importação nº/ })).toBeVisible();
  await expect(staff.getByRole('table', { name: 'Contracheques sem trabalho no portal' })).toContainText(
    '100002',
  );
  await conferirTela(staff, 'financeiro-importado');

  const trabalhador = await novaPagina(browser);
  await trabalhador.goto('/login');
  await trabalhador.getByLabel('Usuário').fill('100001');
  await trabalhador.getByLabel('Senha').fill('123456');
  await trabalhador.getByRole('button', { name: 'Confirmar' }).click();
  // The home's messages come one at a time, the demo's own first; ours is among them, once.
  const avisos: string[] = [];
  const dialogo = trabalhador.getByRole('dialog');
  for (let i = 0; i < 6; i++) {
    await expect(dialogo).toBeVisible();
    avisos.push((await dialogo.textContent()) ?? '');
    await dialogo.getByRole('button', { name: 'Fechar' }).click();
    if (avisos.at(-1)?.includes('contracheque')) break;
  }
  expect(avisos.filter((a) => a.includes(`Seu contracheque de ${DD}/${MES} está disponível.`))).toHaveLength(
    1,
  );

  await trabalhador.goto('/minha-conta/ultimos-trabalhos');
  const linhaPaga = trabalhador.locator('tr', { hasText: 'MSC AURORA E2E' });
  await expect(linhaPaga).toContainText(`Pago nº ${NUMERO}`);
  await conferirTela(trabalhador, 'financeiro-trabalho-pago');
  await linhaPaga.getByRole('button', { name: /^Detalhes do trabalho/ }).click();
  const modal = trabalhador.getByRole('dialog', { name: 'Detalhes do Trabalho' });
  await expect(modal).toContainText(`Contracheque nº ${NUMERO} (Normal)`);
  const download = trabalhador.waitForEvent('download');
  await modal.getByRole('button', { name: /^Baixar PDF/ }).click();
  const pdf = await download;
  expect(pdf.suggestedFilename()).toBe(`CC-100001-${NUMERO}.pdf`);
  const documento = await getDocumentProxy(new Uint8Array(readFileSync(await pdf.path())));
  const texto = (await extractText(documento, { mergePages: true })).text;
  expect(texto).toContain('MSC AURORA E2E');
  expect(texto).toContain('R$ 381,44');
  expect(texto).toContain('Descarga de contêineres');
  await modal.getByRole('button', { name: 'Fechar' }).click();

  await trabalhador.goto('/minha-conta/financeiro/contracheques');
  await expect(trabalhador.getByText('R$ 381,44').first()).toBeVisible();
});

test('um trabalhador não entra em /gestao/financeiro', async ({ browser }) => {
  const page = await novaPagina(browser);
  await entrar(page, '100001');
  await page.goto('/gestao/financeiro');
  await expect(page).toHaveURL(/\/inicio$/);
});
