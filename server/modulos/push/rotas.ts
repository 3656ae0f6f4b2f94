import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPush } from '#common/api/push.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { gravarAssinatura, limitarAssinaturasDoAvulso, removerAssinaturaDoAvulso } from './repositorio.ts';

/**
 * /api/push: "Avisos no celular" (common/api/push.ts, docs/decisions/0162). A phone's subscription belongs
 * to the worker and the session it was made in. The totem is shared by everyone: never there.
 */
/** Phones and browsers one worker may have subscribed at once; a newer one makes the oldest leave. */
export const ASSINATURAS_POR_AVULSO = 5;

export async function rotasPush(app: FastifyInstance) {
  const { db, clock } = app.ctx;

  function foraDoTotem(request: FastifyRequest) {
    const sessao = sessaoDe(request);
    if (sessao.quiosque) {
      throw new ErroApp('AcessoNegado', 'Os avisos no celular não podem ser ativados no totem.');
    }
    return sessao;
  }

  registrar(app, apiPush.chave, async (request) => {
    foraDoTotem(request);
    return ok({ chavePublica: app.avisosPush.chavePublica });
  });

  registrar(app, apiPush.assinar, async (request) => {
    const sessao = foraDoTotem(request);
    const { endpoint, keys } = request.body;
    if (!app.avisosPush.aceita(endpoint)) {
      throw new ErroApp(
        'DadosInvalidos',
        'Este navegador usa um serviço de avisos que o portal não aceita.',
        {
          dados: [{ campo: 'endpoint', mensagem: 'Serviço de avisos não aceito.' }],
        },
      );
    }
    await gravarAssinatura(db, {
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      codAvulso: sessao.codAvulso,
      sessaoId: sessao.sessaoId,
      agora: clock.now(),
    });
    await limitarAssinaturasDoAvulso(db, sessao.codAvulso, ASSINATURAS_POR_AVULSO);
    request.log.info({ codAvulso: sessao.codAvulso }, 'avisos ativados');
    return ok(null);
  });

  registrar(app, apiPush.cancelar, async (request) => {
    const sessao = foraDoTotem(request);
    await removerAssinaturaDoAvulso(db, sessao.codAvulso, request.body.endpoint);
    return ok(null);
  });
}
