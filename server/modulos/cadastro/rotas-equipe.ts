import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEquipe } from '#common/api/equipe.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { exigirPapel } from '../equipe/index.ts';
import { concederPapel, listarEquipe, retirarPapel } from './equipe.ts';

/** /api/gestao/equipe: the staff's roles, for the role `administrador` only (issue 30). */
export const rotasEquipe: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook(
    'onRequest',
    exigirPapel('administrador', 'Somente a administração do OGMO concede e retira papéis da equipe.'),
  );

  registrar(app, apiEquipe.listar, async () => ok(await listarEquipe(db)));

  registrar(app, apiEquipe.conceder, async (request) => {
    const por = sessaoDe(request).codAvulso;
    const membro = await concederPapel(db, {
      codAvulso: request.params.cod,
      papel: request.body.papel,
      por,
      agora: clock.now(),
    });
    request.log.info({ por, codAvulso: membro.codAvulso, papel: request.body.papel }, 'papel concedido');
    return ok(membro);
  });

  registrar(app, apiEquipe.retirar, async (request) => {
    const por = sessaoDe(request).codAvulso;
    const membro = await retirarPapel(db, {
      codAvulso: request.params.cod,
      papel: request.params.papel,
      por,
      agora: clock.now(),
    });
    request.log.info({ por, codAvulso: membro.codAvulso, papel: request.params.papel }, 'papel retirado');
    return ok(membro);
  });
};
