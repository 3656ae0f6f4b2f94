import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { caractereProibido } from '#common/caracteres-de-controle.ts';
import { catalogoErros, isCodigoErroServidor } from '#common/erros.ts';
import type { Caso } from './geradores.ts';
import type { RotaFuzz } from './rotas.ts';

/** A logged-in client of the suite: its token and its XSRF cookie. */
export interface SessaoFuzz {
  codAvulso: string;
  token: string;
  xsrf: string;
}

export interface Resposta {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  /** The body as JSON, when it is JSON. */
  json: unknown;
  /** The body had bytes that were not JSON (a file, or Fastify's own text). */
  texto: string | undefined;
}

/** A token of the right shape that no session has. */
const TOKEN_FORJADO = 'A'.repeat(43);

function descomprimir(bruto: Buffer, codificacao: unknown): Buffer {
  if (codificacao === 'gzip') return gunzipSync(bruto);
  if (codificacao === 'br') return brotliDecompressSync(bruto);
  if (codificacao === 'deflate') return inflateSync(bruto);
  return bruto;
}

/** Sends one case in-process (`app.inject`): the session's token and XSRF pair unless the case says not to. */
export async function enviar(
  app: FastifyInstance,
  rota: RotaFuzz,
  caso: Caso,
  sessao: SessaoFuzz,
): Promise<Resposta> {
  const headers: Record<string, string> = { ...caso.headers };
  if (!caso.semToken) headers['x-access-token'] = caso.tokenForjado ? TOKEN_FORJADO : sessao.token;
  const cookies: Record<string, string> = {};
  if (!caso.semXsrf) {
    cookies['XSRF-TOKEN'] = sessao.xsrf;
    headers['x-xsrf-token'] = caso.xsrfForjado ? `${sessao.xsrf.slice(1)}x` : sessao.xsrf;
  }
  const opcoes: InjectOptions = {
    method: caso.metodo as InjectOptions['method'],
    url: caso.url,
    headers,
    cookies,
  };
  if (caso.corpo !== undefined) opcoes.payload = caso.corpo;
  if (rota.fluxo) {
    const r = await app.inject({ ...opcoes, payloadAsStream: true });
    const tipo = String(r.headers['content-type'] ?? '');
    if (r.statusCode === 200 && tipo.startsWith('text/event-stream')) {
      r.stream().destroy();
      return { status: r.statusCode, headers: r.headers, json: undefined, texto: undefined };
    }
    const partes: Buffer[] = [];
    for await (const parte of r.stream()) partes.push(Buffer.from(parte as Uint8Array));
    return lerCorpo(r.statusCode, r.headers, Buffer.concat(partes));
  }
  const r = await app.inject(opcoes);
  return lerCorpo(r.statusCode, r.headers, r.rawPayload, rota.arquivo);
}

function lerCorpo(status: number, headers: Resposta['headers'], bruto: Buffer, arquivo = false): Resposta {
  // A file's success (the OpenAPI document is 100+ KB) is not parsed: only whether it poses as an envelope.
  if (arquivo && status === 200 && headers['content-encoding'] === undefined) {
    const inicio = bruto.subarray(0, 32).toString('utf8');
    if (!inicio.startsWith('{"sucesso"')) return { status, headers, json: undefined, texto: undefined };
  }
  let corpo: Buffer;
  try {
    corpo = descomprimir(bruto, headers['content-encoding']);
  } catch {
    return { status, headers, json: undefined, texto: '<corpo comprimido ilegível>' };
  }
  const texto = corpo.toString('utf8');
  try {
    return { status, headers, json: JSON.parse(texto), texto: undefined };
  } catch {
    return { status, headers, json: undefined, texto };
  }
}

/**
 * What is wrong with an answer, or undefined: never a 5xx; the envelope with `sucesso` agreeing with the
 * status; a refusal's code from the catalogue (common/erros.ts) with its status and a message. A file route's
 * success is its file, a stream route's its stream, a revalidation's 304 has no body.
 */
