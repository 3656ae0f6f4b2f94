import type { z } from 'zod';
import type { CodigoErroServidor } from '../erros.ts';

/**
 * One description per /api endpoint (docs/decisions/0110-endpoints-descritos.md): the server registers its
 * handler from it (server/plataforma/http/registrar.ts), the web and the tests call it by it (web/lib/api-client.ts
 * `chamar`, server/test/ambiente.ts), and GET /api/openapi.json is built from it. Paths and shapes are
 * written here once.
 */

export type Metodo = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer that is a file (a PDF, a photo, the OpenAPI document itself): the body as is, no envelope. */
export interface RespostaArquivo {
  readonly arquivo: readonly [string, ...string[]];
}

/** Who may call: anyone, or a logged-in worker (X-Access-Token). Staff roles are checked by the handler. */
export type Acesso = 'publico' | 'sessao';

export interface Endpoint {
  readonly metodo: Metodo;
  /** Fastify's syntax: `/api/eleicoes/:id/encerrar`; every `:name` is a key of `params`. */
  readonly caminho: `/api/${string}`;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly corpo?: z.ZodType;
  /**
   * The body's media type when it is not JSON: a CSV file (the operators' requisitions) is sent as is, and
   * `corpo` describes it as a string. The server registers a parser for it on the route's plugin. A badge
   * photo goes as bytes (`application/octet-stream`).
   */
  readonly tipoCorpo?: 'text/csv' | 'application/octet-stream';
  /** The `dados` of a successful envelope, or a file. */
  readonly resposta: z.ZodType | RespostaArquivo;
  /** The catalogue's codes this endpoint answers on its own; the ones every call may get are added by `errosDe`. */
  readonly erros: readonly CodigoErroServidor[];
  readonly acesso: Acesso;
  /** One line for the OpenAPI summary, in Portuguese. */
  readonly resumo: string;
  readonly descricao?: string;
  /** The OpenAPI tag (resource). */
  readonly grupo: string;
  /**
   * An expensive call (a PDF drawn, a declaration issued, an identity check, a public lookup): limited per
   * session and per address, it may answer MuitasRequisicoes with Retry-After (docs/decisions/0091).
   */
  readonly caro?: true;
}

/**
 * Where an endpoint is and who may call it, without its schemas: all the web client needs to call it.
 * The login page's calls use these (web/lib/enderecos-api.ts), so zod is not part of what /login loads
 * (docs/decisions/0135-preact-no-navegador.md). The literal types come from the description `E`, so an
 * address that differs from its description does not compile; `E` itself stays a type only.
 */
export type Onde<E extends Endpoint> = Pick<E, 'metodo' | 'caminho' | 'acesso'> &
  (E extends { tipoCorpo: infer T } ? { readonly tipoCorpo: T } : { readonly tipoCorpo?: undefined }) & {
    readonly [DESCRITO_POR]?: E;
  };
declare const DESCRITO_POR: unique symbol;

/** Keeps the literal types (path, method, schemas) so callers are typed by them. */
export function definirEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

export function arquivo(...tipos: [string, ...string[]]): RespostaArquivo {
  return { arquivo: tipos };
}

export function respondeArquivo(resposta: Endpoint['resposta']): resposta is RespostaArquivo {
  return 'arquivo' in resposta && Array.isArray(resposta.arquivo);
}

/** Every code an endpoint may answer: its own plus those any call of its kind may get. */
export function errosDe(e: Endpoint): CodigoErroServidor[] {
  const erros = new Set<CodigoErroServidor>(e.erros);
  if (e.params || e.query || e.corpo) erros.add('DadosInvalidos');
  if (e.params) erros.add('EnderecoMuitoLongo');
  if (e.caro) erros.add('MuitasRequisicoes');
  if (e.acesso === 'sessao') erros.add('NaoAutenticado');
  if (e.metodo !== 'GET') {
    erros.add('XsrfInvalido');
    if (e.corpo) {
      erros.add('TipoConteudoInvalido');
      erros.add('ConteudoMuitoGrande');
    }
  }
  erros.add('ErroInterno');
  return [...erros];
}

type Saida<S> = S extends z.ZodType ? z.output<S> : never;
type Entrada<S> = S extends z.ZodType ? z.input<S> : never;

/** What a caller gives: path params and query as the server reads them, the body as the schema accepts it. */
export type EntradaDe<E extends Endpoint> = (E extends { params: z.ZodType }
  ? { params: Saida<E['params']> }
  : { params?: undefined }) &
  (E extends { query: z.ZodType } ? { query: Saida<E['query']> } : { query?: undefined }) &
  (E extends { corpo: z.ZodType } ? { corpo: Entrada<E['corpo']> } : { corpo?: undefined });

/** The `dados` of a successful answer (a file endpoint has none: its body is the file). */
export type DadosDe<E extends Endpoint> = E['resposta'] extends z.ZodType ? z.output<E['resposta']> : never;

/** The path with its params in place, each one URI-encoded (a code with a slash stays one segment). */
export function caminhoDe(e: Pick<Endpoint, 'caminho'>, params?: Record<string, unknown>): string {
  return e.caminho.replace(/:([A-Za-z0-9_]+)/g, (_, nome: string) => {
    const valor = params?.[nome];
    if (valor === undefined || valor === null) throw new Error(`${e.caminho}: falta o parâmetro ${nome}`);
    return encodeURIComponent(String(valor));
  });
}

/** The query string (with its '?'), undefined values left out. */
export function consultaDe(query?: Record<string, unknown>): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const texto = params.toString();
  return texto ? `?${texto}` : '';
}

/** Path and query of a call: what goes on the request line. */
export function urlDe(e: Pick<Endpoint, 'caminho'>, entrada: { params?: unknown; query?: unknown }): string {
  return (
    caminhoDe(e, entrada.params as Record<string, unknown> | undefined) +
    consultaDe(entrada.query as Record<string, unknown> | undefined)
  );
}
