import type { APIRequestContext } from '@playwright/test';
import { conferirTela, entrar, expect, servidorProprio, sessaoApi, test } from './apoio.ts';

/**
 * The second round from the call's page (docs/decisions/0217, 0268), on a server of its own with the port's
 * REPESCAGEM policy on (E2E_PORT + 102): a published call with vacancies left offers "Abrir repescagem"; the
 * confirmation says how many and who may choose; the new draft says whose round it is.
 */
const BASE = servidorProprio(102, { REPESCAGEM: '1' });

test.use({ baseURL: BASE });

/** The staff's API session (token and XSRF), for the call's steps the test does not look at. */
async function equipeApi(): Promise<{
  api: APIRequestContext;
  post: (url: string, data?: unknown) => Promise<{ status: number; corpo: { dados?: unknown } }>;
}> {
  const { api, cabecalhos } = await sessaoApi(BASE, '900002');
  return {
    api,
    post: async (url, data) => {
      const r = await api.post(url, {
        headers: cabecalhos,
        ...(data === undefined ? {} : { data }),
      });
      return { status: r.status(), corpo: (await r.json()) as { dados?: unknown } };
    },
  };
}

/** yyyy-mm-dd in the port's time zone, tomorrow: the shift below has not ended. */
function amanha(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Recife' }).format(
    new Date(Date.now() + 86_400_000),
  );
}

test('a escala publicada com vagas sobrando abre a repescagem, com confirmação', async ({ page }) => {
  test.setTimeout(120_000);
  const { api, post } = await equipeApi();
  // The demo's open call would keep this one from opening.
  expect((await post('/api/gestao/escalas/4521/fechar')).status).toBe(200);
  const dia = amanha();
  const criada = await post('/api/gestao/escalas', { dataChamada: dia, horaChamada: '06:00' });
  expect(criada.status).toBe(200);
  const num = (criada.corpo.dados as { numEscalacao: number }).numEscalacao;
  const req = await post(`/api/gestao/escalas/${num}/requisicoes`, {
    codOperador: 11,
    codNavio: 501,
    dataOperacao: dia.replaceAll('-', ''),
    codPeriodo: 1,
    horaInicio: 7,
    horaFim: 13,
    codLocalAtrac: '1',
    poroes: [
      {
        numPorao: 'PR01',
        nomeMercadoria: 'Contêineres',
        tonelagem: 1000,
        funcoes: [{ codFuncao: 101, numVagas: 2 }],
      },
    ],
  });
  expect(req.status, JSON.stringify(req.corpo)).toBe(200);
  for (const passo of ['abrir', 'fechar', 'rodizio', 'publicar']) {
    const r = await post(`/api/gestao/escalas/${num}/${passo}`);
    expect(r.status, `${passo}: ${JSON.stringify(r.corpo)}`).toBe(200);
  }
  await api.dispose();

  await entrar(page, '900002');
  await page.goto(`/gestao/escalas/${num}`);
  await expect(page.getByRole('heading', { name: `Escala nº ${num}` })).toBeVisible();
  await page.getByRole('button', { name: 'Abrir repescagem' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Abrir repescagem' });
  await expect(dialogo).toContainText('2 vagas que sobraram');
  await expect(dialogo).toContainText('Só quem não foi engajado nesta escala poderá escolher');
  await conferirTela(page, 'gestao-repescagem-confirmacao', { soTela: true });
  await dialogo.getByRole('button', { name: 'Criar repescagem' }).click();

  await expect(page).not.toHaveURL(new RegExp(`/gestao/escalas/${num}$`));
  await expect(page.getByText(`Repescagem da escala nº ${num}`)).toBeVisible();
  await expect(page.getByText('Rascunho').first()).toBeVisible();
  await page.getByRole('link', { name: `escala nº ${num}` }).click();
  await expect(page.getByRole('heading', { name: `Escala nº ${num}` })).toBeVisible();
  await expect(page.getByText('Repescagem desta escala:')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abrir repescagem' })).toHaveCount(0);
});
