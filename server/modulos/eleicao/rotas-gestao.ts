import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEleicoesGestao } from '#common/api/eleicoes-gestao.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { exigirPapel } from '../equipe/index.ts';
import {
  cerimoniaDeChaves,
  conferirChave,
  criarEleicao,
  detalharEleicao,
  listarEleicoesGestao,
} from './gestao.ts';
import { tirarTentativaDeChave } from './tentativas-chave.ts';

/**
 * /api/gestao/eleicoes: setting up an election on screen (issue 30), for the role `eleicao` only, checked
 * before the body is read. No handler logs the commission's code, and its answer is never cached.
 */
export const rotasEleicoesGestao: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.ctx;
  app.addHook('onRequest', exigirPapel('eleicao', 'Somente a equipe eleitoral do OGMO prepara as eleições.'));
  const deps = { db, config, segredoFotos: app.ctx.segredoFotos };

  registrar(app, apiEleicoesGestao.listar, async () => ok(await listarEleicoesGestao(db)));

  registrar(app, apiEleicoesGestao.criar, async (request) => {
    const por = sessaoDe(request).codAvulso;
    const eleicao = await criarEleicao(deps, { corpo: request.body, por, agora: clock.now() });
    request.log.info({ por, idEleicao: eleicao.$id }, 'eleição criada');
    return ok(eleicao);
  });

  registrar(app, apiEleicoesGestao.detalhe, async (request) =>
    ok(await detalharEleicao(deps, request.params.id, clock.now())),
  );

  registrar(app, apiEleicoesGestao.cerimonia, async (request, reply) => {
    const por = sessaoDe(request).codAvulso;
    const cerimonia = await cerimoniaDeChaves(deps, { id: request.params.id, por, agora: clock.now() });
    request.log.info({ por, idEleicao: request.params.id }, 'urna lacrada (cerimônia de chaves)');
    reply.header('Cache-Control', 'no-store');
    return ok(cerimonia);
  });

  registrar(app, apiEleicoesGestao.conferirChave, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    // The same bucket as closing: each try is a scrypt (issue 28, item 3).
    tirarTentativaDeChave(clock, request.params.id);
    return ok(await conferirChave(db, request.params.id, request.body.chaveApuracao));
  });
};
