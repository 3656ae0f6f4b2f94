import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '#common/api/endpoint.ts';
import { respondeArquivo } from '#common/api/endpoint.ts';

/** One /api route as the fuzz suite walks it (docs/decisions/0064-fuzz-da-api.md). */
export interface RotaFuzz {
  metodo: string;
  /** Fastify's pattern: `/api/eleicoes/:id/encerrar`. */
  caminho: string;
  params: z.ZodType | undefined;
  query: z.ZodType | undefined;
  corpo: z.ZodType | undefined;
  /** The description in common/api, when the route was registered from one. */
  endpoint: Endpoint | undefined;
  /** A success may be a file (PDF, CSV, photo, the OpenAPI document) rather than the envelope. */
  arquivo: boolean;
  /** A success is a never-ending Server-Sent Events stream (read as a stream, then dropped). */
  fluxo: boolean;
}

export const chaveRota = (metodo: string, caminho: string) => `${metodo} ${caminho}`;

function ehZod(valor: unknown): valor is z.ZodType {
  return typeof valor === 'object' && valor !== null && '_zod' in valor;
}

/**
 * Every /api route the app registered, from the route table itself (`app.rotasCatalogadas`, filled by an
 * onRoute hook), so a route added later is fuzzed without anyone listing it. Fastify's own HEAD twins are
 * left out (a HEAD answer has no body to check).
 */
export function rotasParaFuzz(app: FastifyInstance): RotaFuzz[] {
  const descricoes = new Map(app.rotasApi.map((r) => [chaveRota(r.metodo, r.caminho), r.endpoint]));
  const rotas: RotaFuzz[] = [];
  const vistas = new Set<string>();
  for (const r of app.rotasCatalogadas) {
    if (r.metodo === 'HEAD' || !(r.url === '/api' || r.url.startsWith('/api/'))) continue;
    const chave = chaveRota(r.metodo, r.url);
    if (vistas.has(chave)) continue;
    vistas.add(chave);
    const endpoint = descricoes.get(chave);
    const schema = (r.schema ?? {}) as Record<string, unknown>;
    const resposta = schema.response as Record<string, unknown> | undefined;
    const arquivo = endpoint ? respondeArquivo(endpoint.resposta) : resposta?.['200'] === undefined;
    const fluxo =
      endpoint !== undefined &&
      respondeArquivo(endpoint.resposta) &&
      endpoint.resposta.arquivo.includes('text/event-stream');
    rotas.push({
      metodo: r.metodo,
      caminho: r.url,
      params: ehZod(schema.params) ? schema.params : undefined,
      query: ehZod(schema.querystring) ? schema.querystring : undefined,
      corpo: ehZod(schema.body) ? schema.body : undefined,
      endpoint,
      arquivo: arquivo || fluxo,
      fluxo,
    });
  }
  return rotas;
}

/** The names of a pattern's path parameters (`:id`, and `*` for a wildcard). */
export function parametrosDoCaminho(caminho: string): string[] {
  const nomes = [...caminho.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] ?? '');
  if (caminho.endsWith('*')) nomes.push('*');
  return nomes;
}
