import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiResultadoEscala } from '#common/api/gestao.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { resultadoDoAvulso } from './resultado.ts';

/**
 * GET /api/escalacao/resultado?numEscalacao=N: the logged-in worker's own result of a published call
 * (issue 16): engaged with the job, not engaged with the reasons, or no choices. Only ever the session's
 * worker; `null` while no call was published.
 */
export const rotasResultadoEscala: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  registrar(app, apiResultadoEscala.resultado, async (request) =>
    ok(await resultadoDoAvulso(db, sessaoDe(request).codAvulso, request.query.numEscalacao)),
  );
};
