/// <reference lib="dom" />
// The checks below run inside the page (page.evaluate) and need the DOM's types.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page, request } from '@playwright/test';

export { expect };

export const TELAS = {
  celular: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Screenshots go here; e2e/artifacts/ is ignored by git. */
const DIR_CAPTURAS = path.resolve(import.meta.dirname, 'artifacts', 'capturas');

/** What a test may see in the console without failing: the messages it provokes on purpose. */
type Opcoes = { consoleEsperado: RegExp[] };

/** The console check of a test: `aceitar` adds a message the test provokes on purpose. */
export interface ConsoleDoNavegador {
  aceitar(padrao: RegExp): void;
  readonly erros: readonly string[];
}

/**
 * A photo link of a worker without a photo answers 404 by design and the client shows the initials
 * (docs/produto/decisoes.md §1); Chromium logs that 404, which is no defect.
 */
const SEMPRE_ACEITOS = [/status of 404 .*\/api\/fotos\//];

/**
 * Every spec imports `test` from here: a test fails when the page logs a console error, React Router's
 * missing-HydrateFallback warning, or throws an uncaught error (docs/decisions/0120-telas-conferidas.md).
 * A test that provokes an error on purpose (a wrong password answers 401, a cut network, which Chromium
 * logs) says so: `consoleDoNavegador.aceitar(/status of 401/)` in its body, or
 * `test.use({ consoleEsperado: [/status of 401/] })` for a whole group.
 */
export const test = base.extend<Opcoes & { consoleDoNavegador: ConsoleDoNavegador }>({
  consoleEsperado: [[], { option: true }],
  consoleDoNavegador: [
    async ({ page, consoleEsperado }, use) => {
      const erros: string[] = [];
      const aceitos = [...SEMPRE_ACEITOS, ...consoleEsperado];
      const esperado = (texto: string) => aceitos.some((p) => p.test(texto));
      page.on('console', (msg) => {
        // A failed resource names its address only in the location.
        const texto = /^Failed to load resource/.test(msg.text())
          ? `${msg.text()} ${msg.location().url}`
          : msg.text();
        const tipo = msg.type();
        const relevante = tipo === 'error' || (tipo === 'warning' && /HydrateFallback/.test(texto));
        if (relevante && !esperado(texto)) erros.push(`console.${tipo}: ${texto}`);
      });
      page.on('pageerror', (erro) => {
        if (!esperado(erro.message)) erros.push(`pageerror: ${erro.message}`);
      });
      await use({ aceitar: (padrao) => aceitos.push(padrao), erros });
      expect(erros, 'erros no console do navegador').toEqual([]);
    },
    { auto: true },
  ],
});

/** The controls a finger must hit (docs/decisions/0120-telas-conferidas.md). */
const CONTROLES = 'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"]';
const ALVO_MINIMO = 44;

type Problema = { onde: string; detalhe: string };

/**
 * What overflows at the current width: the page scrolling sideways, a box whose content is cut
 * (overflow hidden/clip with wider content, or an ellipsis), or text spilling out of its box.
 */
async function transbordamentos(page: Page): Promise<Problema[]> {
  return page.evaluate(() => {
    const problemas: { onde: string; detalhe: string }[] = [];
    const descrever = (el: Element) => {
      const id = el.id ? `#${el.id}` : '';
      const classes =
        typeof el.className === 'string' && el.className
          ? `.${el.className.trim().split(/\s+/).join('.')}`
          : '';
      const texto = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${id}${classes} «${texto}»`;
    };
    const raiz = document.documentElement;
    if (raiz.scrollWidth > raiz.clientWidth) {
      problemas.push({
        onde: 'página',
        detalhe: `rola de lado: ${raiz.scrollWidth} px em ${raiz.clientWidth} px`,
      });
    }
    // Visually hidden on purpose (clipped to nothing, like a stacked table's header): not on screen.
    const recortado = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) {
        const est = getComputedStyle(e);
        if ((est.clip !== 'auto' && est.clip !== '') || est.clipPath !== 'none') return true;
      }
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!(el instanceof HTMLElement) || el.closest('[aria-hidden="true"], .visualmente-oculto')) continue;
      // A text field scrolls its own text under the caret; its width is checked by the targets' rule.
      if (
        el instanceof HTMLInputElement ||
        el instanceof HTMLTextAreaElement ||
        el instanceof HTMLSelectElement
      )
        continue;
      if (recortado(el)) continue;
      const estilo = getComputedStyle(el);
      if (estilo.display === 'inline' || estilo.display === 'contents' || estilo.visibility === 'hidden')
        continue;
      if (el.clientWidth === 0 || el.getClientRects().length === 0) continue;
      const sobra = el.scrollWidth - el.clientWidth;
      if (sobra <= 1) continue;
      const corta =
        estilo.overflowX === 'hidden' || estilo.overflowX === 'clip' || estilo.textOverflow === 'ellipsis';
      // A box that lets its own text out (overflow visible) spills over its neighbours.
      const textoProprio = Array.from(el.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      );
      if (corta || (estilo.overflowX === 'visible' && textoProprio)) {
        problemas.push({
          onde: descrever(el),
          detalhe: `conteúdo ${sobra} px mais largo que a caixa (${estilo.overflowX})`,
        });
      } else if (estilo.overflowX === 'auto' || estilo.overflowX === 'scroll') {
        // A table that scrolls sideways inside its card hides columns from a worker at 360 px.
        if (el.querySelector('table')) {
          problemas.push({ onde: descrever(el), detalhe: `tabela rola de lado: ${sobra} px escondidos` });
        }
      }
    }
    return problemas;
  });
}

/**
 * An open dialog's controls (Fechar, Baixar PDF…) must show without scrolling: each lies inside the
 * viewport and inside every box that clips it.
 */
async function controlesDoDialogoEscondidos(page: Page): Promise<Problema[]> {
  return page.evaluate((seletor) => {
    const problemas: { onde: string; detalhe: string }[] = [];
    for (const dialogo of Array.from(
      document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]'),
    )) {
      for (const el of Array.from(dialogo.querySelectorAll(seletor))) {
        const caixa = el.getBoundingClientRect();
        if (caixa.width <= 1 || caixa.height <= 1) continue;
        let visivel = { top: 0, bottom: window.innerHeight, left: 0, right: window.innerWidth };
        for (let pai = el.parentElement; pai && pai !== document.body; pai = pai.parentElement) {
          const estilo = getComputedStyle(pai);
          if (estilo.overflowX === 'visible' && estilo.overflowY === 'visible') continue;
          const r = pai.getBoundingClientRect();
          visivel = {
            top: Math.max(visivel.top, r.top),
            bottom: Math.min(visivel.bottom, r.bottom),
            left: Math.max(visivel.left, r.left),
            right: Math.min(visivel.right, r.right),
          };
        }
        const dentro =
          caixa.top >= visivel.top - 0.5 &&
          caixa.bottom <= visivel.bottom + 0.5 &&
          caixa.left >= visivel.left - 0.5 &&
          caixa.right <= visivel.right + 0.5;
        if (!dentro) {
          const nome = (el.getAttribute('aria-label') ?? el.textContent ?? '')
            .trim()
            .replace(/\s+/g, ' ')
            .slice(0, 40);
          problemas.push({
            onde: `${el.tagName.toLowerCase()} «${nome}»`,
            detalhe: 'fora da tela sem rolar',
          });
        }
      }
    }
    return problemas;
  }, CONTROLES);
}

/**
 * Controls something else lies over (a sticky bar over the last row): each is scrolled to the middle of
 * its scroll box, as far as the page lets it, and must then be what a tap at its centre hits. With a
 * dialog open only the dialog's controls count (the rest is behind it on purpose).
 */
async function controlesCobertos(page: Page): Promise<Problema[]> {
  return page.evaluate((seletor) => {
    const problemas: { onde: string; detalhe: string }[] = [];
    const dialogo = document.querySelector('[role="dialog"], [role="alertdialog"], dialog[open]');
    const raiz: ParentNode = dialogo ?? document;
    const antes = { x: window.scrollX, y: window.scrollY };
    for (const el of Array.from(raiz.querySelectorAll(seletor))) {
      if (!(el instanceof HTMLElement) || el.closest('[aria-hidden="true"], [inert]')) continue;
      let alvo: HTMLElement = el;
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        alvo = el.closest('label') ?? el;
      }
      if (getComputedStyle(alvo).visibility === 'hidden') continue;
      let caixa = alvo.getBoundingClientRect();
      if (caixa.width <= 1 || caixa.height <= 1) continue;
      alvo.scrollIntoView({ block: 'center', inline: 'nearest' });
      caixa = alvo.getBoundingClientRect();
      // Placed off screen until focused (the skip link): nothing to tap.
      if (
        caixa.bottom <= 0 ||
        caixa.top >= window.innerHeight ||
        caixa.right <= 0 ||
        caixa.left >= window.innerWidth
      )
        continue;
      const x = Math.min(Math.max(caixa.left + caixa.width / 2, 0), window.innerWidth - 1);
      const y = Math.min(Math.max(caixa.top + caixa.height / 2, 0), window.innerHeight - 1);
      const tocado = document.elementFromPoint(x, y);
      if (tocado && !alvo.contains(tocado) && !tocado.contains(alvo)) {
        const nome = (el.getAttribute('aria-label') ?? el.textContent ?? '')
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 40);
        const sobre =
          tocado.className && typeof tocado.className === 'string'
            ? `.${tocado.className.split(' ')[0]}`
            : '';
        problemas.push({
          onde: `${el.tagName.toLowerCase()} «${nome}»`,
          detalhe: `coberto por ${tocado.tagName.toLowerCase()}${sobre}`,
        });
      }
    }
    window.scrollTo(antes.x, antes.y);
    return problemas;
  }, CONTROLES);
}

/** Visible controls smaller than 44×44 px (a check box or radio counts with its label). */
async function alvosPequenos(page: Page): Promise<Problema[]> {
  return page.evaluate(
    ({ seletor, minimo }) => {
      const problemas: { onde: string; detalhe: string }[] = [];
      for (const el of Array.from(document.querySelectorAll(seletor))) {
        if (!(el instanceof HTMLElement)) continue;
        let alvo: HTMLElement = el;
        if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
          alvo =
            el.closest('label') ??
            (el.id ? document.querySelector<HTMLElement>(`label[for="${el.id}"]`) : null) ??
            el;
        }
        const estilo = getComputedStyle(alvo);
        if (estilo.visibility === 'hidden' || alvo.closest('[aria-hidden="true"], [inert]')) continue;
        const caixa = alvo.getBoundingClientRect();
        // Visually hidden (sr-only) controls and ones not rendered are not targets.
        if (caixa.width <= 1 || caixa.height <= 1) continue;
        if (caixa.width + 0.5 < minimo || caixa.height + 0.5 < minimo) {
          const nome = (el.getAttribute('aria-label') ?? el.textContent ?? '')
            .trim()
            .replace(/\s+/g, ' ')
            .slice(0, 40);
          problemas.push({
            onde: `${el.tagName.toLowerCase()} «${nome}»`,
            detalhe: `${Math.round(caixa.width)}×${Math.round(caixa.height)} px`,
          });
        }
      }
      return problemas;
    },
    { seletor: CONTROLES, minimo: ALVO_MINIMO },
  );
}

/**
 * axe-core violations that fail a screen: every serious or critical one, and the moderate rules the
 * portal holds itself to (docs/decisions/0120-telas-conferidas.md).
 */
const REGRAS_MODERADAS = [
  'heading-order',
  'page-has-heading-one',
  'landmark-unique',
  'landmark-one-main',
  'region',
];

async function violacoesAxe(page: Page): Promise<Problema[]> {
  const resultado = await new AxeBuilder({ page }).analyze();
  return resultado.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || REGRAS_MODERADAS.includes(v.id))
    .map((v) => ({
      onde: v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', '),
      detalhe: `${v.id} (${v.impact}): ${v.help}`,
    }));
}

/** Saves a screenshot as a test artifact (e2e/artifacts/capturas/<nome>.png). */
export async function capturar(page: Page, nome: string, paginaInteira = true): Promise<void> {
  mkdirSync(DIR_CAPTURAS, { recursive: true });
  await page.screenshot({ path: path.join(DIR_CAPTURAS, `${nome}.png`), fullPage: paginaInteira });
}

export type OpcoesConferencia = {
  /** A fixed full-screen layer (a modal, the badge): the shot shows the viewport, not the page. */
  soTela?: boolean;
  /** Waits until the screen is ready again after each resize (e.g. a lazy part re-rendered). */
  pronta?: (page: Page) => Promise<void>;
};

/**
 * Checks the screen now shown, as a worker's phone (360×740) and a desktop (1280×800) see it, and saves
 * both screenshots as `<nome>-celular.png` / `<nome>-desktop.png`:
 * - axe-core: no serious or critical violation (nor the moderate rules above), at both widths;
 * - at 360 px: nothing overflows sideways or is cut, every visible control is at least 44×44 px.
 * The page comes back at the viewport it had. Console errors are checked by the `test` fixture.
 */
export async function conferirTela(page: Page, nome: string, opcoes: OpcoesConferencia = {}): Promise<void> {
  // Each screen checked brings its own time (axe twice, the walks, two shots), on a loaded machine too.
  test.info().setTimeout(test.info().timeout + 20_000);
  const anterior = page.viewportSize();
  const problemas: string[] = [];
  for (const [largura, tela] of Object.entries(TELAS)) {
    await page.setViewportSize(tela);
    await opcoes.pronta?.(page);
    // Let layout settle after the resize (fonts, a lazy image) before measuring.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    for (const p of await violacoesAxe(page)) problemas.push(`[${largura}] axe ${p.detalhe} em ${p.onde}`);
    for (const p of await controlesCobertos(page))
      problemas.push(`[${largura}] coberto: ${p.onde}: ${p.detalhe}`);
    if (largura === 'celular') {
      for (const p of await transbordamentos(page))
        problemas.push(`[${largura}] transborda: ${p.onde}: ${p.detalhe}`);
      for (const p of await alvosPequenos(page))
        problemas.push(`[${largura}] alvo pequeno: ${p.onde}: ${p.detalhe}`);
      for (const p of await controlesDoDialogoEscondidos(page))
        problemas.push(`[${largura}] diálogo: ${p.onde}: ${p.detalhe}`);
    }
    if (!opcoes.soTela) {
      // A full-page shot of a scrolled page draws the sticky bars mid-page: shoot it from the top.
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    await capturar(page, `${nome}-${largura}`, !opcoes.soTela);
  }
  if (anterior) await page.setViewportSize(anterior);
  expect.soft(problemas, `problemas na tela ${nome}`).toEqual([]);
}

/** A tablet held upright: the width between the phone and the desktop that `conferirTela` measures. */
export const TABLET = { width: 768, height: 1024 } as const;

/**
 * The checks of `conferirTela` (axe, covered controls, overflow, small targets) at the tablet's width only, for the
 * screens whose issue names the tablet too (issues 27 and 30); leaves the viewport as it found it.
 */
export async function conferirNoTablet(page: Page, nome: string): Promise<void> {
  const anterior = page.viewportSize();
  await page.setViewportSize(TABLET);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const problemas: string[] = [];
  for (const p of await violacoesAxe(page)) problemas.push(`axe ${p.detalhe} em ${p.onde}`);
  for (const p of await controlesCobertos(page)) problemas.push(`coberto: ${p.onde}: ${p.detalhe}`);
  for (const p of await transbordamentos(page)) problemas.push(`transborda: ${p.onde}: ${p.detalhe}`);
  for (const p of await alvosPequenos(page)) problemas.push(`alvo pequeno: ${p.onde}: ${p.detalhe}`);
  await capturar(page, `${nome}-tablet`, true);
  if (anterior) await page.setViewportSize(anterior);
  expect.soft(problemas, `problemas na tela ${nome} no tablet`).toEqual([]);
}

/**
 * An instant as the port's clock shows it (the e2e server runs with the default FUSO_HORARIO,
 * America/Recife): 'dd/MM/yyyy às HH:mm' with a date, 'HH:mm:ss' without.
 */
export function horaDoPorto(iso: string, data?: Intl.DateTimeFormatOptions): string {
  const partes = Object.fromEntries(
    new Intl.DateTimeFormat('pt-BR', {
      timeZone: 'America/Recife',
      hourCycle: 'h23',
      hour: '2-digit',
      minute: '2-digit',
      ...(data ? {} : { second: '2-digit' }),
      ...data,
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  const hora = data ? `${partes.hour}:${partes.minute}` : `${partes.hour}:${partes.minute}:${partes.second}`;
  return data ? `${partes.day}/${partes.month}/${partes.year} às ${hora}` : hora;
}

/** Closes every queued service message, if any shows (a message reappears only until closed once). */
export async function fecharMensagens(page: Page): Promise<void> {
  for (let i = 0; i < 10; i++) {
    const fechar = page.getByRole('dialog').getByRole('button', { name: 'Fechar' });
    try {
      await fechar.waitFor({ state: 'visible', timeout: 1500 });
    } catch {
      return;
    }
    await fechar.click();
  }
}

/**
 * Records every element removed from inside #raiz, from before the page's first script (decisions 0191,
 * 0192: a client that hydrates keeps the HTML's nodes; one that renders over them removes div.app). Call
 * before the navigation; `removidosDaRaiz` answers what was removed, as `tag.class`.
 */
export async function vigiarRemocoesNaRaiz(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const removidos: string[] = [];
    (window as unknown as { removidos: string[] }).removidos = removidos;
    new MutationObserver((mudancas) => {
      for (const m of mudancas) {
        if (!(m.target instanceof Element) || m.target.closest('#raiz') === null) continue;
        for (const no of m.removedNodes)
          if (no instanceof Element) removidos.push(`${no.tagName.toLowerCase()}.${no.className}`);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

export function removidosDaRaiz(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { removidos: string[] }).removidos);
}

/** Logs in through the login form and waits for the page the app lands on. */
export async function entrar(page: Page, codAvulso: string, senha = '123456'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Usuário').fill(codAvulso);
  await page.getByLabel('Senha').fill(senha);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await fecharMensagens(page);
}

/**
 * A server and database of the spec's own, on E2E_PORT + `deslocamento` (distinct per spec), started before the
 * spec's tests and stopped after them: for specs that change the call's state, which must not leak into the
 * other browser tests; `ambiente` adds variables (a port policy such as REPESCAGEM). Answers the server's base URL.
 */
export function servidorProprio(deslocamento: number, ambiente: Record<string, string> = {}): string {
  const base = `http://localhost:${Number(process.env.E2E_PORT ?? 8181) + deslocamento}`;
  let servidor: ChildProcess | undefined;
  test.beforeAll(async () => {
    servidor = spawn(process.execPath, ['e2e/servidor.ts'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, ...ambiente, PORT: new URL(base).port },
      stdio: 'ignore',
    });
    await expect
      .poll(async () => (await fetch(`${base}/api/config`).catch(() => undefined))?.status, {
        timeout: 60_000,
      })
      .toBe(200);
  });
  test.afterAll(() => {
    servidor?.kill('SIGTERM');
  });
  return base;
}

/** The service worker's cache of the worker's own answers (web/lib/dados-offline.ts). */
export const CACHE_DADOS_PESSOAIS = 'portal-tpa-dados-pessoais';
/** What the offline badge reads, kept by the service worker. */
const ROTAS_GUARDADAS = ['/api/sessao', '/api/avulso/habilitacoes', '/api/avulso/ultimosTrabalhos'];

/** Waits until the service worker controls the page and has kept the badge's data, qualifications and jobs. */
export async function esperarDadosGuardados(page: Page): Promise<void> {
  // Strings, not functions: this file is type-checked without the DOM's types. Polled through page.evaluate,
  // not waitForFunction: a string predicate that waitForFunction must poll is run by eval inside the page,
  // which the portal's CSP (script-src 'self') refuses, so it failed whenever the worker was not in control yet.
  await expect
    .poll(() => page.evaluate('!!navigator.serviceWorker && navigator.serviceWorker.controller !== null'))
    .toBe(true);
  await expect
    .poll(() =>
      page.evaluate(`(async () => {
    if (!(await caches.has('${CACHE_DADOS_PESSOAIS}'))) return false;
    const chaves = (await (await caches.open('${CACHE_DADOS_PESSOAIS}')).keys()).map((r) => new URL(r.url).pathname);
    return ${JSON.stringify(ROTAS_GUARDADAS)}.every((c) => chaves.includes(c));
  })()`),
    )
    .toBe(true);
}

/**
 * A logged-in API session on the portal at `baseURL`, held as a page holds one (the XSRF cookie from /api/config,
 * the token from the login), for what a test does off screen; `cabecalhos` go with every call that needs them.
 */
export async function sessaoApi(
  baseURL: string,
  codAvulso: string,
): Promise<{ api: APIRequestContext; token: string; cabecalhos: Record<string, string> }> {
  const api = await request.newContext({ baseURL });
  await api.get('/api/config');
  const xsrf = (await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const login = await api.post('/api/login', {
    data: { login: codAvulso, password: '123456' },
    headers: { 'X-XSRF-TOKEN': xsrf },
  });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  return { api, token, cabecalhos: { 'X-Access-Token': token, 'X-XSRF-TOKEN': xsrf } };
}
