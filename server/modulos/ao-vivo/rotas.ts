import type { FastifyInstance } from 'fastify';
import { apiEventos } from '#common/api/eventos.ts';
import { CATEGORIA_OGMO, categoriasEscala } from '#common/dominio.ts';
import { categoriaDaFuncao } from '#common/funcoes.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';

/**
 * GET /api/eventos: the worker's live stream (common/api/eventos.ts, docs/decisions/0160). Authenticated by
 * the X-Access-Token header like every call (the web reads it with fetch streaming, since EventSource cannot
 * send headers). Counts follow the categories the worker is qualified in; OGMO staff follow all four.
 */
export async function rotasEventos(app: FastifyInstance) {
  const categoriasTodas = categoriasEscala.map((c) => c.codigo);

  registrar(app, apiEventos.eventos, async (request, reply) => {
    const sessao = sessaoDe(request);
    const avulso = await app.escalacao.avulso(sessao.codAvulso);
    const categorias =
      avulso?.codCategoria === CATEGORIA_OGMO
        ? categoriasTodas
        : categoriasTodas.filter((c) =>
            [...(avulso?.habilitacoes ?? [])].some((f) => categoriaDaFuncao(f) === c),
          );
    // Checked right before the stream is registered, with no await between (docs/decisions/0190).
    if (app.aoVivo.transmissor.lotado(sessao.codAvulso)) {
      reply.header('Retry-After', '30');
      throw new ErroApp(
        'MuitasRequisicoes',
        'Há conexões ao vivo demais abertas com o seu acesso. Feche outras abas ou aparelhos e tente novamente.',
      );
    }
    const cabecalhos: Record<string, string | number | readonly string[]> = {};
    for (const [nome, valor] of Object.entries(reply.getHeaders())) {
      if (typeof valor === 'string' || typeof valor === 'number' || Array.isArray(valor))
        cabecalhos[nome] = valor;
    }
    if (request.tokenRenovado) cabecalhos['x-access-token'] = request.tokenRenovado;
    reply.hijack();
    const resposta = reply.raw;
    resposta.writeHead(200, {
      ...cabecalhos,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies (nginx) must pass each message as it comes.
      'x-accel-buffering': 'no',
    });
    resposta.flushHeaders();
    request.raw.socket.setNoDelay(true);
    await app.aoVivo.transmissor.conectar({
      codAvulso: sessao.codAvulso,
      sessaoId: sessao.sessaoId,
      tokenHash: sessao.tokenHash,
      categorias,
      resposta,
    });
    return reply;
  });
}
