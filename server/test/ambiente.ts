/**
 * The API tests' environment and their HTTP client, `ClienteTeste`: requests through Fastify's `inject`, no
 * socket, on a fresh copy of the seeded database. Use it for every API test; call endpoints with
 * `cliente.chamar(apiX.endpoint, entrada)` (typed by common/api and its answer checked against the schema),
 * `chamarBruto` for input the schemas refuse on purpose. The other test clients exist for what `inject` cannot
 * do: `Navegador` (server/test/servidor-real.ts) speaks to a real `node server/main.ts` over a socket
 * (signals, restarts, two servers), Playwright's page and request in e2e/ are a real browser.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { inject } from 'vitest';
import type { DadosDe, Endpoint, EntradaDe } from '#common/api/endpoint.ts';
import { respondeArquivo, urlDe } from '#common/api/endpoint.ts';
import { apiSessao } from '#common/api/sessao.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import { construirApp, type OpcoesApp } from '../app.ts';
import { RelogioManual } from '../clock.ts';
import type { Config } from '../config.ts';
import { carregarConfig } from '../config.ts';
import type { Banco } from '../plataforma/banco/connection.ts';
import { abrirBanco } from '../plataforma/banco/connection.ts';
import type { Db } from '../plataforma/banco/schema.ts';
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
export interface EnvelopeTeste<T = unknown> {
  sucesso: boolean;
  dados: T;
  token?: string;
  codigoErro?: string;
  mensagem?: string;
  /** The request's id (X-Request-Id) in every error envelope. */
  idPedido?: string;
}

/** The `dados` of a refusal (which fields, how long to wait), if any: asserted to be a refusal, read as `D`. */
export function dadosDaRecusa<D>(r: RespostaTeste<EnvelopeTeste<unknown>>): D | undefined {
  if (r.corpo.sucesso !== false) throw new Error(`esperava uma recusa, veio ${r.status}`);
  return r.corpo.dados as D | undefined;
}

export interface OpcoesChamada {
  semXsrf?: boolean;
  semToken?: boolean;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
}

/** An endpoint without params, query or body may be called with no input at all. */
export type ArgumentosChamada<E extends Endpoint> = E extends
  | { params: unknown }
  | { query: unknown }
  | { corpo: unknown }
  ? [entrada: EntradaDe<E>, opcoes?: OpcoesChamada]
  : [entrada?: EntradaDe<E>, opcoes?: OpcoesChamada];

/** Input on purpose outside the schemas (bad types, missing fields): only the path comes from the endpoint. */
export interface EntradaBruta {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  corpo?: unknown;
}

export class ClienteTeste {
  readonly app: FastifyInstance;
  xsrf = '';
  token: string | undefined;
  constructor(app: FastifyInstance) {
    this.app = app;
  }

  async iniciar(): Promise<this> {
    const r = await this.app.inject({ method: 'GET', url: apiSessao.config.caminho });
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

  /**
   * Calls a described endpoint with typed input. A successful JSON answer is checked against the endpoint's
   * schema, so answers the server writes itself (`jsonPronto`) are held to their description too.
   */
  async chamar<E extends Endpoint>(
    endpoint: E,
    ...[entrada, opcoes]: ArgumentosChamada<E>
  ): Promise<RespostaTeste<EnvelopeTeste<DadosDe<E>>>> {
    const r = await this.chamarBruto(endpoint, (entrada ?? {}) as EntradaBruta, opcoes);
    if (r.status === 200 && !respondeArquivo(endpoint.resposta)) {
      const conferido = envelopeSucesso(endpoint.resposta).safeParse(r.corpo);
      if (!conferido.success) {
        throw new Error(
          `${endpoint.metodo} ${endpoint.caminho}: a resposta não segue a descrição: ${conferido.error.message}`,
        );
      }
    }
    return r as RespostaTeste<EnvelopeTeste<DadosDe<E>>>;
  }

  /** Calls an endpoint's path with input the schemas may refuse (the answer is then read loosely). */
  chamarBruto(endpoint: Endpoint, entrada: EntradaBruta, opcoes: OpcoesChamada = {}) {
    // A body that is a file (text/csv) goes as is, with its type; the rest as JSON.
    const tipo = endpoint.tipoCorpo ? { 'content-type': `${endpoint.tipoCorpo}; charset=utf-8` } : {};
    return this.requisitar({
      method: endpoint.metodo,
      url: urlDe(endpoint, entrada),
      ...(endpoint.metodo === 'GET' ? {} : { payload: (entrada.corpo ?? {}) as InjectOptions['payload'] }),
      ...opcoes,
      headers: { ...tipo, ...opcoes.headers },
    });
  }

  get<T = EnvelopeTeste>(url: string, query?: Record<string, string>) {
    return this.requisitar<T>({ method: 'GET', url, ...(query ? { query } : {}) });
  }

  post<T = EnvelopeTeste>(url: string, payload?: unknown) {
    return this.requisitar<T>({ method: 'POST', url, payload: (payload ?? {}) as InjectOptions['payload'] });
  }

  entrar(codAvulso: string, senha = '123456', quiosque = false) {
    return this.chamar(apiSessao.login, {
      corpo: { login: codAvulso, password: senha, ...(quiosque ? { quiosque } : {}) },
    });
  }
}

/**
 * A fresh database (a copy of the seeded template) and an app built on it, with a manual clock set to the
 * instant the demo was seeded. Use one per test file (beforeAll) or per test when writes must not leak.
 */
export async function criarAmbiente(
  extra: Partial<Config> = {},
  opcoesApp: Pick<OpcoesApp, 'push' | 'renderizarInicio' | 'logger'> = {},
): Promise<AmbienteTeste> {
  const copia = await copiarModelo(inject('modeloBanco'));
  const banco = abrirBanco({ url: copia.url, arquivoSqlite: copia.arquivo, maxConexoes: 20 });
  const lida = carregarConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: copia.url ?? '' });
  const config: Config = {
    ...lida,
    // Test files call the expensive endpoints far more often than a worker does, all from one address on a
    // clock that does not move: the limits are off unless a test sets them (server/plataforma/http/limites.test.ts
    // tests them with their real values).
    limites: {
      ...lida.limites,
      carosPorMinutoSessao: 0,
      carosPorMinutoEndereco: 0,
      publicosPorMinutoEndereco: 0,
    },
    ...extra,
  };
  const relogio = new RelogioManual(new Date(inject('instanteSemente')));
  const app = await construirApp({ config, banco, clock: relogio, logger: false, ...opcoesApp });
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
