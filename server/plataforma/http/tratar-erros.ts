import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { CampoInvalido } from '#common/envelope.ts';
import type { CodigoErroServidor } from '#common/erros.ts';
import { catalogoErros } from '#common/erros.ts';
import { ErroApp } from './erro-app.ts';

/**
 * Every /api answer is the envelope of docs/produto/decisoes.md §2, failures included: validation, malformed JSON,
 * wrong content type, oversized bodies, unknown paths. A real fault answers ErroInterno without details.
 */

function enviarErro(
  request: FastifyRequest,
  reply: FastifyReply,
  codigoErro: CodigoErroServidor,
  mensagem?: string,
  dados?: unknown,
  status?: number,
) {
  const corpo: Record<string, unknown> = {
    sucesso: false,
    codigoErro,
    mensagem: mensagem ?? catalogoErros[codigoErro].mensagem,
  };
  if (dados !== undefined) corpo.dados = dados;
  if (request.tokenRenovado) corpo.token = request.tokenRenovado;
  // The request's id (X-Request-Id): what a worker's complaint quotes to find its log line (issue 26).
  corpo.idPedido = request.id;
  request.codigoErro = codigoErro;
  // A refusal that says how long to wait says it to HTTP too (docs/produto/decisoes.md §2: 429 with Retry-After).
  const aguardar = (dados as { aguardarSegundos?: unknown } | undefined)?.aguardarSegundos;
  if (typeof aguardar === 'number' && aguardar > 0 && !reply.hasHeader('retry-after')) {
    reply.header('Retry-After', String(Math.ceil(aguardar)));
  }
  return reply
    .status(status ?? catalogoErros[codigoErro].status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(corpo);
}

function campoDe(instancePath: string, local: string | undefined): string {
  const caminho = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return caminho || local || 'corpo';
}

export function tratarErros(app: FastifyInstance) {
  app.setErrorHandler((erro: FastifyError, request, reply) => {
    if (erro instanceof ErroApp) {
      return enviarErro(request, reply, erro.codigoErro, erro.message, erro.dados, erro.status);
    }
    if (hasZodFastifySchemaValidationErrors(erro)) {
      const campos: CampoInvalido[] = erro.validation.map((v) => ({
        campo: campoDe(v.instancePath, erro.validationContext),
        mensagem: v.message ?? 'Valor inválido.',
      }));
      const primeira = campos[0];
      const mensagem = primeira ? `${catalogoErros.DadosInvalidos.mensagem} ${primeira.mensagem}` : undefined;
      return enviarErro(request, reply, 'DadosInvalidos', mensagem, campos);
    }
    switch (erro.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return enviarErro(request, reply, 'ConteudoMuitoGrande');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return enviarErro(request, reply, 'TipoConteudoInvalido');
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return enviarErro(request, reply, 'DadosInvalidos', 'O corpo da requisição não é um JSON válido.');
    }
    const status = erro.statusCode ?? 500;
    if (status === 413) return enviarErro(request, reply, 'ConteudoMuitoGrande');
    if (status === 415) return enviarErro(request, reply, 'TipoConteudoInvalido');
    if (status === 429) return enviarErro(request, reply, 'MuitasRequisicoes');
    if (status === 404) return enviarErro(request, reply, 'NaoEncontrado');
    if (status >= 400 && status < 500) {
      return enviarErro(request, reply, 'DadosInvalidos', undefined, undefined, 400);
    }
    request.log.error({ err: erro, codAvulso: request.sessao?.codAvulso }, 'falha inesperada');
    return enviarErro(request, reply, 'ErroInterno');
  });

  // The renewed token rides in the envelope of every successful JSON answer.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (request.tokenRenovado && payload && typeof payload === 'object' && 'sucesso' in payload) {
      return { ...payload, token: request.tokenRenovado };
    }
    return payload;
  });
}

export function respostaNaoEncontrado(request: FastifyRequest, reply: FastifyReply) {
  return enviarErro(request, reply, 'NaoEncontrado');
}
