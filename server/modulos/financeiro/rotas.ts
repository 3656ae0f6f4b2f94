import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiFinanceiro } from '#common/api/financeiro.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import {
  apresentarContracheques,
  apresentarContracheques13Ferias,
  apresentarFichas,
  apresentarInformes,
} from './apresentacao.ts';
import {
  listarContracheques,
  listarContracheques13Ferias,
  listarFichas,
  listarInformes,
} from './repositorio.ts';
import type { TipoDocumento } from './servico.ts';
import { gerarDocumento } from './servico.ts';

/** File calls of docs/produto/minha-conta.md §7 and the document kind each one serves. */
const DOWNLOADS = [
  [apiFinanceiro.contracheque, 'contracheque'],
  [apiFinanceiro.contracheque13Ferias, 'contracheque13Ferias'],
  [apiFinanceiro.fichaFinanceira, 'fichaFinanceira'],
  [apiFinanceiro.informeRendimentos, 'informeRendimentos'],
] as const satisfies readonly (readonly [unknown, TipoDocumento])[];

/**
 * The worker's pay documents: four lists and four downloads. The downloads answer the PDF itself
 * (docs/produto/decisoes.md §2); a refusal is still an envelope.
 */
export const rotasFinanceiro: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  registrar(app, apiFinanceiro.contracheques, async (request) =>
    ok(apresentarContracheques(await listarContracheques(db, sessaoDe(request).codAvulso))),
  );
  registrar(app, apiFinanceiro.contracheques13Ferias, async (request) =>
    ok(apresentarContracheques13Ferias(await listarContracheques13Ferias(db, sessaoDe(request).codAvulso))),
  );
  registrar(app, apiFinanceiro.fichasFinanceiras, async (request) =>
    ok(apresentarFichas(await listarFichas(db, sessaoDe(request).codAvulso))),
  );
  registrar(app, apiFinanceiro.informesRendimentos, async (request) =>
    ok(apresentarInformes(await listarInformes(db, sessaoDe(request).codAvulso))),
  );

  for (const [endpoint, tipo] of DOWNLOADS) {
    registrar(app, endpoint, async (request, reply) => {
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
