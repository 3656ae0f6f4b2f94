import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CodigoErroServidor } from '#common/erros.ts';
import { catalogoErros } from '#common/erros.ts';
import type { Config } from '../../config.ts';
import type { CabecalhosSeguranca } from './cabecalhos-seguranca.ts';

/**
 * The answers written below Fastify's routing, in the envelope like every other (docs/produto/decisoes.md §2,
 * issue 12 item 7): a URL or headers over node's 16 KB (431), a path parameter over 100 characters (414), bad
 * percent-encoding (400), a request whose headers or body do not arrive in time (408), a malformed request
 * (400). Fastify's own bodies echoed the URL and lacked the security headers and `no-store`; these carry the
 * catalogue's code, the security headers, `no-store`, and nothing the client sent.
 */

/** Fastify's default; a parameter longer than this is refused with 414 (never a real id, code or token). */
export const TAMANHO_MAXIMO_PARAMETRO = 100;

interface Recusa {
  codigo: CodigoErroServidor;
  mensagem?: string;
}

const ENDERECO_INVALIDO = 'O endereço da requisição tem uma codificação inválida.';
const REQUISICAO_MALFORMADA = 'A requisição está malformada.';

function corpoDe({ codigo, mensagem }: Recusa): string {
  return JSON.stringify({
    sucesso: false,
    codigoErro: codigo,
    mensagem: mensagem ?? catalogoErros[codigo].mensagem,
  });
}

/** Every header of a refusal written by hand: the security headers, JSON, no-store, and the connection closed. */
function cabecalhosDe(seguranca: CabecalhosSeguranca, corpo: string, extra: Record<string, string> = {}) {
  const cabecalhos: Record<string, string> = {};
  for (const [nome, valor] of seguranca.definidos) cabecalhos[nome] = valor;
  cabecalhos['Content-Type'] = 'application/json; charset=utf-8';
  cabecalhos['Cache-Control'] = 'no-store';
  cabecalhos['Content-Length'] = String(Buffer.byteLength(corpo));
  cabecalhos.Connection = 'close';
  return { ...cabecalhos, ...extra };
}

/** The whole HTTP answer as bytes for a socket no request object exists for (node's `clientError`). */
export function respostaBruta(
  seguranca: CabecalhosSeguranca,
  recusa: Recusa,
  extra: Record<string, string> = {},
): string {
  const status = catalogoErros[recusa.codigo].status;
  const corpo = corpoDe(recusa);
  const linhas = Object.entries(cabecalhosDe(seguranca, corpo, extra)).map(([n, v]) => `${n}: ${v}\r\n`);
  return `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${linhas.join('')}\r\n${corpo}`;
}

function recusaDoRoteador(erro: FastifyError): Recusa {
  switch (erro.code) {
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { codigo: 'EnderecoMuitoLongo' };
    case 'FST_ERR_BAD_URL':
      return { codigo: 'DadosInvalidos', mensagem: ENDERECO_INVALIDO };
    default:
      return { codigo: 'DadosInvalidos', mensagem: REQUISICAO_MALFORMADA };
  }
}

function recusaDoCliente(erro: NodeJS.ErrnoException): Recusa {
  switch (erro.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { codigo: 'TempoEsgotado' };
    case 'HPE_HEADER_OVERFLOW':
      return { codigo: 'CabecalhosMuitoGrandes' };
    default:
      return { codigo: 'DadosInvalidos', mensagem: REQUISICAO_MALFORMADA };
  }
}

/**
 * The server options that put the router's and node's refusals in the envelope, and the request time limit:
 * headers and body must arrive within `TEMPO_REQUISICAO_SEGUNDOS` (docs/decisions/0091-limites-de-protocolo-e-de-uso.md).
 */
export function opcoesDeProtocolo(config: Config, seguranca: CabecalhosSeguranca) {
  const tempoMs = Math.max(1, Math.round(config.limites.tempoRequisicaoSegundos * 1000));
  return {
    routerOptions: { maxParamLength: TAMANHO_MAXIMO_PARAMETRO },
    requestTimeout: tempoMs,
    http: {
      // node answered a request without Host with a bare 400 of its own; `exigirHost` answers it in the envelope.
      requireHostHeader: false,
      requestTimeout: tempoMs,
      headersTimeout: tempoMs,
      // node checks the time limits on this period: a slow request is cut between 1 and 1.25 times the limit.
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.round(tempoMs / 4))),
    },
    frameworkErrors(erro: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
      const recusa = recusaDoRoteador(erro);
      const corpo = corpoDe(recusa);
      reply.raw.writeHead(catalogoErros[recusa.codigo].status, cabecalhosDe(seguranca, corpo));
      reply.raw.end(corpo);
    },
    clientErrorHandler(erro: NodeJS.ErrnoException, socket: Socket) {
      if (erro.code === 'ECONNRESET' || socket.destroyed) return;
      // An answer already begun on this socket cannot be followed by another: only cut the connection.
      const emCurso = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
      // Destroyed at once, never drained: node's parser reads the socket's handle itself, so a socket kept open
      // would go on parsing, and a body completed after the 408 would still reach its route.
      if (socket.writable && !emCurso?.headersSent)
        socket.write(respostaBruta(seguranca, recusaDoCliente(erro)));
      socket.destroy();
    },
  };
}

/**
 * HTTP/1.1 requires Host (RFC 9112 §3.2): a request without it is 400 in the envelope, with the security
 * headers (issue 28 item 10; it used to be node's bare answer). After the security headers' hook.
 */
export function exigirHost(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, feito) => {
    const { httpVersionMajor, httpVersionMinor } = request.raw;
    if (request.headers.host !== undefined || httpVersionMajor !== 1 || httpVersionMinor < 1) {
      feito();
      return;
    }
    const recusa: Recusa = { codigo: 'DadosInvalidos', mensagem: 'A requisição não tem o cabeçalho Host.' };
    reply
      .status(catalogoErros[recusa.codigo].status)
      .header('Cache-Control', 'no-store')
      .header('Connection', 'close')
      .type('application/json; charset=utf-8')
      .send(corpoDe(recusa));
  });
}
