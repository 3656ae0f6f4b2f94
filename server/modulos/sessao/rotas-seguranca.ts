import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSeguranca } from '#common/api/seguranca.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { exigirEquipeOgmo } from '../../plataforma/http/equipe-ogmo.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { registrosDeBloqueio } from './repositorio.ts';

/** How many of the latest events the staff page lists. */
const LIMITE = 500;

/** The throttle's record of locks and unlocks, for OGMO staff (category 9) only. */
export const rotasSeguranca: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  const somenteEquipe = (request: FastifyRequest) =>
    exigirEquipeOgmo(db, request, 'Somente a equipe do OGMO vê os bloqueios de acesso.');

  registrar(app, apiSeguranca.bloqueios, async () => ok(await registrosDeBloqueio(db, LIMITE)), {
    preHandler: somenteEquipe,
  });
};
