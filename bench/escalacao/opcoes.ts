import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { carregarConfig } from '#server/config.ts';

/**
 * The benchmark's options (env BENCH_… or --name=value, listed in bench/escalacao.ts) and what describes the
 * run: the server's node flags, thread pool and nice, the commit measured, the databases asked for.
 */

export const RAIZ = path.resolve(import.meta.dirname, '..', '..');
export const RESULTADOS = path.join(RAIZ, 'bench', 'results');

export function opcao(nome: string): string | undefined {
  const arg = process.argv.find((a) => a.startsWith(`--${nome}=`));
  if (arg) return arg.slice(nome.length + 3);
  return process.env[`BENCH_${nome.toUpperCase().replaceAll('-', '_')}`];
}
export function inteiro(nome: string, padrao: number, min: number, max: number): number {
  const v = opcao(nome);
  const n = v === undefined || v === '' ? padrao : Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${nome}: inteiro de ${min} a ${max}`);
  return n;
}

export const OPCOES = {
  trabalhadores: inteiro('workers', 6000, 10, 100_000),
  concorrencia: inteiro('concurrency', 128, 1, 1000),
  ofertasPorCategoria: inteiro('offers', 330, 300, 5000),
  /** Unset: the server's own choice (server/processo.ts: one thread per core, at least 2). */
  threadpool: opcao('uv-threadpool') ? inteiro('uv-threadpool', 2, 1, 64) : undefined,
  /** The nice of the server's thread pool, where Argon2id runs (unset: the server's default). */
  hashNice: opcao('hash-nice'),
  escolhas: 5,
  /** Hard limits: the bench stops by itself. */
  limiteRushMs: inteiro('rush-limit-s', 300, 10, 3600) * 1000,
  limiteFaseMs: 60_000,
  reqIsoladasGet: inteiro('get-requests', 3000, 100, 100_000),
  reqIsoladasPost: inteiro('post-requests', 12_000, 100, 200_000),
  loginsIsolados: inteiro('logins', 1500, 50, 100_000),
  /** Percent of the workers who log in with a passkey instead of the password (docs/decisions/0229). */
  passkeys: inteiro('passkeys', 0, 0, 100),
  cpuProf: opcao('cpu-prof') === '1',
  sqlStats: opcao('sql-stats') === '1',
  memStats: opcao('mem-stats') === '1',
  /** Extra arguments for the server's node, space-separated (experiments: --max-semi-space-size=8…). */
  argsServidor: (opcao('server-node-args') ?? '').split(' ').filter((a) => a !== ''),
  /** Extra environment of the server, NAME=value pairs separated by commas (experiments). */
  envServidor: Object.fromEntries(
    (opcao('server-env') ?? '')
      .split(',')
      .filter((p) => p.includes('='))
      .map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]),
  ),
  docs: opcao('docs') !== '0',
};

/**
 * The node flags of `npm start` (package.json), so the benchmark runs the server as production does
 * (docs/decisions/0072-processo-do-servidor.md).
 */
export const FLAGS_DO_START: string[] = (() => {
  const pacote = JSON.parse(readFileSync(path.join(RAIZ, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const partes = (pacote.scripts.start ?? '').split(/\s+/);
  const i = partes.indexOf('node');
  const flags: string[] = [];
  for (const p of partes.slice(i + 1)) {
    if (!p.startsWith('--')) break;
    flags.push(p);
  }
  return flags;
})();
export const THREADPOOL = OPCOES.threadpool ?? Math.max(2, os.availableParallelism());
/** The pool's nice the server runs with (its own config, read from the environment the bench gives it). */
export const HASH_NICE = carregarConfig({
  HASH_NICE: OPCOES.envServidor.HASH_NICE ?? OPCOES.hashNice,
}).hashNice;

/** The commit measured (with "+" when the working tree differs from it). */
export const COMMIT = (() => {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: RAIZ,
      encoding: 'utf8',
    }).trim();
    const sujo = execFileSync('git', ['status', '--porcelain', '--', 'server', 'common', 'package.json'], {
      cwd: RAIZ,
      encoding: 'utf8',
    }).trim();
    return sujo ? `${hash}+` : hash;
  } catch {
    return '?';
  }
})();

export type NomeBanco = 'sqlite' | 'postgres';
export const urlPg =
  opcao('postgres-url') ?? process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function soLocal(url: string) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host))
    throw new Error(`O benchmark só fala com 127.0.0.1 (recebido ${host}).`);
}

export async function postgresAlcancavel(): Promise<boolean> {
  soLocal(urlPg);
  const c = new pg.Client({ connectionString: urlPg, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

export async function bancosPedidos(): Promise<NomeBanco[]> {
  const pedido = opcao('db') ?? 'both';
  if (pedido === 'sqlite') return ['sqlite'];
  if (pedido === 'postgres') {
    if (!(await postgresAlcancavel())) throw new Error(`PostgreSQL inalcançável em ${urlPg}`);
    return ['postgres'];
  }
  if (pedido !== 'both') throw new Error('BENCH_DB: sqlite, postgres ou both');
  if (await postgresAlcancavel()) return ['sqlite', 'postgres'];
  console.warn(`PostgreSQL inalcançável em ${urlPg}: só SQLite.`);
  return ['sqlite'];
}
