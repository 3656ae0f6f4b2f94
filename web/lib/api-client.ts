import type { DadosDe, Endpoint, EntradaDe, Onde, RespostaArquivo } from '#common/api/endpoint.ts';
import { urlDe } from '#common/api/endpoint.ts';
import type { Envelope } from '#common/envelope.ts';
import type { CodigoErro } from '#common/erros.ts';
import { catalogoErros, MENSAGEM_SEM_COMUNICACAO } from '#common/erros.ts';
import { registrarOrigem } from './conexao.ts';
import { enderecosSessao } from './enderecos-api.ts';
import { definirToken, lerToken } from './token.ts';

/**
 * The one API client (docs/produto/escalacao.md §7-8): credentials, the default headers, the XSRF copy, the token
 * replaced whenever any answer carries one, and every failure normalised to an ErroApi.
 */

export const NOME_CLIENTE = 'portal-tpa';
export const VERSAO_CLIENTE: string = __VERSAO_CLIENTE__;

export class ErroApi extends Error {
  readonly codigoErro: CodigoErro;
  readonly status: number;
  readonly dados: unknown;
  constructor(codigoErro: CodigoErro, mensagem: string, status: number, dados?: unknown) {
    super(mensagem);
    this.name = 'ErroApi';
    this.codigoErro = codigoErro;
    this.status = status;
    this.dados = dados;
  }
}

/** Listeners told when the server says the session is over (NaoAutenticado). */
const aoExpirar = new Set<() => void>();
export function quandoSessaoExpirar(fn: () => void): () => void {
  aoExpirar.add(fn);
  return () => aoExpirar.delete(fn);
}

function lerCookie(nome: string): string | undefined {
  const par = document.cookie.split('; ').find((c) => c.startsWith(`${nome}=`));
  return par ? decodeURIComponent(par.slice(nome.length + 1)) : undefined;
}

export function cabecalhosPadrao(metodo: string): Record<string, string> {
  const cabecalhos: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    'X-Client-Name': NOME_CLIENTE,
    'X-Client-Version': VERSAO_CLIENTE,
  };
  const token = lerToken();
  if (token) cabecalhos['X-Access-Token'] = token;
  if (metodo !== 'GET' && metodo !== 'HEAD') {
    const xsrf = lerCookie('XSRF-TOKEN');
    if (xsrf) cabecalhos['X-XSRF-TOKEN'] = xsrf;
  }
  return cabecalhos;
}

interface OpcoesRequisicao {
  metodo: Endpoint['metodo'];
  corpo?: unknown;
  /** A body sent as is instead of JSON (a CSV file), with its content type. */
  /** A file sent as is (a CSV): text, or its bytes when the server finds the encoding itself. */
  texto?: { conteudo: string | Uint8Array<ArrayBuffer>; tipo: string };
  signal?: AbortSignal;
}

/** Normalises any answer (or none) into the envelope of spec §8. */
function normalizar(corpo: unknown): Envelope<unknown> {
  if (!corpo || typeof corpo !== 'object') {
    return { sucesso: false, codigoErro: 'SemComunicacao', mensagem: MENSAGEM_SEM_COMUNICACAO };
  }
  const e = corpo as Partial<{
    sucesso: boolean;
    dados: unknown;
    token: string;
    codigoErro: CodigoErro;
    mensagem: string;
  }>;
  if (e.sucesso === true) return { sucesso: true, dados: e.dados, ...(e.token ? { token: e.token } : {}) };
  return {
    sucesso: false,
    dados: e.dados,
    ...(e.token ? { token: e.token } : {}),
    codigoErro: e.codigoErro ?? 'SemComunicacao',
    mensagem: e.mensagem ?? MENSAGEM_SEM_COMUNICACAO,
  };
}

async function enviar(
  url: string,
  opcoes: OpcoesRequisicao,
): Promise<{ envelope: Envelope<unknown>; status: number }> {
  const metodo = opcoes.metodo;
  let resposta: Response;
  try {
    resposta = await fetch(url, {
      method: metodo,
      credentials: 'include',
      headers: opcoes.texto
        ? { ...cabecalhosPadrao(metodo), 'Content-Type': opcoes.texto.tipo }
        : cabecalhosPadrao(metodo),
      body: metodo === 'GET' ? undefined : (opcoes.texto?.conteudo ?? JSON.stringify(opcoes.corpo ?? {})),
      signal: opcoes.signal,
    });
  } catch (erro) {
    if (erro instanceof DOMException && erro.name === 'AbortError') throw erro;
    return { envelope: normalizar(undefined), status: 0 };
  }
  registrarOrigem(resposta);
  let corpo: unknown;
  try {
    corpo = await resposta.json();
  } catch {
    corpo = undefined;
  }
  return { envelope: normalizar(corpo), status: resposta.status };
}

