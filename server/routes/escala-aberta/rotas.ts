import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escalaAbertaSchema } from '#common/api/escala-aberta.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import { ok } from '../../http/envelope.ts';

/** GET /api/escalaAberta: public, the logged-out screen shows the call box too (spec §4, logout reloads it). */
export const rotasEscalaAberta: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.get(
    '/api/escalaAberta',
    { schema: { response: { 200: envelopeSucesso(escalaAbertaSchema.nullable()) } } },
    async () => {
      const escala = await db
        .selectFrom('escala')
        .select(['num_escalacao', 'data_chamada', 'hora_chamada'])
        .where('aberta', '=', 1)
        .orderBy('num_escalacao', 'desc')
        .executeTakeFirst();
      return ok(
        escala
          ? {
              numEscalacao: escala.num_escalacao,
              dataChamada: escala.data_chamada,
              horaChamada: escala.hora_chamada,
            }
          : null,
      );
    },
  );
};
