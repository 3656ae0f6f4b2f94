import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escalaAbertaSchema } from '#common/api/escala-aberta.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import { ok } from '../../http/envelope.ts';
import { CacheCurto } from '../../services/cache-curto.ts';

/** How long (app clock) the open call is answered from memory: every phone and kiosk asks on each screen. */
export const VALIDADE_ESCALA_ABERTA_MS = 1_000;

/** GET /api/escalaAberta: public, the logged-out screen shows the call box too (spec §4, logout reloads it). */
export const rotasEscalaAberta: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  const ler = () =>
    db
      .selectFrom('escala')
      .select(['num_escalacao', 'data_chamada', 'hora_chamada'])
      .where('aberta', '=', 1)
      .orderBy('num_escalacao', 'desc')
      .executeTakeFirst();
  // One read per period serves everyone; staff opening or closing a call is seen within the period.
  // POST /api/vagas reads the call's row itself.
  const emMemoria = new CacheCurto<'aberta', Awaited<ReturnType<typeof ler>>>(
    clock,
    VALIDADE_ESCALA_ABERTA_MS,
    1,
  );
  app.get(
    '/api/escalaAberta',
    { schema: { response: { 200: envelopeSucesso(escalaAbertaSchema.nullable()) } } },
    async () => {
      const escala = await emMemoria.obter('aberta', ler);
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
