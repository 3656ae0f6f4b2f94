/**
 * The parts of an OpenAPI 3.1 document (GET /api/openapi.json, server/plugins/openapi.ts) that /docs/api shows,
 * and their reading in Portuguese. Only what the portal's document uses: JSON Schema objects, arrays, unions,
 * enums, literals; parameters in the path and the query; one body; responses by status.
 */

export interface Esquema {
  type?: string | string[];
  properties?: Record<string, Esquema>;
  patternProperties?: Record<string, Esquema>;
  additionalProperties?: boolean | Esquema;
  required?: string[];
  items?: Esquema;
  anyOf?: Esquema[];
  oneOf?: Esquema[];
  enum?: unknown[];
  const?: unknown;
  description?: string;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
}

export interface Parametro {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: Esquema;
}

export interface Resposta {
  description?: string;
  content?: Record<string, { schema?: Esquema }>;
}

export interface Operacao {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parametro[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Esquema }> };
  security?: Record<string, string[]>[];
  responses?: Record<string, Resposta>;
}

export interface DocumentoOpenApi {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Partial<Record<'get' | 'post' | 'put' | 'delete' | 'patch', Operacao>>>;
}

export const METODOS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Metodo = (typeof METODOS)[number];

/** One operation as the page lists it. */
export interface Rota {
  metodo: Metodo;
  caminho: string;
  operacao: Operacao;
}

/** The operations grouped by their first tag, in the document's order, groups in order of appearance. */
export function agruparPorGrupo(documento: DocumentoOpenApi): [string, Rota[]][] {
  const grupos = new Map<string, Rota[]>();
  for (const [caminho, operacoes] of Object.entries(documento.paths)) {
    for (const metodo of METODOS) {
      const operacao = operacoes[metodo];
      if (!operacao) continue;
      const grupo = operacao.tags?.[0] ?? 'Outras';
      grupos.set(grupo, [...(grupos.get(grupo) ?? []), { metodo, caminho, operacao }]);
    }
  }
  return [...grupos];
}

const TIPOS: Record<string, string> = {
  string: 'texto',
  integer: 'inteiro',
  number: 'número',
  boolean: 'sim ou não',
  null: 'nulo',
  array: 'lista',
  object: 'objeto',
};

/** A schema's type in words: 'inteiro', 'texto ou nulo', 'lista de objeto', 'um de: "a", "b"'. */
export function tipoEmPalavras(esquema: Esquema): string {
  if (esquema.const !== undefined) return `sempre ${JSON.stringify(esquema.const)}`;
  if (esquema.enum) return `um de: ${esquema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
  const alternativas = esquema.anyOf ?? esquema.oneOf;
  if (alternativas) return alternativas.map(tipoEmPalavras).join(' ou ');
  const tipos = [esquema.type ?? []].flat();
  if (tipos.length === 0) return esquema.format === 'binary' ? 'arquivo' : 'qualquer valor';
  return tipos
    .map((t) =>
      t === 'array' && esquema.items ? `lista de ${tipoEmPalavras(esquema.items)}` : (TIPOS[t] ?? t),
    )
    .join(' ou ');
}

/** The limits a schema sets, in words (the integer limits of the database are left out: every integer has them). */
export function limitesEmPalavras(esquema: Esquema): string[] {
  const limites: string[] = [];
  if (esquema.pattern) limites.push(`formato ${esquema.pattern}`);
  if (esquema.minLength !== undefined && esquema.minLength > 0)
    limites.push(`ao menos ${esquema.minLength} caracteres`);
  if (esquema.maxLength !== undefined) limites.push(`até ${esquema.maxLength} caracteres`);
  if (esquema.exclusiveMinimum !== undefined) limites.push(`maior que ${esquema.exclusiveMinimum}`);
  if (esquema.minimum !== undefined && esquema.minimum > -2147483648)
    limites.push(`no mínimo ${esquema.minimum}`);
  if (esquema.maximum !== undefined && esquema.maximum < 2147483647)
    limites.push(`no máximo ${esquema.maximum}`);
  if (esquema.minItems !== undefined && esquema.minItems > 0)
    limites.push(`ao menos ${esquema.minItems} ${esquema.minItems === 1 ? 'item' : 'itens'}`);
  if (esquema.maxItems !== undefined) limites.push(`até ${esquema.maxItems} itens`);
  return limites;
}

/** The object whose fields a schema lists: itself, its array's items, or the object among its alternatives. */
export function objetoDe(esquema: Esquema): Esquema | undefined {
  if (esquema.properties || esquema.patternProperties) return esquema;
  if (esquema.items) return objetoDe(esquema.items);
  for (const alternativa of esquema.anyOf ?? esquema.oneOf ?? []) {
    const objeto = objetoDe(alternativa);
    if (objeto) return objeto;
  }
  return undefined;
}

/** A path as the portal writes it: {num} → :num. */
export function caminhoLegivel(caminho: string): string {
  return caminho.replace(/\{(\w+)\}/g, ':$1');
}
