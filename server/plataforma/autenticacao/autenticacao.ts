import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErroApp } from '../http/erro-app.ts';
import type { SessaoAtiva } from './sessoes.ts';
import { validarToken } from './sessoes.ts';

export const CABECALHO_TOKEN = 'x-access-token';

export function prepararAutenticacao(app: FastifyInstance) {
  app.decorateRequest('sessao', null);
  app.decorateRequest('tokenRenovado', undefined);
}

/**
 * preHandler of every route that needs a logged-in worker. Routes then read `sessaoDe(request)`:
 * the worker is always the session's, never one named in the request. Resolved once per request: a hook
 * that ran it earlier (the back office's role check, on onRequest) leaves the session for the preHandler.
 */
export async function exigirSessao(this: FastifyInstance, request: FastifyRequest) {
  if (request.sessao) return;
  const token = request.headers[CABECALHO_TOKEN];
  if (typeof token !== 'string' || token === '') throw new ErroApp('NaoAutenticado');
  const { config, clock, gravarSessao, sessoes } = this.ctx;
  const resultado = await validarToken(config, clock, token, gravarSessao, sessoes);
  if (!resultado) throw new ErroApp('NaoAutenticado');
  request.sessao = resultado.sessao;
  request.tokenRenovado = resultado.tokenRenovado;
}

export function sessaoDe(request: FastifyRequest): SessaoAtiva {
  if (!request.sessao) throw new ErroApp('NaoAutenticado');
  return request.sessao;
}
