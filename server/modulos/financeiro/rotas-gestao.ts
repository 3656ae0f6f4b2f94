import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiFinanceiroGestao,
  LIMITE_BYTES_IMPORTACAO,
  LIMITE_BYTES_JSON,
} from '#common/api/financeiro-importacao.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { exigirPapel } from '../equipe/index.ts';
import { importarDocumentos } from './importacao-servico.ts';
import { conciliarCompetencia, detalharImportacao, historicoImportacoes } from './relatorios.ts';

/**
 * /api/gestao/financeiro: the payroll's files (issue 25), for the role `financeiro` only, checked before the
 * body is read. The CSV arrives as bytes (its encoding is found by the importer); the JSON form has a limit
 * of its own, larger than the rest of the API's.
 */
export const rotasFinanceiroGestao: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, config } = app.ctx;
  app.addHook(
    'onRequest',
    exigirPapel('financeiro', 'Somente a equipe financeira do OGMO acessa a importação da folha.'),
  );
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: LIMITE_BYTES_IMPORTACAO },
    (_r, corpo, feito) => feito(null, corpo),
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: LIMITE_BYTES_JSON },
    app.getDefaultJsonParser('error', 'error'),
  );

  const dependencias = {
    db,
    fuso: config.fusoHorario,
    eventos: app.ctx.eventos,
  };

  registrar(app, apiFinanceiroGestao.importar, async (request) => {
    const por = sessaoDe(request).codAvulso;
    const relatorio = await importarDocumentos(dependencias, {
      tipo: request.query.tipo,
      corpo: request.body,
      simular: request.query.simular === '1',
      por,
      agora: clock.now(),
    });
    request.log.info(
      {
        por,
        tipo: relatorio.tipo,
        idImportacao: relatorio.idImportacao,
        criados: relatorio.criados,
        substituidos: relatorio.substituidos,
        duracaoMs: relatorio.duracaoMs,
      },
      relatorio.simulado ? 'importação da folha simulada' : 'importação da folha',
    );
    return ok(relatorio);
  });

  registrar(app, apiFinanceiroGestao.importacoes, async () => ok(await historicoImportacoes(db)));

  registrar(app, apiFinanceiroGestao.importacao, async (request) => {
    const detalhe = await detalharImportacao(db, request.params.id);
    if (!detalhe) throw new ErroApp('NaoEncontrado', 'Importação não encontrada.');
    return ok(detalhe);
  });

  registrar(app, apiFinanceiroGestao.conciliacao, async (request) =>
    ok(
      await conciliarCompetencia(db, {
        competencia: request.query.competencia,
        dias: request.query.dias ?? config.diasSemContracheque,
        agora: clock.now(),
        fuso: config.fusoHorario,
      }),
    ),
  );
};
