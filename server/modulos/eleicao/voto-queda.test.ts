import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { abrirBanco } from '../../plataforma/banco/connection.ts';
import { dialetoTeste } from '../../test/ambiente.ts';
import { copiarModelo } from '../../test/bancos.ts';
import { CHAVE_APURACAO_TESTE, contar, criarEleicaoTeste } from './apoio-teste.ts';
import { apurarEleicao, encerrarEleicao } from './servico.ts';

/**
 * The real server in a process of its own, killed with SIGKILL the moment it answers a vote: the voter's
 * mark and the sealed ballot are both on disk (one transaction), and the tally after the crash counts the
 * vote exactly once (docs/decisions/0063-cedula-selada.md).
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

/** A browser's worth of HTTP: the XSRF cookie and header, the session token. */
class Navegador {
  private xsrf = '';
  token = '';
  private readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async pedir(metodo: 'GET' | 'POST', caminho: string, corpo?: unknown) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.xsrf) {
      headers.cookie = `XSRF-TOKEN=${encodeURIComponent(this.xsrf)}`;
      headers['x-xsrf-token'] = this.xsrf;
    }
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
    if (xsrf) this.xsrf = decodeURIComponent(xsrf);
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

describe('POST /api/eleicoes/voto: processo morto logo depois da resposta', () => {
  it('o voto respondido está no banco, selado, e a apuração o conta uma vez', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DEMO: '0', HOST: '127.0.0.1' };
    let abrir: () => ReturnType<typeof abrirBanco>;
    if (dialetoTeste() === 'sqlite') {
      const dir = mkdtempSync(path.join(tmpdir(), 'portal-tpa-voto-queda-'));
      limpezas.push(() => rmSync(dir, { recursive: true, force: true }));
      const arquivo = path.join(dir, 'portal-tpa.sqlite');
      copyFileSync(inject('modeloBanco'), arquivo);
      env.DATA_DIR = dir;
      env.DATABASE_URL = '';
      abrir = () => abrirBanco({ url: undefined, arquivoSqlite: arquivo });
    } else {
      const copia = await copiarModelo(inject('modeloBanco'));
      limpezas.push(copia.apagar);
      env.DATABASE_URL = copia.url;
      abrir = () => abrirBanco({ url: copia.url, arquivoSqlite: '' });
    }
    const antes = abrir();
    const id = await criarEleicaoTeste(antes.db, new Date(), [
      { matricula: 100801, nome: 'Clara Nunes', sexo: 'F' },
      { matricula: 100802, nome: 'Davi Souza' },
    ]);
    await antes.fechar();

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
    const login = await nav.pedir('POST', '/api/login', { login: '100161', password: '123456' });
    expect(login.status).toBe(200);
    nav.token = login.corpo.token;

    const r = await nav.pedir('POST', '/api/eleicoes/voto', { idEleicao: id, voto: 100802 });
    processo.kill('SIGKILL');
    expect(r.status).toBe(200);
    expect(r.corpo).toEqual({ sucesso: true, dados: null });
    expect(await terminou).toBe('SIGKILL');
    filho = undefined;

    const depois = abrir();
    try {
      expect(
        await depois.db.selectFrom('votante').select('cod_avulso').where('eleicao_id', '=', id).execute(),
      ).toEqual([{ cod_avulso: '100161' }]);
      expect(await contar(depois.db, 'cedula', id)).toBe(1);
      await encerrarEleicao(depois.db, id, new Date(), CHAVE_APURACAO_TESTE);
      const resultado = await apurarEleicao(depois.db, id, new Date());
      expect(resultado).toMatchObject({ cedulas: 1, votantes: 1, validos: 1, brancos: 0, nulos: 0 });
      expect(resultado.candidatos.map((c) => [c.matricula, c.votos])).toEqual([
        [100802, 1],
        [100801, 0],
      ]);
    } finally {
      await depois.fechar();
    }
  }, 60_000);
});
