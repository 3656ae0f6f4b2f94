import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSeguranca } from '#common/api/seguranca.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { exigirPapel } from '../equipe/index.ts';

/** How many of the latest events the staff page lists. */
const LIMITE = 500;

/** The throttle's record of locks and unlocks, for the role `administrador` only. */
export const rotasSeguranca: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  // The security log is the administration's (issue 30).
  const somenteEquipe = exigirPapel(
    'administrador',
    'Somente a administração do OGMO vê os bloqueios de acesso.',
  );

  registrar(
    app,
    apiSeguranca.bloqueios,
    async () => {
      const linhas = await db
        .selectFrom('registro_bloqueio')
        .select(['em', 'evento', 'politica', 'sujeito', 'falhas', 'ate', 'ip'])
        .orderBy('id', 'desc')
        .limit(LIMITE)
        .execute();
      return ok(linhas);
    },
    { preHandler: somenteEquipe },
  );
};