export function problemaDaResposta(rota: RotaFuzz, caso: Caso, r: Resposta): string | undefined {
  if (r.status === 0) return r.texto ?? 'sem resposta';
  if (r.status >= 500) return `status ${r.status}: ${JSON.stringify(r.json ?? r.texto)?.slice(0, 300)}`;
  if (r.status === 304 && caso.headers['if-none-match'] !== undefined) return undefined;
  if (rota.arquivo && r.status === 200) {
    const env = r.json as { sucesso?: unknown } | undefined;
    if (env && typeof env === 'object' && 'sucesso' in env && env.sucesso !== true)
      return `200 com sucesso=${String(env.sucesso)}`;
    return undefined;
  }
  const env = r.json as Record<string, unknown> | undefined;
  if (!env || typeof env !== 'object' || Array.isArray(env) || typeof env.sucesso !== 'boolean') {
    return `status ${r.status} fora do envelope: ${(r.texto ?? JSON.stringify(r.json) ?? '').slice(0, 300)}`;
  }
  const tipo = String(r.headers['content-type'] ?? '');
  if (!tipo.startsWith('application/json')) return `envelope com content-type ${tipo}`;
  if (env.sucesso) {
    if (r.status < 200 || r.status > 299) return `sucesso=true com status ${r.status}`;
    const proibido = caractereProibidoNoCaso(rota, caso);
    if (proibido) return `aceitou um texto com caractere proibido (${proibido})`;
    return undefined;
  }
  if (r.status < 400) return `sucesso=false com status ${r.status}`;
  if (!isCodigoErroServidor(env.codigoErro)) return `codigoErro fora do catálogo: ${String(env.codigoErro)}`;
  if (catalogoErros[env.codigoErro].status !== r.status)
    return `${env.codigoErro} com status ${r.status} (o catálogo diz ${catalogoErros[env.codigoErro].status})`;
  if (typeof env.mensagem !== 'string' || env.mensagem.trim() === '') return 'recusa sem mensagem';
  // Below the protocol (XSRF, sessions, content types, sizes), the text check comes before any schema: a
  // DadosInvalidos for a case with a refused character that is not that check's means a route without it.
  if (env.codigoErro === 'DadosInvalidos' && !/não é um JSON válido/.test(env.mensagem)) {
    const proibido = caractereProibidoNoCaso(rota, caso);
    if (proibido && !RECUSA_DE_CONTROLE.test(env.mensagem))
      return `texto com caractere proibido (${proibido}) recusado pelo esquema, não pela barreira única: ${env.mensagem}`;
  }
  return undefined;
}

/** The message of server/plataforma/http/caracteres-de-controle.ts. */
const RECUSA_DE_CONTROLE = /caractere (de controle \(|inválido \(surrogate isolado\))/;

function noValor(valor: unknown, profundidade = 0): string | undefined {
  if (typeof valor === 'string') return caractereProibido(valor);
  if (valor === null || typeof valor !== 'object' || profundidade > 64) return undefined;
  for (const [k, v] of Object.entries(valor)) {
    const achado = caractereProibido(k) ?? noValor(v, profundidade + 1);
    if (achado) return achado;
  }
  return undefined;
}

function decodificado(s: string): string | undefined {
  try {
    return decodeURIComponent(s.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

/**
 * The refused character a case carries in its JSON body (a method with a body), its path or its query, if any:
 * every route must refuse such a case (docs/decisions/0221), so a success with one is a failure of the suite.
 */
export function caractereProibidoNoCaso(rota: RotaFuzz, caso: Caso): string | undefined {
  const [caminho = '', consulta = ''] = caso.url.split('?', 2);
  const partes = [...caminho.split('/'), ...consulta.split(/[&=]/)].map(decodificado);
  // A part no decoder reads makes the whole request a protocol refusal first: nothing to say then.
  if (partes.some((p) => p === undefined)) return undefined;
  for (const parte of partes) {
    const achado = caractereProibido(parte ?? '');
    if (achado) return achado;
  }
  // Only a body the server reads as JSON (another type is refused); a route that reads a file checks it itself.
  const tipo = caso.headers['content-type'] ?? '';
  if (
    rota.endpoint?.tipoCorpo ||
    caso.metodo === 'GET' ||
    typeof caso.corpo !== 'string' ||
    !/^application\/json\s*(;|$)/i.test(tipo)
  )
    return undefined;
  try {
    return noValor(JSON.parse(caso.corpo));
  } catch {
    return undefined;
  }
}

/** A refusal: the envelope said no (a write refused must not change a row). */
export function recusada(r: Resposta): boolean {
  return r.status >= 400;
}
