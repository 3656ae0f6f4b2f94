import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resultadoAvulsoQuery, resultadoAvulsoSchema } from '#common/api/gestao.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import { ok } from '../../http/envelope.ts';
import { exigirSessao, sessaoDe } from '../../plugins/autenticacao.ts';
import { resultadoDoAvulso } from '../../services/gestao/resultado.ts';

/**
 * GET /api/escalacao/resultado?numEscalacao=N: the logged-in worker's own result of a published call
 * (issue 16): engaged with the job, not engaged with the reasons, or no choices. Only ever the session's
 * worker; `null` while no call was published.
 */
export const rotasResultadoEscala: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/api/escalacao/resultado',
    {
      preHandler: exigirSessao,
      schema: {
        querystring: resultadoAvulsoQuery,
        response: { 200: envelopeSucesso(resultadoAvulsoSchema.nullable()) },
      },
    },
    async (request) =>
      ok(await resultadoDoAvulso(db, sessaoDe(request).codAvulso, request.query.numEscalacao)),
  );
};
