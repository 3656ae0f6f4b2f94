import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiMensagensGestao } from '#common/api/mensagens.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { exigirPapel } from '../equipe/index.ts';
import {
  detalharMensagem,
  editarMensagem,
  encerrarMensagem,
  enviarMensagem,
  listarMensagens,
} from './servico.ts';

/**
 * /api/gestao/mensagens: the service messages of the home's "Atenção!" queue (issue 30), for the role
 * `comunicacao` only, checked before the body is read.
 */
export const rotasMensagensGestao: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  app.addHook(
    'onRequest',
    exigirPapel('comunicacao', 'Somente a equipe de comunicação do OGMO envia mensagens aos trabalhadores.'),
  );
  const dependencias = { db, eventos: app.ctx.eventos };

  registrar(app, apiMensagensGestao.enviar, async (request) => {
    const por = sessaoDe(request).codAvulso;
    const mensagem = await enviarMensagem(dependencias, { corpo: request.body, por, agora: clock.now() });
    request.log.info(
      { por, idMensagem: mensagem.id, para: mensagem.para, aviso: mensagem.aviso },
      'mensagem enviada',
    );
    return ok(mensagem);
  });

  registrar(app, apiMensagensGestao.listar, async (request) =>
    ok(await listarMensagens(db, request.query.pagina ?? 1, clock.now())),
  );

  registrar(app, apiMensagensGestao.detalhe, async (request) =>
    ok(await detalharMensagem(db, request.params.id, clock.now())),
  );

  registrar(app, apiMensagensGestao.editar, async (request) =>
    ok(
      await editarMensagem(db, {
        id: request.params.id,
        corpo: request.body,
        por: sessaoDe(request).codAvulso,
        agora: clock.now(),
      }),
    ),
  );

  registrar(app, apiMensagensGestao.encerrar, async (request) =>
    ok(
      await encerrarMensagem(db, {
        id: request.params.id,
        por: sessaoDe(request).codAvulso,
        agora: clock.now(),
      }),
    ),
  );
};
