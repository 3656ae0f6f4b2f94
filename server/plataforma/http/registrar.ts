import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  preHandlerAsyncHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import type { z } from 'zod';
import type { DadosDe, Endpoint } from '#common/api/endpoint.ts';
import { respondeArquivo } from '#common/api/endpoint.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import { exigirSessao } from '../autenticacao/autenticacao.ts';
import { recusarCaracteresDeControle } from './caracteres-de-controle.ts';
import { limitarChamadaCara } from './limites.ts';

type Lido<E, K extends 'params' | 'query' | 'corpo'> = E extends { [P in K]: infer S extends z.ZodType }
  ? z.output<S>
  : unknown;

/** The request as the handler sees it: params, query and body already parsed by the endpoint's schemas. */
export type PedidoDe<E extends Endpoint> = FastifyRequest<{
  Params: Lido<E, 'params'>;
  Querystring: Lido<E, 'query'>;
  Body: Lido<E, 'corpo'>;
}>;

/**
 * A JSON endpoint answers its envelope (`ok(dados)`); a file endpoint, or one whose JSON is written ahead
 * (`jsonPronto`), answers through the reply.
 */
export type RespostaDe<E extends Endpoint> = E['resposta'] extends z.ZodType
  ? { sucesso: true; dados: DadosDe<E>; token?: string } | FastifyReply
  : FastifyReply;

export interface OpcoesRegistro {
  /** Run after the session check (e.g. a staff-role check). */
  preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  /**
   * The handler sends JSON bytes it wrote itself (cached Buffers, decision 0022): Fastify would not run
   * a serializer over them, so none is declared; the document still describes the answer and the tests'
   * client checks it against the schema (docs/decisions/0110).
   */
  jsonPronto?: true;
  /** Fastify route config (e.g. per-route rate limits). */
  config?: Record<string, unknown>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The description a route was registered from: the OpenAPI document and the registration test read it. */
    endpoint?: Endpoint;
  }
}

export function endpointDaRota(config: { endpoint?: Endpoint } | undefined): Endpoint | undefined {
  return config?.endpoint;
}

/**
 * Registers the handler of a described endpoint: method, path and the validation/serialization schemas
 * come from the description, the session check from its `acesso`. The only way /api routes are added.
 */
export function registrar<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (request: PedidoDe<E>, reply: FastifyReply) => Promise<RespostaDe<E>>,
  opcoes: OpcoesRegistro = {},
): void {
  const schema: FastifySchema = {};
  if (endpoint.params) schema.params = endpoint.params;
  if (endpoint.query) schema.querystring = endpoint.query;
  if (endpoint.corpo) schema.body = endpoint.corpo;
  if (!respondeArquivo(endpoint.resposta) && !opcoes.jsonPronto) {
    schema.response = { 200: envelopeSucesso(endpoint.resposta) };
  }
  const extras = opcoes.preHandler ? [opcoes.preHandler].flat() : [];
  const limite = endpoint.caro ? [limitarChamadaCara] : [];
  const preHandler =
    endpoint.acesso === 'sessao' ? [exigirSessao, ...limite, ...extras] : [...limite, ...extras];
  app.route({
    method: endpoint.metodo,
    url: endpoint.caminho,
    schema,
    // Before the schemas: no text with a control character reaches any route (0221).
    preValidation: recusarCaracteresDeControle,
    ...(preHandler.length > 0 ? { preHandler } : {}),
    config: { ...opcoes.config, endpoint },
    // The one place the endpoint's types meet Fastify's untyped route table.
    handler: handler as unknown as RouteHandlerMethod,
  });
}
