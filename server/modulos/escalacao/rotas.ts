import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEscalacao } from '#common/api/escalacao.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { enviarComposto } from '../../plataforma/http/compressao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { registrar } from '../../plataforma/http/registrar.ts';

/**
 * The electronic call: GET /api/vagas (the call loaded for this worker), POST /api/vagas (choices) and
 * GET /api/avulsosConfirmados. The work is `app.escalacao`'s (server/modulos/escalacao/, docs/decisions/0100).
 */

const JSON_UTF8 = 'application/json; charset=utf-8';

/** JSON already written (envelope and renewed token included): Fastify sends a Buffer as is. */
function enviarJson(reply: FastifyReply, corpo: Buffer) {
  return reply.type(JSON_UTF8).send(corpo);
}

const rotas: FastifyPluginAsyncZod = async (app) => {
  // The answers are written ahead in memory (decision 0022): described, checked by the tests' client, not
  // serialized by Fastify (docs/decisions/0110).
  registrar(
    app,
    apiEscalacao.vagas,
    async (request, reply) => {
      const { codAvulso } = sessaoDe(request);
      const { numEscalacao } = request.query;
      const { compartilhado, pessoal } = await app.escalacao.carregar({
        codAvulso,
        numEscalacao,
        token: request.tokenRenovado,
      });
      // The shared part compressed once per change, the worker's appended (docs/decisions/0134).
      return enviarComposto(request, reply, compartilhado, pessoal, (partes) => {
        const { corpo, devolver } = app.escalacao.juntarResposta(partes);
        // The pooled buffer may be reused only once the socket is done with it.
        reply.raw.once('close', devolver);
        return corpo;
      });
    },
    { jsonPronto: true },
  );

  registrar(app, apiEscalacao.escolher, async (request) =>
    ok(await app.escalacao.escolher(sessaoDe(request).codAvulso, request.body)),
  );

  registrar(
    app,
    apiEscalacao.avulsosConfirmados,
    async (request, reply) => {
      const { codAvulso } = sessaoDe(request);
      const { numEscalacao, codCategoria } = request.query;
      const corpo = await app.escalacao.confirmados({
        codAvulso,
        numEscalacao,
        codCategoria,
        token: request.tokenRenovado,
      });
      return enviarJson(reply, corpo);
    },
    { jsonPronto: true },
  );
};

/** After the call's module, on which it depends. */
export const rotasEscalacao = fp(rotas, {
  name: 'rotas-escalacao',
  dependencies: ['escalacao'],
  encapsulate: true,
});
