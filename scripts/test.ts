import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test`: typecheck, lint, unit tests, then two lanes side by side (docs/decisions/0300): the API tests
 * on SQLite and (when TEST_POSTGRES_URL is set) on PostgreSQL in one, the web build and the browser tests in
 * Chromium in the other. Each lane uses about one of the machine's two cores (Vitest runs the API files in one
 * worker; the browser lane is one server and one Chromium). The API lane prints as it goes; the browser
 * lane's output is kept in e2e/artifacts/navegador.log and printed when it ends. TESTES_EM_SERIE=1 runs
 * everything one after the other, as before. Installs nothing; says what is missing.
 */
const raiz = path.resolve(import.meta.dirname, '..');
const bin = (nome: string) => path.join(raiz, 'node_modules', '.bin', nome);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const emSerie = process.env.TESTES_EM_SERIE === '1';

interface Etapa {
  nome: string;
  comando: string;
  args: string[];
  env?: Record<string, string>;
}

const preparo: Etapa[] = [
  { nome: 'tipos (servidor)', comando: bin('tsc'), args: ['-p', 'tsconfig.json'] },
  { nome: 'tipos (web)', comando: bin('tsc'), args: ['-p', 'web/tsconfig.json'] },
  { nome: 'lint e formatação', comando: bin('biome'), args: ['check', '.'] },
  { nome: 'testes unitários', comando: bin('vitest'), args: ['run', '--project', 'unit'] },
];
const api: Etapa[] = [
  {
    nome: 'API no SQLite',
    comando: bin('vitest'),
    args: ['run', '--project', 'api'],
    env: { TEST_DB: 'sqlite' },
  },
];
if (process.env.TEST_POSTGRES_URL) {
  api.push({
    nome: 'API no PostgreSQL',
    comando: bin('vitest'),
    args: ['run', '--project', 'api'],
    env: { TEST_DB: 'postgres' },
  });
} else {
  console.log('ℹ TEST_POSTGRES_URL não definida: os testes de API no PostgreSQL serão pulados.');
}
const navegador: Etapa[] = [
  { nome: 'build do web', comando: bin('vite'), args: ['build', '--logLevel', 'warn'] },
  { nome: 'navegador (Chromium)', comando: bin('playwright'), args: ['test'] },
];

if (!existsSync(chromium)) {
  console.error(
    `✗ Chromium não encontrado em ${chromium}. Instale com: apt-get install -y chromium (ou defina CHROMIUM_PATH).`,
  );
  process.exit(1);
}

interface Resultado {
  linhas: string[];
  falhou: boolean;
}

/** Runs one step; its output goes to this terminal, or to `log` when given. Resolves with its exit code. */
function rodar(etapa: Etapa, log?: NodeJS.WritableStream): Promise<number> {
  return new Promise((resolve) => {
    const filho = spawn(etapa.comando, etapa.args, {
      cwd: raiz,
      stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...etapa.env, ...(log ? { FORCE_COLOR: '0' } : {}) },
    });
    if (log) {
      filho.stdout?.pipe(log, { end: false });
      filho.stderr?.pipe(log, { end: false });
    }
    filho.on('error', (erro) => {
      log?.write(`${erro.message}\n`);
      resolve(1);
    });
    filho.on('close', (codigo) => resolve(codigo ?? 1));
  });
}

/** Runs steps one after another, stopping at the first that fails. */
async function trilha(etapas: Etapa[], log?: NodeJS.WritableStream): Promise<Resultado> {
  const linhas: string[] = [];
  for (const etapa of etapas) {
    const cabecalho = `\n▶ ${etapa.nome}\n`;
    if (log) log.write(cabecalho);
    else process.stdout.write(cabecalho);
    const inicio = Date.now();
    const codigo = await rodar(etapa, log);
    const segundos = ((Date.now() - inicio) / 1000).toFixed(1);
    if (codigo !== 0) {
      linhas.push(`✗ ${etapa.nome} falhou (${segundos} s)`);
      return { linhas, falhou: true };
    }
    linhas.push(`✓ ${etapa.nome} (${segundos} s)`);
  }
  return { linhas, falhou: false };
}

const inicioGeral = Date.now();
const resultados: Resultado[] = [];
const antes = await trilha(preparo);
resultados.push(antes);
if (!antes.falhou) {
  if (emSerie) {
    const r = await trilha([...api, ...navegador]);
    resultados.push(r);
  } else {
    const dir = path.join(raiz, 'e2e', 'artifacts');
    mkdirSync(dir, { recursive: true });
    const arquivoLog = path.join(dir, 'navegador.log');
    const log = createWriteStream(arquivoLog);
    console.log(`\nℹ build do web e navegador correm ao lado da API; a saída deles fica em ${arquivoLog}.`);
    const [rApi, rNavegador] = await Promise.all([trilha(api), trilha(navegador, log)]);
    await new Promise<void>((resolve) => log.end(resolve));
    console.log('\n──── saída do build do web e do navegador ────');
    process.stdout.write(readFileSync(arquivoLog, 'utf8'));
    resultados.push(rApi, rNavegador);
  }
}
const minutos = ((Date.now() - inicioGeral) / 60_000).toFixed(1);
console.log(`\n${resultados.flatMap((r) => r.linhas).join('\n')}\n(${minutos} min no total)`);
if (resultados.some((r) => r.falhou)) process.exit(1);