/**
 * After a logout a page still on screen may refetch before it unmounts: without a token the server could
 * only answer 401, so such a call is not sent (docs/decisions/0120-telas-conferidas.md).
 */
function exigirToken(): void {
  if (lerToken()) return;
  const { status, mensagem } = catalogoErros.NaoAutenticado;
  throw new ErroApi('NaoAutenticado', mensagem, status);
}

/** An endpoint without params, query or body is called with no input at all. */
type ArgumentosChamada<E extends Endpoint> = E extends
  | { params: unknown }
  | { query: unknown }
  | { corpo: unknown }
  ? [entrada: EntradaDe<E> & { signal?: AbortSignal }]
  : [entrada?: EntradaDe<E> & { signal?: AbortSignal }];

/**
 * Calls a described endpoint (common/api/), or its address (enderecos-api.ts), and returns its `dados`, or
 * throws ErroApi. The path, method and types come from the description. A token in any answer replaces the stored one.
 */
export async function chamar<E extends Endpoint>(
  endpoint: E | Onde<E>,
  ...[entrada]: ArgumentosChamada<E>
): Promise<DadosDe<E>> {
  if (endpoint.acesso === 'sessao') exigirToken();
  const corpo = entrada?.corpo ?? {};
  return tratarEnvelope<DadosDe<E>>(urlDe(endpoint, entrada ?? {}), {
    metodo: endpoint.metodo,
    ...(endpoint.metodo === 'GET'
      ? {}
      : endpoint.tipoCorpo && typeof corpo === 'string'
        ? { texto: { conteudo: corpo, tipo: `${endpoint.tipoCorpo}; charset=utf-8` } }
        : endpoint.tipoCorpo && corpo instanceof Uint8Array
          ? { texto: { conteudo: corpo as Uint8Array<ArrayBuffer>, tipo: endpoint.tipoCorpo } }
          : { corpo }),
    ...(entrada?.signal ? { signal: entrada.signal } : {}),
  });
}

/** Sends, retries once without an XSRF cookie, keeps a renewed token, and opens the envelope. */
async function tratarEnvelope<T>(url: string, opcoes: OpcoesRequisicao): Promise<T> {
  let { envelope, status } = await enviar(url, opcoes);
  // No XSRF cookie yet (first visit straight to a POST): any GET sets it; then try once more.
  if (!envelope.sucesso && envelope.codigoErro === 'XsrfInvalido' && !lerCookie('XSRF-TOKEN')) {
    await enviar(enderecosSessao.config.caminho, { metodo: 'GET' });
    ({ envelope, status } = await enviar(url, opcoes));
  }
  if (envelope.token) definirToken(envelope.token);
  if (envelope.sucesso) return envelope.dados as T;
  if (envelope.codigoErro === 'NaoAutenticado' && lerToken()) for (const fn of aoExpirar) fn();
  throw new ErroApi(envelope.codigoErro, envelope.mensagem, status, envelope.dados);
}

/** Downloads a file endpoint's answer (pay documents, reports): the body is the file, errors are envelopes. */
export async function baixarArquivo<E extends Endpoint & { resposta: RespostaArquivo }>(
  endpoint: E,
  ...[entrada]: ArgumentosChamada<E>
): Promise<Blob> {
  const url = urlDe(endpoint, entrada ?? {});
  let resposta: Response;
  try {
    resposta = await fetch(url, {
      credentials: 'include',
      headers: cabecalhosPadrao('GET'),
    });
  } catch {
    throw new ErroApi('SemComunicacao', MENSAGEM_SEM_COMUNICACAO, 0);
  }
  if (resposta.ok) {
    // A file has no envelope: a renewed token rides in this header instead (docs/produto/escalacao.md §4).
    const renovado = resposta.headers.get('X-Access-Token');
    if (renovado) definirToken(renovado);
    return resposta.blob();
  }
  let corpo: unknown;
  try {
    corpo = await resposta.json();
  } catch {
    corpo = undefined;
  }
  const envelope = normalizar(corpo);
  if (envelope.token) definirToken(envelope.token);
  if (envelope.sucesso) throw new ErroApi('SemComunicacao', MENSAGEM_SEM_COMUNICACAO, resposta.status);
  if (envelope.codigoErro === 'NaoAutenticado' && lerToken()) for (const fn of aoExpirar) fn();
  throw new ErroApi(envelope.codigoErro, envelope.mensagem, resposta.status, envelope.dados);
}
