import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSeguranca } from '#common/api/seguranca.ts';
import { CATEGORIA_OGMO } from '#common/dominio.ts';
import { ok } from '../../http/envelope.ts';
import { ErroApp } from '../../http/erro-app.ts';
import { registrar } from '../../http/registrar.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';

/** How many of the latest events the staff page lists. */
const LIMITE = 500;

/** The throttle's record of locks and unlocks, for OGMO staff (category 9) only. */
export const rotasSeguranca: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  async function exigirEquipeOgmo(request: FastifyRequest) {
    const avulso = await db
      .selectFrom('avulso')
      .select('cod_categoria')
      .where('cod_avulso', '=', sessaoDe(request).codAvulso)
      .executeTakeFirst();
    if (avulso?.cod_categoria !== CATEGORIA_OGMO) {
      throw new ErroApp('AcessoNegado', 'Somente a equipe do OGMO vê os bloqueios de acesso.');
    }
  }

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
    { preHandler: exigirEquipeOgmo },
  );
};
