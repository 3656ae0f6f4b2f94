import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { EscalaCarregada } from '#common/api/escalacao.ts';
import { dialetoTeste } from '../../test/ambiente.ts';
import { copiarModelo } from '../../test/bancos.ts';
import { escolha, ofertasDe } from './apoio-teste.ts';

/**
 * The real server in a process of its own, killed with SIGKILL the moment it answers a choice: the choice
 * must be in the database afterwards (issue: an acknowledged choice survives the process being killed).
 */

const RAIZ = path.resolve(import.meta.dirname, '../../..');
let filho: ChildProcess | undefined;
const limpezas: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  filho?.kill('SIGKILL');
  for (const f of limpezas.splice(0)) await f();
});

function portaLivre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const porta = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(porta));
    });
  });
}

class Navegador {
  private cookie = '';
  private xsrf = '';
  token = '';
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async pedir(metodo: 'GET' | 'POST', caminho: string, corpo?: unknown) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.xsrf) headers['x-xsrf-token'] = this.xsrf;
    if (this.token) headers['x-access-token'] = this.token;
    if (corpo !== undefined) headers['content-type'] = 'application/json';
    const r = await fetch(`${this.base}${caminho}`, {
      method: metodo,
      headers,
      ...(corpo === undefined ? {} : { body: JSON.stringify(corpo) }),
    });
    const xsrf = r.headers
      .getSetCookie()
      .map((c) => /^XSRF-TOKEN=([^;]+)/.exec(c)?.[1])
      .find((v) => v !== undefined);
    if (xsrf) {
      this.xsrf = decodeURIComponent(xsrf);
      this.cookie = `XSRF-TOKEN=${xsrf}`;
    }
    // biome-ignore lint/suspicious/noExplicitAny: the envelope is checked field by field below
    return { status: r.status, corpo: (await r.json()) as any };
  }
}

async function esperarServidor(nav: Navegador, saida: string[]) {
  const limite = Date.now() + 30_000;
  while (Date.now() < limite) {
    try {
      if ((await nav.pedir('GET', '/api/config')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`o servidor não subiu:\n${saida.join('')}`);
}

describe('POST /api/vagas: processo morto logo depois da resposta', () => {
  it('a escolha respondida está no banco depois de um SIGKILL', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DEMO: '0', HOST: '127.0.0.1' };
    let ler: (seq: number) => Promise<unknown[]>;
    if (dialetoTeste() === 'sqlite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'portal-tpa-queda-'));
      limpezas.push(() => rmSync(dir, { recursive: true, force: true }));
      const arquivo = path.join(dir, 'portal-tpa.sqlite');
      copyFileSync(inject('modeloBanco'), arquivo);
      env.DATA_DIR = dir;
      env.DATABASE_URL = '';
      ler = async (seq) => {
        const db = new SQLite(arquivo, { readonly: true });
        try {
          return db
            .prepare('select preferencia from escolha where cod_avulso = ? and seq_categoria = ?')
            .all('100001', seq);
        } finally {
          db.close();
        }
      };
    } else {
      const copia = await copiarModelo(inject('modeloBanco'));
      limpezas.push(copia.apagar);
      env.DATABASE_URL = copia.url;
      ler = async (seq) => {
        const c = new pg.Client({ connectionString: copia.url });
        await c.connect();
        try {
          const { rows } = await c.query(
            'select preferencia from escolha where cod_avulso = $1 and seq_categoria = $2',
            ['100001', seq],
          );
          return rows;
        } finally {
          await c.end();
        }
      };
    }
    const porta = await portaLivre();
    env.PORT = String(porta);
    const saida: string[] = [];
    const processo = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'server/main.ts'], {
      cwd: RAIZ,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    filho = processo;
    processo.stdout?.on('data', (d: Buffer) => saida.push(d.toString()));
    processo.stderr?.on('data', (d: Buffer) => saida.push(d.toString()));
    const terminou = new Promise<NodeJS.Signals | null>((r) => processo.once('exit', (_c, s) => r(s)));

    const nav = new Navegador(`http://127.0.0.1:${porta}`);
    await esperarServidor(nav, saida);
    const login = await nav.pedir('POST', '/api/login', { login: '100001', password: '123456' });
    expect(login.status).toBe(200);
    nav.token = login.corpo.token;
    const vagas = await nav.pedir('GET', '/api/vagas?numEscalacao=4521');
    expect(vagas.status).toBe(200);
    const livre = ofertasDe(vagas.corpo.dados as EscalaCarregada, 1).find(
      (o) => o.funcao.habilitado && o.funcao.comDescanso && !o.funcao.escolhida,
    );
    if (!livre) throw new Error('100001 sem oferta livre');

    const r = await nav.pedir('POST', '/api/vagas', {
      numEscalacao: 4521,
      categoria: 1,
      escolhas: [escolha(livre, true)],
    });
    processo.kill('SIGKILL');
    expect(r.status).toBe(200);
    expect(r.corpo.dados.escolhas[0]).toMatchObject({ escolhida: true, preferencia: 1 });
    expect(await terminou).toBe('SIGKILL');
    filho = undefined;
    expect(await ler(livre.funcao.seqCategoria)).toEqual([{ preferencia: 1 }]);
  }, 60_000);
});
