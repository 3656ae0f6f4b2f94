import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm test`: typecheck, lint, unit tests, API tests on SQLite and (when TEST_POSTGRES_URL is set) on
 * PostgreSQL, the web build and the browser tests in Chromium. Installs nothing; says what is missing.
 */
const raiz = path.resolve(import.meta.dirname, '..');
const bin = (nome: string) => path.join(raiz, 'node_modules', '.bin', nome);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Etapa {
  nome: string;
  comando: string;
  args: string[];
  env?: Record<string, string>;
}

const etapas: Etapa[] = [
  { nome: 'tipos (servidor)', comando: bin('tsc'), args: ['-p', 'tsconfig.json'] },
  { nome: 'tipos (web)', comando: bin('tsc'), args: ['-p', 'web/tsconfig.json'] },
  { nome: 'lint e formatação', comando: bin('biome'), args: ['check', '.'] },
  { nome: 'testes unitários', comando: bin('vitest'), args: ['run', '--project', 'unit'] },
  {
    nome: 'API no SQLite',
    comando: bin('vitest'),
    args: ['run', '--project', 'api'],
    env: { TEST_DB: 'sqlite' },
  },
];
if (process.env.TEST_POSTGRES_URL) {
  etapas.push({
    nome: 'API no PostgreSQL',
    comando: bin('vitest'),
    args: ['run', '--project', 'api'],
    env: { TEST_DB: 'postgres' },
  });
} else {
  console.log('ℹ TEST_POSTGRES_URL não definida: os testes de API no PostgreSQL serão pulados.');
}
etapas.push({ nome: 'build do web', comando: bin('vite'), args: ['build', '--logLevel', 'warn'] });
etapas.push({ nome: 'navegador (Chromium)', comando: bin('playwright'), args: ['test'] });

if (!existsSync(chromium)) {
  console.error(
    `✗ Chromium não encontrado em ${chromium}. Instale com: apt-get install -y chromium (ou defina CHROMIUM_PATH).`,
  );
  process.exit(1);
}

const resumo: string[] = [];
for (const etapa of etapas) {
  console.log(`\n▶ ${etapa.nome}`);
  const inicio = Date.now();
  const r = spawnSync(etapa.comando, etapa.args, {
    cwd: raiz,
    stdio: 'inherit',
    env: { ...process.env, ...etapa.env },
  });
  const segundos = ((Date.now() - inicio) / 1000).toFixed(1);
  if (r.status !== 0) {
    console.error(`\n✗ ${etapa.nome} falhou (${segundos} s).`);
    process.exit(r.status ?? 1);
  }
  resumo.push(`✓ ${etapa.nome} (${segundos} s)`);
}
console.log(`\n${resumo.join('\n')}`);
