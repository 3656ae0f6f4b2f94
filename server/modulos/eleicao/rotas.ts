import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEleicoes } from '#common/api/eleicoes.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { exigirPapel } from '../equipe/index.ts';
import { pdfResultado, pdfZeresima } from './pdf.ts';
import { listarEleicoes } from './repositorio.ts';
import { apurarEleicao, eleicaoPendente, emitirZeresima, encerrarEleicao, registrarVoto } from './servico.ts';

import { tirarTentativaDeChave } from './tentativas-chave.ts';

/**
 * The CPATP election (docs/produto/escalacao.md §2-4, §7): the worker's pending ballot and vote; for OGMO staff
 * (role `eleicao`) the list, closing, the zero report and the result. No handler here logs a vote.
 */
export { CHAVES_POR_MINUTO_POR_ELEICAO } from './tentativas-chave.ts';

export const rotasEleicoes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.ctx;
  // The staff's part is the role `eleicao`'s (issue 30).
  const exigirEleicao = exigirPapel(
    'eleicao',
    'Somente a equipe de eleição do OGMO acessa a apuração da eleição.',
  );
  const somenteEquipe = (request: FastifyRequest) => exigirEleicao.call(app, request);

  function enviarPdf(reply: FastifyReply, nome: string, conteudo: Buffer) {
    return reply
      .header('Content-Disposition', `attachment; filename="${nome}"`)
      .header('Cache-Control', 'no-store')
      .type('application/pdf')
      .send(conteudo);
  }

  registrar(app, apiEleicoes.pendente, async (request) =>
    ok(await eleicaoPendente(db, config, app.ctx.segredoFotos, clock.now(), sessaoDe(request).codAvulso)),
  );

  registrar(app, apiEleicoes.voto, async (request) => {
    const { idEleicao, voto } = request.body;
    await registrarVoto(db, sessaoDe(request).codAvulso, idEleicao, voto, clock.now());
    return ok(null);
  });

  registrar(app, apiEleicoes.lista, async (request) => {
    await somenteEquipe(request);
    const linhas = await listarEleicoes(db);
    return ok(
      linhas.map((e) => ({
        $id: e.id,
        descricao: e.descricao,
        abertura: e.abertura,
        encerramento: e.encerramento,
        situacao: e.situacao,
        candidatos: Number(e.candidatos ?? 0),
        votantes: Number(e.votantes ?? 0),
      })),
    );
  });

  registrar(app, apiEleicoes.encerrar, async (request) => {
    await somenteEquipe(request);
    tirarTentativaDeChave(clock, request.params.id);
    const eleicao = await encerrarEleicao(db, request.params.id, clock.now(), request.body.chaveApuracao);
    request.log.info({ idEleicao: eleicao.$id, por: sessaoDe(request).codAvulso }, 'eleição encerrada');
    return ok(eleicao);
  });

  registrar(app, apiEleicoes.resultado, async (request) => {
    await somenteEquipe(request);
    return ok(await apurarEleicao(db, request.params.id, clock.now()));
  });

  registrar(app, apiEleicoes.resultadoPdf, async (request, reply) => {
    await somenteEquipe(request);
    const resultado = await apurarEleicao(db, request.params.id, clock.now());
    return enviarPdf(
      reply,
      `resultado-eleicao-${resultado.eleicao.$id}.pdf`,
      await pdfResultado(config, resultado),
    );
  });

  registrar(app, apiEleicoes.zeresima, async (request) => {
    await somenteEquipe(request);
    return ok(await emitirZeresima(db, request.params.id, clock.now()));
  });

  registrar(app, apiEleicoes.zeresimaPdf, async (request, reply) => {
    await somenteEquipe(request);
    const zeresima = await emitirZeresima(db, request.params.id, clock.now());
    return enviarPdf(
      reply,
      `zeresima-eleicao-${zeresima.eleicao.$id}.pdf`,
      await pdfZeresima(config, zeresima),
    );
  });
};
