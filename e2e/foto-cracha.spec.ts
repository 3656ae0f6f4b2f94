import sharp from 'sharp';
import { conferirTela, entrar, expect, servidorProprio, test } from './apoio.ts';

/**
 * The badge photo sent from the worker's file (issue 30, docs/decisions/0234) in Chromium. A server and database
 * of its own (E2E_PORT + 14): the photo it changes is the one other specs show on the worker's badge.
 */
const BASE = servidorProprio(14);

test.use({ baseURL: BASE, locale: 'pt-BR', timezoneId: 'America/Recife' });

test('900003 envia a foto do crachá pela ficha: aparece, vai ao histórico; um arquivo falso é recusado', async ({
  page,
  consoleDoNavegador,
}) => {
  // The refusal of the fake file below is an answer 400 the browser reports.
  consoleDoNavegador.aceitar(/status of 400 .*\/api\/gestao\/trabalhadores\/100002\/foto/);
  await entrar(page, '900003');
  await page.goto('/gestao/trabalhadores/100002');
  const secao = page.getByRole('region', { name: 'Foto do crachá' });
  await expect(secao).toBeVisible();

  // Not a picture: the server says so in Portuguese and nothing changes on screen.
  await secao.getByLabel(/Trocar a foto|Enviar foto/).setInputFiles({
    name: 'falsa.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('isto não é uma imagem'),
  });
  await expect(
    secao.getByText('O arquivo não é uma imagem JPEG, PNG ou WebP válida.', { exact: false }),
  ).toBeVisible();

  const foto = await sharp({ create: { width: 900, height: 1200, channels: 3, background: '#2255aa' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Fulano' } })
    .toBuffer();
  await secao.getByLabel(/Trocar a foto|Enviar foto/).setInputFiles({
    name: 'cracha.jpg',
    mimeType: 'image/jpeg',
    buffer: foto,
  });
  await expect(secao.getByRole('status')).toHaveText('Foto do crachá trocada.');
  const imagem = secao.getByRole('img', { name: /^Foto de / });
  await expect(imagem).toHaveAttribute('src', /\/api\/fotos\/100002\?exp=\d+&sig=.+&v=1$/);
  // The server's copy, fitted into 600 × 800, is what the browser shows.
  await expect.poll(() => imagem.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(600);
  await expect(page.getByText('Foto do crachá trocada').first()).toBeVisible();
  await expect(page.getByText(/sha256:[0-9a-f]{64}/).first()).toBeVisible();
  await conferirTela(page, 'ficha-foto');
});
