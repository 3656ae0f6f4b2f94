import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  arquivoQuery,
  contracheques13FeriasRespostaSchema,
  contrachequesRespostaSchema,
  fichasFinanceirasRespostaSchema,
  informesRendimentosRespostaSchema,
} from '#common/api/financeiro.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import {
  listarContracheques,
  listarContracheques13Ferias,
  listarFichas,
  listarInformes,
} from '../../db/repositorios/financeiro.ts';
import { ok } from '../../http/envelope.ts';
import { ErroApp } from '../../http/erro-app.ts';
import { exigirSessao, sessaoDe } from '../../plugins/autenticacao.ts';
import type { TipoDocumento } from '../../services/documentos-financeiros.ts';
import { gerarDocumento } from '../../services/documentos-financeiros.ts';

/** File calls of minha-conta.md §7 and the document kind each one serves. */
const DOWNLOADS: Record<string, TipoDocumento> = {
  '/api/avulso/contracheque': 'contracheque',
  '/api/avulso/contracheque13Ferias': 'contracheque13Ferias',
  '/api/avulso/fichaFinanceira': 'fichaFinanceira',
  '/api/avulso/informeRendimentos': 'informeRendimentos',
};

/**
 * The worker's pay documents: four lists and four downloads. The downloads answer the PDF itself
 * (decisions.md §2); a refusal is still an envelope.
 */
export const rotasFinanceiro: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  app.addHook('preHandler', exigirSessao);

  app.get(
    '/api/avulso/contracheques',
    { schema: { response: { 200: envelopeSucesso(contrachequesRespostaSchema) } } },
    async (request) => ok(await listarContracheques(db, sessaoDe(request).codAvulso)),
  );
  app.get(
    '/api/avulso/contracheques13Ferias',
    { schema: { response: { 200: envelopeSucesso(contracheques13FeriasRespostaSchema) } } },
    async (request) => ok(await listarContracheques13Ferias(db, sessaoDe(request).codAvulso)),
  );
  app.get(
    '/api/avulso/fichasFinanceiras',
    { schema: { response: { 200: envelopeSucesso(fichasFinanceirasRespostaSchema) } } },
    async (request) => ok(await listarFichas(db, sessaoDe(request).codAvulso)),
  );
  app.get(
    '/api/avulso/informesRendimentos',
    { schema: { response: { 200: envelopeSucesso(informesRendimentosRespostaSchema) } } },
    async (request) => ok(await listarInformes(db, sessaoDe(request).codAvulso)),
  );

  for (const [caminho, tipo] of Object.entries(DOWNLOADS)) {
    app.get(caminho, { schema: { querystring: arquivoQuery } }, async (request, reply) => {
      const documento = await gerarDocumento(
        db,
        { organizacao: config.organizacao, fuso: config.fusoHorario },
        sessaoDe(request).codAvulso,
        tipo,
        request.query.arquivo,
      );
      if (!documento) throw new ErroApp('NaoEncontrado', 'Documento não encontrado.');
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${documento.nome}"`)
        .header('Cache-Control', 'private, no-store')
        .send(documento.pdf);
    });
  }
};
