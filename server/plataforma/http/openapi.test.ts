import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogoEndpoints } from '#common/api/catalogo.ts';
import { apiDocumentacao } from '#common/api/documentacao.ts';
import { errosDe } from '#common/api/endpoint.ts';
import { catalogoErros } from '#common/erros.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';

/** Every /api route is described once in common/api and the OpenAPI document is built from those descriptions. */
let amb: AmbienteTeste;
let c: ClienteTeste;

beforeAll(async () => {
  amb = await criarAmbiente();
  c = await amb.cliente();
});
afterAll(async () => {
  await amb.fechar();
});

const chave = (metodo: string, caminho: string) => `${metodo} ${caminho}`;

interface Operacao {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
}
interface Documento {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operacao>>;
}

/** OpenAPI writes `{id}` where Fastify writes `:id`. */
const caminhoOpenApi = (caminho: string) => caminho.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

describe('registro das rotas /api', () => {
  it('toda rota /api registrada foi registrada a partir de uma descrição do catálogo', () => {
    const semDescricao = amb.app.rotasApi
      .filter((r) => !r.endpoint || !catalogoEndpoints.includes(r.endpoint))
      .map((r) => chave(r.metodo, r.caminho));
    expect(semDescricao).toEqual([]);
    for (const r of amb.app.rotasApi) {
      expect(chave(r.metodo, r.caminho)).toBe(chave(r.endpoint?.metodo ?? '', r.endpoint?.caminho ?? ''));
    }
  });

  it('toda descrição do catálogo está registrada, uma única vez', () => {
    const registradas = amb.app.rotasApi.map((r) => r.endpoint);
    const faltando = catalogoEndpoints
      .filter((e) => !registradas.includes(e))
      .map((e) => chave(e.metodo, e.caminho));
    expect(faltando).toEqual([]);
    const vezes = new Map<string, number>();
    for (const r of amb.app.rotasApi)
      vezes.set(chave(r.metodo, r.caminho), (vezes.get(chave(r.metodo, r.caminho)) ?? 0) + 1);
    expect([...vezes].filter(([, n]) => n > 1)).toEqual([]);
    expect(new Set(catalogoEndpoints.map((e) => chave(e.metodo, e.caminho))).size).toBe(
      catalogoEndpoints.length,
    );
  });

  it('os parâmetros de cada caminho são os do esquema params', () => {
    for (const e of catalogoEndpoints) {
      const doCaminho = [...e.caminho.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort();
      const doEsquema = e.params ? Object.keys((e.params as unknown as { shape: object }).shape).sort() : [];
      expect({ caminho: e.caminho, params: doCaminho }).toEqual({ caminho: e.caminho, params: doEsquema });
    }
  });
});

describe('GET /api/openapi.json', () => {
  let documento: Documento;
  beforeAll(async () => {
    const r = await c.chamar(apiDocumentacao.openapi, {});
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    documento = JSON.parse(r.bruto.toString('utf8')) as Documento;
  });

  it('é um documento OpenAPI 3.1, não um envelope', () => {
    expect(documento.openapi).toBe('3.1.0');
    expect(documento.info).toMatchObject({ title: 'Portal do TPA', version: amb.config.versao });
    expect(documento).not.toHaveProperty('sucesso');
  });

  it('descreve exatamente as rotas do catálogo', () => {
    const noDocumento = Object.entries(documento.paths).flatMap(([caminho, ops]) =>
      Object.keys(ops).map((m) => chave(m.toUpperCase(), caminho)),
    );
    const esperado = catalogoEndpoints.map((e) => chave(e.metodo, caminhoOpenApi(e.caminho)));
    expect(noDocumento.sort()).toEqual(esperado.sort());
  });

  it('cada operação traz resumo, acesso, entrada e os erros que pode responder, com suas mensagens', () => {
    for (const e of catalogoEndpoints) {
      const op = documento.paths[caminhoOpenApi(e.caminho)]?.[e.metodo.toLowerCase()];
      expect(op, chave(e.metodo, e.caminho)).toBeDefined();
      if (!op) continue;
      expect(op.summary).toBe(e.resumo);
      expect(op.tags).toEqual([e.grupo]);
      expect(op.security !== undefined).toBe(e.acesso === 'sessao');
      expect(op.requestBody !== undefined).toBe(e.corpo !== undefined);
      const params = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(params.sort()).toEqual([...e.caminho.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]).sort());
      for (const codigo of errosDe(e)) {
        const { status, mensagem } = catalogoErros[codigo];
        const resposta = op.responses[String(status)];
        expect(resposta?.description, `${chave(e.metodo, e.caminho)} ${codigo}`).toContain(
          `\`${codigo}\`: ${mensagem}`,
        );
        expect(resposta?.content?.['application/json']).toBeDefined();
      }
    }
  });

  it('o corpo da importação de requisições é descrito como o arquivo CSV que é (text/csv), os demais como JSON', () => {
    const importar = documento.paths['/api/gestao/escalas/{num}/requisicoes/importar']?.post?.requestBody;
    expect(Object.keys(importar?.content ?? {})).toEqual(['text/csv']);
    const criar = documento.paths['/api/gestao/escalas']?.post?.requestBody;
    expect(Object.keys(criar?.content ?? {})).toEqual(['application/json']);
  });

  it('arquivos são descritos pelo tipo que têm, e respostas JSON pelo envelope', () => {
    const pdf = documento.paths['/api/declaracoes/{arquivo}']?.get?.responses['200'];
    const config = documento.paths['/api/config']?.get?.responses['200'];
    if (pdf) expect(Object.keys(pdf.content ?? {})).toEqual(['application/pdf']);
    const csv = documento.paths['/api/gestao/escalas/{num}/escala.csv']?.get?.responses['200'];
    expect(Object.keys(csv?.content ?? {})).toEqual(['text/csv']);
    expect(JSON.stringify(config?.content?.['application/json']?.schema)).toContain('"sucesso"');
    expect(JSON.stringify(config?.content?.['application/json']?.schema)).toContain('"ambienteTestes"');
  });
});

describe('a página legível /docs/api', () => {
  it('é a do aplicativo web (features/documentacao), não mais a do Swagger UI', async () => {
    for (const url of ['/docs/api/static/index.html', '/docs/api/json']) {
      const r = await c.requisitar({ method: 'GET', url });
      expect(r.bruto.toString('utf8'), url).not.toMatch(/swagger/i);
    }
  });
});
