import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { FLAGS_DO_START, type NomeBanco, OPCOES, RAIZ, RESULTADOS } from './opcoes.ts';

/** The child processes: the server under test and the bare route; stopped on exit or interruption. */

export function portaLivre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const porta = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(porta));
    });
    s.on('error', reject);
  });
}

export interface Filho {
  proc: ChildProcess;
  porta: number;
  saida: string[];
}

export function iniciarServidor(
  banco: NomeBanco,
  url: string | undefined,
  dataDir: string,
  porta: number,
  /** More environment for this child (bench:ao-vivo: CONEXOES_POR_ENDERECO=0). */
  envExtra: Record<string, string> = {},
): Promise<Filho> {
  const args = ['--disable-warning=ExperimentalWarning'];
  if (OPCOES.cpuProf) {
    const dir = path.join(RESULTADOS, 'prof');
    mkdirSync(dir, { recursive: true });
    args.push(
      '--cpu-prof',
      `--cpu-prof-dir=${dir}`,
      `--cpu-prof-name=servidor-${banco}-${Date.now()}.cpuprofile`,
    );
  }
  const arquivoSql = path.join(RESULTADOS, `sql-${banco}-${process.pid}.json`);
  if (OPCOES.sqlStats) args.push('--import', path.join(RAIZ, 'bench', 'sonda-sql.ts'));
  const arquivoMem = path.join(RESULTADOS, `memoria-${banco}-${process.pid}.json`);
  if (OPCOES.memStats) args.push('--import', path.join(RAIZ, 'bench', 'sonda-memoria.ts'));
  args.push(...FLAGS_DO_START, ...OPCOES.argsServidor, path.join(RAIZ, 'server', 'main.ts'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(porta),
    HOST: '127.0.0.1',
    DATABASE_URL: url ?? '',
    DATA_DIR: dataDir,
    WEB_DIR: path.join(dataDir, 'sem-web'),
    DEMO: '0',
    AMBIENTE_TESTES: '0',
    LOG_LEVEL: 'warn',
    UV_THREADPOOL_SIZE: OPCOES.threadpool === undefined ? undefined : String(OPCOES.threadpool),
    HASH_NICE: OPCOES.hashNice,
    // Every simulated worker connects from 127.0.0.1: the per-address connection cap (decision 0091) is off.
    CONEXOES_POR_ENDERECO: '0',
    BENCH_SQL_STATS_FILE: OPCOES.sqlStats ? arquivoSql : undefined,
    BENCH_MEM_STATS_FILE: OPCOES.memStats ? arquivoMem : undefined,
    ...envExtra,
    ...OPCOES.envServidor,
  };
  const proc = spawn(process.execPath, args, { cwd: RAIZ, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const saida: string[] = [];
  const guardar = (d: Buffer) => {
    for (const l of d.toString().split('\n')) if (l.trim() && saida.length < 200) saida.push(l);
  };
  proc.stdout?.on('data', guardar);
  proc.stderr?.on('data', guardar);
  return new Promise((resolve, reject) => {
    const limite = setTimeout(
      () => reject(new Error(`servidor não subiu em 60 s:\n${saida.join('\n')}`)),
      60_000,
    );
    proc.on('exit', (c) => {
      clearTimeout(limite);
      reject(new Error(`servidor saiu (${c}):\n${saida.join('\n')}`));
    });
    const olhar = (d: Buffer) => {
      if (d.toString().includes('Portal do TPA em http')) {
        clearTimeout(limite);
        proc.stdout?.off('data', olhar);
        resolve({ proc, porta, saida });
      }
    };
    proc.stdout?.on('data', olhar);
  });
}

export function iniciarRotaNua(arquivoCorpo: string): Promise<Filho> {
  const proc = spawn(process.execPath, [path.join(RAIZ, 'bench', 'rota-nua.ts'), arquivoCorpo], {
    cwd: RAIZ,
    env: { PATH: process.env.PATH, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const saida: string[] = [];
  proc.stderr?.on('data', (d: Buffer) => saida.push(d.toString()));
  return new Promise((resolve, reject) => {
    const limite = setTimeout(() => reject(new Error('rota nua não subiu em 20 s')), 20_000);
    proc.on('exit', (c) => {
      clearTimeout(limite);
      reject(new Error(`rota nua saiu (${c}): ${saida.join('')}`));
    });
    proc.stdout?.once('data', (d: Buffer) => {
      clearTimeout(limite);
      resolve({ proc, porta: (JSON.parse(d.toString()) as { porta: number }).porta, saida });
    });
  });
}

export const filhosVivos = new Set<ChildProcess>();
/** Drops the database being used, should the bench be interrupted. */
export const limpeza: { pendente: (() => Promise<void>) | undefined } = { pendente: undefined };
export async function parar(filho: Filho | undefined): Promise<void> {
  if (!filho || filho.proc.exitCode !== null || filho.proc.signalCode !== null) return;
  const proc = filho.proc;
  proc.removeAllListeners('exit');
  const saiu = new Promise<void>((r) => proc.once('exit', () => r()));
  proc.kill('SIGTERM');
  const t = setTimeout(() => proc.kill('SIGKILL'), 15_000);
  await saiu;
  clearTimeout(t);
  filhosVivos.delete(proc);
}

/** Ctrl-C or SIGTERM: the servers and generators this run started are killed, its cleanup given 10 s, exit 130. */
export function encerrarFilhosAoSinal(): void {
  let encerrando = false;
  for (const sinal of ['SIGINT', 'SIGTERM'] as const)
    process.on(sinal, () => {
      if (encerrando) return;
      encerrando = true;
      for (const p of filhosVivos) p.kill('SIGKILL');
      const limite = new Promise((r) => setTimeout(r, 10_000));
      void Promise.race([limpeza.pendente?.(), limite]).finally(() => process.exit(130));
    });
}
