import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

/**
 * The app's PNG icons (web manifest, iOS home screen) drawn from web/public/favicon.svg by Debian's
 * Chromium, so the mark has one source. Run after changing the SVG: `node scripts/gerar-icones.ts`;
 * the PNGs are committed (a few KB) so the build needs no browser.
 */
const raiz = path.resolve(import.meta.dirname, '..');
const svg = readFileSync(path.join(raiz, 'web/public/favicon.svg'), 'utf8');
const destino = path.join(raiz, 'web/public/icones');
mkdirSync(destino, { recursive: true });

/** `margem` leaves the safe zone of a maskable icon (80 % of the side) to the mark. */
const icones = [
  { nome: 'icone-192.png', lado: 192, margem: 0, fundo: 'transparent' },
  { nome: 'icone-512.png', lado: 512, margem: 0, fundo: 'transparent' },
  { nome: 'icone-maskable-512.png', lado: 512, margem: 0.12, fundo: '#0b3a66' },
  { nome: 'apple-touch-icon.png', lado: 180, margem: 0.06, fundo: '#0b3a66' },
];

const navegador = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const { nome, lado, margem, fundo } of icones) {
    const pagina = await navegador.newPage({ viewport: { width: lado, height: lado } });
    const interno = Math.round(lado * (1 - 2 * margem));
    await pagina.setContent(
      `<html><body style="margin:0;background:${fundo};display:grid;place-items:center;height:${lado}px">` +
        `<div style="width:${interno}px;height:${interno}px">${svg.replace('<svg ', `<svg width="${interno}" height="${interno}" `)}</div></body></html>`,
    );
    await pagina.screenshot({ path: path.join(destino, nome), omitBackground: fundo === 'transparent' });
    await pagina.close();
  }
} finally {
  await navegador.close();
}
console.log(`ícones em ${path.relative(raiz, destino)}`);
