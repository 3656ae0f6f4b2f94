import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { atualizarBenchmarks } from './docs-benchmarks.ts';
import { bytesBr, ORCAMENTO_JS_INICIO_BYTES, ORCAMENTO_JS_LOGIN_BYTES } from './orcamento-js.ts';

/**
 * `npm run bench:web` (docs/decisions/0133): Lighthouse, mobile (its default: a mid-range phone, slow 4G and
 * 4× CPU, simulated), on /login and on /inicio of a logged-in worker, against the built app served by the
 * real server (demo data, production settings) on 127.0.0.1, with Debian's Chromium. Three runs of each;
 * the figures of every run go into docs/benchmarks.md between the bench:web markers (BENCH_DOCS=0 leaves
 * it alone). Options: BENCH_WEB_RUNS (3), BENCH_WEB_PORT (a free port), CHROMIUM_PATH; BENCH_WEB_RELATORIOS,
 * a folder that receives each run's whole Lighthouse report and the trace it measured (JSON: long tasks, the main
 * thread's work);
 * BENCH_WEB_PAGINAS, the pages to measure ('/login,/inicio'; with only one, docs/benchmarks.md is left alone).
 *
 * "JS (br)" is what the page's scripts weigh compressed with brotli (the .br files the server sends to a
 * phone over HTTPS); Chromium does not ask for brotli over plain http://127.0.0.1, so Lighthouse's own
 * transfer size (gzip) is printed beside it.
 */

const RAIZ = path.resolve(import.meta.dirname, '..');
const RODADAS = Number(process.env.BENCH_WEB_RUNS ?? 3);
const PAGINAS = (process.env.BENCH_WEB_PAGINAS ?? '/login,/inicio').split(',').map((p) => p.trim());
const TODAS_AS_PAGINAS = PAGINAS.includes('/login') && PAGINAS.includes('/inicio');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ALVOS = {
  desempenho: 0.95,
  lcpMs: 1800,
  tbtMs: 150,
  cls: 0.02,
  jsBytes: { '/login': ORCAMENTO_JS_LOGIN_BYTES, '/inicio': ORCAMENTO_JS_INICIO_BYTES } as Record<
    string,
    number
  >,
};
// The flags of playwright.config.ts (no sandbox in this container, no GPU, nothing in the background).
const FLAGS_CHROMIUM = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

interface Medida {
  pagina: string;
  rodada: number;
  desempenho: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  jsBr: number;
  jsTransferido: number;
  arquivosJs: number;
}

async function portaLivre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const endereco = s.address();
      s.close(() => (typeof endereco === 'object' && endereco ? resolve(endereco.port) : reject()));
    });
  });
}

async function esperarServidor(url: string, limiteMs = 60_000) {
  const fim = Date.now() + limiteMs;
  while (Date.now() < fim) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`o servidor não respondeu em ${url}`);
}

