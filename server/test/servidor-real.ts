import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * The real server (`node server/main.ts`) in a process of its own, and a client that speaks to it as a
 * browser does (XSRF cookie and header, token header), for the tests that need real processes: a SIGKILL
 * after an answer, two servers on one database. Only for those: a test that can run on an app in the same
 * process uses `ClienteTeste` (server/test/ambiente.ts), typed by the endpoints and without a port.
 */

const RAIZ = path.resolve(import.meta.dirname, '../..');

export function portaLivre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const porta = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(porta));
    });
  });
}

/** The API's envelope as a real server sent it: checked to be one, its `dados` left for the test to read. */
export interface EnvelopeRecebido {
  sucesso: boolean;
  dados?: unknown;
  token?: string;
  codigoErro?: string;
  mensagem?: string;
}

function envelope(corpo: unknown): EnvelopeRecebido {
  if (
    typeof corpo !== 'object' ||
    corpo === null ||
    typeof (corpo as { sucesso?: unknown }).sucesso !== 'boolean'
  ) {
    throw new Error(`a resposta não é um envelope: ${JSON.stringify(corpo)}`);
  }
  return corpo as EnvelopeRecebido;
}

/** A browser's worth of HTTP against a real server: the XSRF cookie and header, the session token. */
export class Navegador {
  private cookie = '';
  private xsrf = '';
  token = '';
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async pedir(metodo: 'GET' | 'POST', caminho: string, corpo?: unknown) {
    // As a page does: the XSRF cookie comes with the first answer, before any write.
    if (metodo !== 'GET' && !this.xsrf) await this.pedir('GET', '/api/config');
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
    return { status: r.status, corpo: envelope(await r.json()) };
  }

  /** Logs in (password 123456) and keeps the token. */
  async entrar(codAvulso: string): Promise<void> {
    const r = await this.pedir('POST', '/api/login', { login: codAvulso, password: '123456' });
    if (r.status !== 200 || !r.corpo.token) throw new Error(`login de ${codAvulso}: ${r.status}`);
    this.token = r.corpo.token;
  }
}

export interface ServidorReal {
  processo: ChildProcess;
  porta: number;
  base: string;
  saida: string[];
  terminou: Promise<{ codigo: number | null; sinal: NodeJS.Signals | null }>;
}

/** Starts `node server/main.ts` with `env` on a free port (unless env.PORT is set). */
export async function iniciarServidor(env: NodeJS.ProcessEnv): Promise<ServidorReal> {
  const porta = env.PORT ? Number(env.PORT) : await portaLivre();
  const saida: string[] = [];
  const processo = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', 'server/main.ts'], {
    cwd: RAIZ,
    env: { NODE_ENV: 'test', DEMO: '0', HOST: '127.0.0.1', ...env, PORT: String(porta) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processo.stdout?.on('data', (d: Buffer) => saida.push(d.toString()));
  processo.stderr?.on('data', (d: Buffer) => saida.push(d.toString()));
  const terminou = new Promise<{ codigo: number | null; sinal: NodeJS.Signals | null }>((r) =>
    processo.once('exit', (codigo, sinal) => r({ codigo, sinal })),
  );
  return { processo, porta, base: `http://127.0.0.1:${porta}`, saida, terminou };
}

/** Waits until the server answers, or fails with what it printed. */
export async function esperarServidor(servidor: ServidorReal): Promise<void> {
  const nav = new Navegador(servidor.base);
  const limite = Date.now() + 30_000;
  let terminou = false;
  void servidor.terminou.then(() => {
    terminou = true;
  });
  while (Date.now() < limite && !terminou) {
    try {
      if ((await nav.pedir('GET', '/api/config')).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`o servidor não subiu:\n${servidor.saida.join('')}`);
}
