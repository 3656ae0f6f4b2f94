import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiDocumentacao } from '#common/api/documentacao.ts';
import type { Endpoint } from '#common/api/endpoint.ts';
import { errosDe, respondeArquivo } from '#common/api/endpoint.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import type { CodigoErroServidor } from '#common/erros.ts';
import { catalogoErros } from '#common/erros.ts';
import { z } from '#common/zod-pt.ts';
import { CABECALHO_TOKEN } from '../autenticacao/autenticacao.ts';
import { endpointDaRota, registrar } from './registrar.ts';

/** A route the app registered under /api, and the description it was registered from (if any). */
export interface RotaApi {
  metodo: string;
  caminho: string;
  endpoint: Endpoint | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route, as registered: the registration test compares them with common/api/catalogo.ts. */
    rotasApi: readonly RotaApi[];
  }
}

const DESCRICAO = `API do Portal do TPA (OGMO). Toda resposta JSON vem no envelope
\`{ sucesso, dados?, token?, codigoErro?, mensagem? }\`: em sucesso, \`dados\` traz a resposta descrita; em falha,
\`codigoErro\` é um código do catálogo e \`mensagem\` o texto em português para quem usa o sistema. As exceções são os
arquivos (PDF, fotos) e este documento, enviados como são.

Autenticação: \`POST /api/login\` devolve um token no envelope; envie-o no cabeçalho \`X-Access-Token\`. Quando
o token é renovado, o novo vem no \`token\` do envelope (ou no cabeçalho \`X-Access-Token\` de um arquivo).

Proteção XSRF: toda chamada que não é GET exige o cabeçalho \`X-XSRF-TOKEN\` igual ao cookie \`XSRF-TOKEN\`, que
qualquer GET (por exemplo \`GET /api/config\`) define.`;

function envelopeErro(codigos: [CodigoErroServidor, ...CodigoErroServidor[]]) {
  return z.object({
    sucesso: z.literal(false),
    codigoErro: z.enum(codigos),
    mensagem: z.string(),
    dados: z.unknown().optional(),
    token: z.string().optional(),
    idPedido: z.string().optional(),
  });
}

/** The failures of an endpoint grouped by HTTP status, each group listing its codes and messages. */
function respostasDeErro(endpoint: Endpoint): Record<number, unknown> {
  const porStatus = new Map<number, CodigoErroServidor[]>();
  for (const codigo of errosDe(endpoint)) {
    const status = catalogoErros[codigo].status;
    porStatus.set(status, [...(porStatus.get(status) ?? []), codigo]);
  }
  const respostas: Record<number, unknown> = {};
  for (const [status, codigos] of [...porStatus].sort(([a], [b]) => a - b)) {
    const [primeiro, ...resto] = codigos;
    if (!primeiro) continue;
    respostas[status] = {
      description: codigos.map((c) => `\`${c}\`: ${catalogoErros[c].mensagem}`).join('\n\n'),
      content: { 'application/json': { schema: envelopeErro([primeiro, ...resto]) } },
    };
  }
  return respostas;
}

/**
 * A wire field named `$id` (the election's, kept from the legacy API) is taken by @fastify/swagger's reference
 * resolver for a schema identifier and breaks the document; the same field described under
 * `patternProperties` means the same to a reader and a validator, and the resolver leaves it alone.
 */
function protegerCampoId(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(protegerCampoId);
  if (!json || typeof json !== 'object') return json;
  const copia: Record<string, unknown> = {};
  for (const [chave, valor] of Object.entries(json)) copia[chave] = protegerCampoId(valor);
  const propriedades = copia.properties as Record<string, unknown> | undefined;
  if (propriedades && typeof propriedades === 'object' && '$id' in propriedades) {
    const { $id, ...resto } = propriedades;
    copia.properties = resto;
    copia.patternProperties = { ...(copia.patternProperties as object | undefined), '^\\$id$': $id };
  }
  return copia;
}

/** The OpenAPI operation of a route, from its description; routes without one stay out of the document. */
function esquemaOpenApi(endpoint: Endpoint): FastifySchema & Record<string, unknown> {
  const sucesso = respondeArquivo(endpoint.resposta)
    ? {
        description: `O arquivo (${endpoint.resposta.arquivo.join(', ')}), sem envelope.`,
        content: Object.fromEntries(
          endpoint.resposta.arquivo.map((tipo) => [
            tipo,
            { schema: tipo.includes('json') ? z.record(z.string(), z.unknown()) : z.file() },
          ]),
        ),
      }
    : {
        description: 'Sucesso: o envelope com `dados`.',
        content: { 'application/json': { schema: envelopeSucesso(endpoint.resposta) } },
      };
  return {
    summary: endpoint.resumo,
    ...(endpoint.descricao ? { description: endpoint.descricao } : {}),
    tags: [endpoint.grupo],
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.corpo ? { body: endpoint.corpo } : {}),
    ...(endpoint.tipoCorpo ? { consumes: [endpoint.tipoCorpo] } : {}),
    ...(endpoint.acesso === 'sessao' ? { security: [{ tokenAcesso: [] }] } : {}),
    response: { 200: sucesso, ...respostasDeErro(endpoint) },
  };
}

/**
 * The OpenAPI 3.1 document at GET /api/openapi.json. Its readable page, /docs/api, is the web app's
 * (web/features/documentacao, Portuguese and accessible; it replaced Swagger UI, issue 29). Registered before
 * the routes: it watches every route added after it.
 */
export async function documentarApi(app: FastifyInstance, versao: string): Promise<void> {
  const rotas: RotaApi[] = [];
  app.decorate('rotasApi', rotas);
  app.addHook('onRoute', (rota) => {
    if (!rota.url.startsWith('/api/') && rota.url !== '/api') return;
    for (const metodo of [rota.method].flat()) {
      // Fastify adds a HEAD beside each GET by itself.
      if (metodo === 'HEAD') continue;
      rotas.push({ metodo, caminho: rota.url, endpoint: endpointDaRota(rota.config) });
    }
  });

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Portal do TPA', version: versao, description: DESCRICAO },
      components: {
        securitySchemes: { tokenAcesso: { type: 'apiKey', in: 'header', name: CABECALHO_TOKEN } },
      },
    },
    transform: (documento) => {
      const endpoint = endpointDaRota(documento.route.config);
      if (!endpoint) return { schema: { hide: true } as FastifySchema, url: documento.url };
      const { schema, url } = jsonSchemaTransform({ ...documento, schema: esquemaOpenApi(endpoint) });
      return { schema: protegerCampoId(schema) as FastifySchema, url };
    },
  });

  // The document is fixed once the app is ready: written to text once, not 100+ KB of JSON per request.
  let documento: string | undefined;
  registrar(app, apiDocumentacao.openapi, async (_request, reply) => {
    documento ??= JSON.stringify(app.swagger());
    return reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(documento);
  });
}