function construirWeb(saida: string) {
  console.log('compilando o web…');
  execFileSync(
    process.execPath,
    [path.join(RAIZ, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', saida],
    { cwd: RAIZ, stdio: 'inherit' },
  );
}

function iniciarServidor(porta: number, webDir: string, dataDir: string): ChildProcess {
  const proc = spawn(process.execPath, [path.join(RAIZ, 'server/main.ts')], {
    cwd: RAIZ,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DEMO: '1',
      AMBIENTE_TESTES: '1',
      USUARIOS_TESTE: '900001',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      WEB_DIR: webDir,
      PORT: String(porta),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return proc;
}

interface ItemRede {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

async function medir(
  pagina: string,
  url: string,
  porta: number,
  webDir: string,
  rodada: number,
  manterSessao: boolean,
): Promise<Medida> {
  const rodar = () =>
    lighthouse(url, {
      port: porta,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      // /inicio keeps the worker's token (localStorage); caches are cleared by hand before each run.
      disableStorageReset: manterSessao,
    });
  let resultado = await rodar();
  // On a loaded machine Chromium sometimes loses the trace (NO_NAVSTART, "please run Lighthouse again"):
  // the run is repeated, at most twice, and said so.
  for (let tentativa = 1; tentativa <= 2 && resultado?.lhr.runtimeError; tentativa++) {
    console.log(`${url}: ${resultado.lhr.runtimeError.code}, medindo de novo (${tentativa})…`);
    resultado = await rodar();
  }
  if (!resultado) throw new Error(`Lighthouse não mediu ${url}`);
  const { lhr } = resultado;
  const relatorios = process.env.BENCH_WEB_RELATORIOS;
  if (relatorios) {
    mkdirSync(relatorios, { recursive: true });
    const base = path.join(relatorios, `${pagina.replace(/\W/g, '')}-${rodada}`);
    writeFileSync(`${base}.json`, JSON.stringify(lhr));
    // The trace Lighthouse measured (its tasks unthrottled; the simulation multiplies them by 4).
    const traco = (resultado.artifacts as { Trace?: unknown } | undefined)?.Trace;
    if (traco) writeFileSync(`${base}.trace.json`, JSON.stringify(traco));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const final = lhr.finalDisplayedUrl;
  if (new URL(final).pathname !== new URL(url).pathname) {
    throw new Error(`${url} terminou em ${final} (a sessão não valeu?)`);
  }
  const auditoria = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const rede = (lhr.audits['network-requests']?.details as { items?: ItemRede[] } | undefined)?.items ?? [];
  const scripts = rede.filter(
    (i) => i.resourceType === 'Script' && new URL(i.url).port === String(portaServidor),
  );
  return {
    pagina,
    rodada,
    desempenho: lhr.categories.performance?.score ?? Number.NaN,
    lcpMs: auditoria('largest-contentful-paint'),
    tbtMs: auditoria('total-blocking-time'),
    cls: auditoria('cumulative-layout-shift'),
    fcpMs: auditoria('first-contentful-paint'),
    jsBr: scripts.reduce((s, i) => s + bytesBr(webDir, i.url), 0),
    jsTransferido: scripts.reduce((s, i) => s + (i.transferSize ?? 0), 0),
    arquivosJs: scripts.length,
  };
}

let portaServidor = 0;

async function entrarComo(portaChrome: number, origem: string, codAvulso: string) {
  const navegador = await puppeteer.connect({ browserURL: `http://127.0.0.1:${portaChrome}` });
  try {
    const pagina = await navegador.newPage();
    await pagina.goto(`${origem}/login`, { waitUntil: 'networkidle0' });
    await pagina.type('#campo-login', codAvulso);
    await pagina.type('#campo-password', '123456');
    await Promise.all([
      pagina.waitForNavigation({ waitUntil: 'networkidle0' }).catch(() => undefined),
      pagina.click('button[type="submit"]'),
    ]);
    await pagina.waitForFunction("location.pathname === '/inicio'", { timeout: 30_000 });
    await pagina.close();
  } finally {
    await navegador.disconnect();
  }
}

/** Between runs of /inicio: the HTTP cache, the service worker and its caches go; the session stays. */
async function limparCaches(portaChrome: number, origem: string) {
  const navegador = await puppeteer.connect({ browserURL: `http://127.0.0.1:${portaChrome}` });
  try {
    const pagina = await navegador.newPage();
    const cdp = await pagina.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      storageTypes: 'cache_storage,service_workers',
      origin: origem,
    });
    await pagina.close();
  } finally {
    await navegador.disconnect();
  }
}

const f0 = (n: number) => n.toFixed(0);
const f2 = (n: number) => n.toFixed(2);
const f3 = (n: number) => n.toFixed(3);
const kib = (n: number) => (n / 1024).toFixed(1);

function tabela(medidas: Medida[]): string[] {
  const linhas = [
    '| Página | Rodada | Desempenho | LCP ms | TBT ms | CLS | FCP ms | JS (br) KiB | JS transferido KiB (gzip) | arquivos JS |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const m of medidas) {
    linhas.push(
      `| ${m.pagina} | ${m.rodada} | ${f2(m.desempenho)} | ${f0(m.lcpMs)} | ${f0(m.tbtMs)} | ${f3(m.cls)} | ${f0(m.fcpMs)} | ${kib(m.jsBr)} | ${kib(m.jsTransferido)} | ${m.arquivosJs} |`,
    );
  }
  return linhas;
}

function mediana(valores: number[]): number {
  const ordem = [...valores].sort((x, y) => x - y);
  const meio = Math.floor(ordem.length / 2);
  return ordem.length % 2
    ? (ordem[meio] as number)
    : ((ordem[meio - 1] as number) + (ordem[meio] as number)) / 2;
}

/**
 * Issue 29's verdict: a budget is met when the median run meets it and no run is worse than 1.25× it (the
 * score: no run below budget ÷ 1.25). The byte budgets do not depend on the machine: every run must meet them.
 */
function veredito(medidas: Medida[]): string[] {
  const linhas = ['| Alvo | Mediana | Pior das rodadas | |', '|---|---|---|---|'];
  const ok = (b: boolean) => (b ? 'atinge' : '**não atinge**');
  const TOLERANCIA = 1.25;
  for (const pagina of new Set(medidas.map((m) => m.pagina))) {
    const da = medidas.filter((m) => m.pagina === pagina);
    const teto = (alvo: string, fmt: (n: number) => string, valores: number[], limite: number) => {
      const med = mediana(valores);
      const pior = Math.max(...valores);
      linhas.push(
        `| ${pagina}: ${alvo} | ${fmt(med)} | ${fmt(pior)} | ${ok(med <= limite && pior <= limite * TOLERANCIA)} |`,
      );
    };
    const desempenhos = da.map((m) => m.desempenho);
    const medDesempenho = mediana(desempenhos);
    const piorDesempenho = Math.min(...desempenhos);
    linhas.push(
      `| ${pagina}: desempenho ≥ ${ALVOS.desempenho} | ${f2(medDesempenho)} | ${f2(piorDesempenho)} | ${ok(medDesempenho >= ALVOS.desempenho && piorDesempenho >= ALVOS.desempenho / TOLERANCIA)} |`,
    );
    teto(
      `LCP ≤ ${ALVOS.lcpMs} ms`,
      (n) => `${f0(n)} ms`,
      da.map((m) => m.lcpMs),
      ALVOS.lcpMs,
    );
    teto(
      `TBT ≤ ${ALVOS.tbtMs} ms`,
      (n) => `${f0(n)} ms`,
      da.map((m) => m.tbtMs),
      ALVOS.tbtMs,
    );
    teto(
      `CLS ≤ ${ALVOS.cls}`,
      f3,
      da.map((m) => m.cls),
      ALVOS.cls,
    );
    const orcamentoJs = ALVOS.jsBytes[pagina];
    if (orcamentoJs !== undefined) {
      const js = da.map((m) => m.jsBr);
      const pior = Math.max(...js);
      linhas.push(
        `| ${pagina}: JavaScript ≤ ${orcamentoJs} bytes brotli | ${kib(mediana(js))} KiB | ${kib(pior)} KiB (${pior} bytes) | ${ok(pior <= orcamentoJs)} |`,
      );
    }
  }
  return linhas;
}

function gravarDocs(texto: string) {
  atualizarBenchmarks([['web', [texto]]], '## Lighthouse, celular (`npm run bench:web`, issue 14)');
}

const temporario = mkdtempSync(path.join(os.tmpdir(), 'portal-tpa-bench-web-'));
const webDir = path.join(temporario, 'web');
let servidor: ChildProcess | undefined;
let chrome: Awaited<ReturnType<typeof launch>> | undefined;
const limpar = () => {
  servidor?.kill('SIGTERM');
  chrome?.kill();
  rmSync(temporario, { recursive: true, force: true });
};
process.on('SIGINT', () => {
  limpar();
  process.exit(130);
});

try {
  const cargaInicio = os.loadavg();
  construirWeb(webDir);
  portaServidor = Number(process.env.BENCH_WEB_PORT ?? (await portaLivre()));
  const origem = `http://127.0.0.1:${portaServidor}`;
  servidor = iniciarServidor(portaServidor, webDir, path.join(temporario, 'dados'));
  await esperarServidor(`${origem}/api/config`);
  chrome = await launch({ chromePath: CHROMIUM, chromeFlags: FLAGS_CHROMIUM });
  const medidas: Medida[] = [];
  if (PAGINAS.includes('/login'))
    for (let i = 1; i <= RODADAS; i++) {
      console.log(`/login, rodada ${i}…`);
      medidas.push(await medir('/login', `${origem}/login`, chrome.port, webDir, i, false));
    }
  if (PAGINAS.includes('/inicio')) {
    await entrarComo(chrome.port, origem, '100001');
    for (let i = 1; i <= RODADAS; i++) {
      console.log(`/inicio, rodada ${i}…`);
      await limparCaches(chrome.port, origem);
      medidas.push(await medir('/inicio', `${origem}/inicio`, chrome.port, webDir, i, true));
    }
  }
  const cargaFim = os.loadavg();
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
    cwd: RAIZ,
    encoding: 'utf8',
  }).trim();
  const versaoChromium = execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8' }).trim();
  const quando = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const texto = [
    `### ${quando} UTC`,
    '',
    `Commit ${commit}, Lighthouse 13 (celular: throttling simulado, 4× CPU, 4G lento), ${versaoChromium}, ` +
      `${os.cpus().length} núcleos; load average ${cargaInicio.map(f2).join('/')} no início, ` +
      `${cargaFim.map(f2).join('/')} no fim (a máquina é compartilhada). /inicio com 100001 logado, ` +
      'cache HTTP e service worker limpos antes de cada rodada.',
    '',
    ...veredito(medidas),
    '',
    ...tabela(medidas),
  ].join('\n');
  console.log(`\n${texto}\n`);
  if (process.env.BENCH_DOCS !== '0' && TODAS_AS_PAGINAS) gravarDocs(texto);
} finally {
  limpar();
}
