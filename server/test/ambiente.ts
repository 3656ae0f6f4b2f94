import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import { construirApp } from '../app.ts';
import { RelogioManual } from '../clock.ts';
import type { Config } from '../config.ts';
import { carregarConfig } from '../config.ts';
import type { Banco } from '../db/connection.ts';
import { abrirBanco } from '../db/connection.ts';
import type { Db } from '../db/schema.ts';
import { bancoDeTeste, copiarModelo } from './bancos.ts';

export interface AmbienteTeste {
  app: FastifyInstance;
  db: Db;
  banco: Banco;
  config: Config;
  relogio: RelogioManual;
  /** A client with its own XSRF cookie and, after `entrar`, its own token. */
  cliente(): Promise<ClienteTeste>;
  /** A client already logged in as codAvulso (password 123456). */
  logado(codAvulso: string, opcoes?: { quiosque?: boolean }): Promise<ClienteTeste>;
  fechar(): Promise<void>;
}

export interface RespostaTeste<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  corpo: T;
  /** Raw payload (PDFs, HTML). */
  bruto: Buffer;
}

/** The envelope as tests read it. */
// biome-ignore lint/suspicious/noExplicitAny: tests read payloads loosely and assert on them
export interface EnvelopeTeste<T = any> {
  sucesso: boolean;
  dados: T;
  token?: string;
  codigoErro?: string;
  mensagem?: string;
}

export class ClienteTeste {
  readonly app: FastifyInstance;
  xsrf = '';
  token: string | undefined;
  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async iniciar(): Promise<this> {
    const r = await this.app.inject({ method: 'GET', url: '/api/config' });
    const cookie = r.cookies.find((c) => c.name === 'XSRF-TOKEN');
    if (!cookie) throw new Error('XSRF-TOKEN não definido');
    this.xsrf = cookie.value;
    return this;
  }

  async requisitar<T = EnvelopeTeste>(
    opcoes: InjectOptions & { semXsrf?: boolean; semToken?: boolean },
  ): Promise<RespostaTeste<T>> {
    const headers: Record<string, string> = { ...(opcoes.headers as Record<string, string> | undefined) };
    if (this.token && !opcoes.semToken) headers['x-access-token'] ??= this.token;
    const metodo = (opcoes.method ?? 'GET').toUpperCase();
    const cookies: Record<string, string> = { ...(opcoes.cookies as Record<string, string> | undefined) };
    if (!opcoes.semXsrf) {
      cookies['XSRF-TOKEN'] ??= this.xsrf;
      if (metodo !== 'GET') headers['x-xsrf-token'] ??= this.xsrf;
    }
    const r = await this.app.inject({ ...opcoes, headers, cookies });
    let corpo: unknown;
    try {
      corpo = r.json();
    } catch {
      corpo = undefined;
    }
    const env = corpo as EnvelopeTeste | undefined;
    if (env && typeof env === 'object' && typeof env.token === 'string') this.token = env.token;
    return { status: r.statusCode, headers: r.headers, corpo: corpo as T, bruto: r.rawPayload };
  }

  get<T = EnvelopeTeste>(url: string, query?: Record<string, string>) {
    return this.requisitar<T>({ method: 'GET', url, ...(query ? { query } : {}) });
  }

  post<T = EnvelopeTeste>(url: string, payload?: unknown) {
    return this.requisitar<T>({ method: 'POST', url, payload: (payload ?? {}) as InjectOptions['payload'] });
  }

  async entrar(codAvulso: string, senha = '123456', quiosque = false): Promise<RespostaTeste<EnvelopeTeste>> {
    return this.post('/api/login', { login: codAvulso, password: senha, ...(quiosque ? { quiosque } : {}) });
  }
}

/**
 * A fresh database (a copy of the seeded template) and an app built on it, with a manual clock set to the
 * instant the demo was seeded. Use one per test file (beforeAll) or per test when writes must not leak.
 */
export async function criarAmbiente(extra: Partial<Config> = {}): Promise<AmbienteTeste> {
  const copia = await copiarModelo(inject('modeloBanco'));
  const banco = abrirBanco({ url: copia.url, arquivoSqlite: copia.arquivo, maxConexoes: 20 });
  const config: Config = {
    ...carregarConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: copia.url ?? '' }),
    ...extra,
  };
  const relogio = new RelogioManual(new Date(inject('instanteSemente')));
  const app = await construirApp({ config, banco, clock: relogio, logger: false });
  await app.ready();
  const ambiente: AmbienteTeste = {
    app,
    db: banco.db,
    banco,
    config,
    relogio,
    cliente: () => new ClienteTeste(app).iniciar(),
    async logado(codAvulso, opcoes) {
      const c = await new ClienteTeste(app).iniciar();
      const r = await c.entrar(codAvulso, '123456', opcoes?.quiosque ?? false);
      if (r.status !== 200) throw new Error(`login de ${codAvulso} falhou: ${JSON.stringify(r.corpo)}`);
      return c;
    },
    async fechar() {
      await app.close();
      await banco.fechar();
      await copia.apagar();
    },
  };
  return ambiente;
}

export const dialetoTeste = bancoDeTeste;
