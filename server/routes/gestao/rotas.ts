import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditoriaQuery,
  auditoriaSchema,
  cadastrosSchema,
  escalaDetalheSchema,
  importacaoSchema,
  listaEscalasSchema,
  novaEscalaBody,
  numEscalacaoSchema,
  numEscalaParams,
  numRequisicaoParams,
  numRequisicaoSchema,
  requisicaoBody,
  resultadoEscalaSchema,
  resumoPublicacaoSchema,
  resumoRodizioSchema,
} from '#common/api/gestao.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import { z } from '#common/zod-pt.ts';
import { linhaEscala } from '../../db/repositorios/gestao.ts';
import { ok } from '../../http/envelope.ts';
import { ErroApp } from '../../http/erro-app.ts';
import { csvEscalaPublicada, pdfEscalaPublicada } from '../../pdf/escala.ts';
import { sessaoDe } from '../../plugins/autenticacao.ts';
import { apurarEscala } from '../../services/gestao/apuracao.ts';
import { abrirEscala, cancelarEscala, criarEscala, fecharEscala } from '../../services/gestao/ciclo.ts';
import { detalharEscala, listarEscalas } from '../../services/gestao/leitura.ts';
import { publicarEscala } from '../../services/gestao/publicacao.ts';
import {
  adicionarRequisicoes,
  editarRequisicao,
  importarRequisicoes,
  lerNomes,
  removerRequisicao,
} from '../../services/gestao/requisicoes.ts';
import { auditoriaAvulso, resultadoEscala } from '../../services/gestao/resultado.ts';
import { exigirEscalador } from './acesso.ts';

/**
 * /api/gestao: the OGMO staff (role `escalador`) run calls (issue 16, docs/decisions/0150-0155). Thin
 * handlers: the onRequest hook checks the session and role before anything else is read; the services
 * own every rule.
 */

/** The operators' files: a day of Santos is well under this. */
const LIMITE_CSV = 2 * 1024 * 1024;

export const rotasGestao: FastifyPluginAsyncZod = async (app) => {
  const { db, banco, clock, config } = app.ctx;
  app.addHook('onRequest', exigirEscalador);
  // CSV only here (the rest of the API takes JSON alone).
  app.addContentTypeParser('text/csv', { parseAs: 'string', bodyLimit: LIMITE_CSV }, (_r, corpo, feito) =>
    feito(null, corpo),
  );

  const passo = (request: Parameters<typeof sessaoDe>[0], numEscalacao: number) => ({
    numEscalacao,
    agora: clock.now(),
    por: sessaoDe(request).codAvulso,
  });
  const resumo = async (numEscalacao: number) => detalharEscala(db, numEscalacao);

  app.get(
    '/api/gestao/cadastros',
    { schema: { response: { 200: envelopeSucesso(cadastrosSchema) } } },
    async () => {
      const nomes = await lerNomes(db);
      const ordenar = <T extends { nome: string }>(l: T[]) =>
        l.sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
      return ok({
        operadores: ordenar([...nomes.operador].map(([codigo, nome]) => ({ codigo, nome }))),
        navios: ordenar([...nomes.navio].map(([codigo, nome]) => ({ codigo, nome }))),
        locais: ordenar([...nomes.local].map(([codigo, nome]) => ({ codigo, nome }))),
      });
    },
  );

  app.get(
    '/api/gestao/escalas',
    { schema: { response: { 200: envelopeSucesso(listaEscalasSchema) } } },
    async () => ok(await listarEscalas(db)),
  );

  app.post(
    '/api/gestao/escalas',
    { schema: { body: novaEscalaBody, response: { 200: envelopeSucesso(numEscalacaoSchema) } } },
    async (request) => {
      const numEscalacao = await criarEscala(db, {
        ...request.body,
        agora: clock.now(),
        por: sessaoDe(request).codAvulso,
      });
      request.log.info({ numEscalacao, por: sessaoDe(request).codAvulso }, 'escala criada');
      return ok({ numEscalacao });
    },
  );

  app.get(
    '/api/gestao/escalas/:num',
    { schema: { params: numEscalaParams, response: { 200: envelopeSucesso(escalaDetalheSchema) } } },
    async (request) => ok(await resumo(request.params.num)),
  );

  app.post(
    '/api/gestao/escalas/:num/requisicoes',
    {
      schema: {
        params: numEscalaParams,
        body: requisicaoBody,
        response: { 200: envelopeSucesso(numRequisicaoSchema) },
      },
    },
    async (request) => {
      const [numRequisicao] = await adicionarRequisicoes(banco, config.fusoHorario, request.params.num, [
        request.body,
      ]);
      if (numRequisicao === undefined) throw new ErroApp('ErroInterno');
      return ok({ numRequisicao });
    },
  );

  app.put(
    '/api/gestao/escalas/:num/requisicoes/:req',
    {
      schema: {
        params: numRequisicaoParams,
        body: requisicaoBody,
        response: { 200: envelopeSucesso(numRequisicaoSchema) },
      },
    },
    async (request) => {
      const { num, req } = request.params;
      await editarRequisicao(banco, config.fusoHorario, num, req, request.body);
      return ok({ numRequisicao: req });
    },
  );

  app.delete(
    '/api/gestao/escalas/:num/requisicoes/:req',
    { schema: { params: numRequisicaoParams, response: { 200: envelopeSucesso(z.null()) } } },
    async (request) => {
      await removerRequisicao(banco, request.params.num, request.params.req);
      return ok(null);
    },
  );

  app.post(
    '/api/gestao/escalas/:num/requisicoes/importar',
    {
      schema: {
        params: numEscalaParams,
        body: z.string({ error: 'Envie o arquivo CSV (text/csv).' }),
        response: { 200: envelopeSucesso(importacaoSchema) },
      },
    },
    async (request) => {
      const requisicoes = await importarRequisicoes(
        banco,
        config.fusoHorario,
        request.params.num,
        request.body,
      );
      request.log.info(
        { numEscalacao: request.params.num, requisicoes: requisicoes.length },
        'csv importado',
      );
      return ok({ requisicoes });
    },
  );

  app.post(
    '/api/gestao/escalas/:num/cancelar',
    { schema: { params: numEscalaParams, response: { 200: envelopeSucesso(escalaDetalheSchema) } } },
    async (request) => {
      await cancelarEscala(db, passo(request, request.params.num));
      return ok(await resumo(request.params.num));
    },
  );

  app.post(
    '/api/gestao/escalas/:num/abrir',
    { schema: { params: numEscalaParams, response: { 200: envelopeSucesso(escalaDetalheSchema) } } },
    async (request) => {
      const num = request.params.num;
      // In order with the choices being written, and the call's caches dropped (server/escalacao).
      await abrirEscala(db, (u) => app.escalacao.alterarEstado(num, u), passo(request, num));
      // Sent by this process only, after the answer (docs/decisions/0162).
      app.avisosPush.escalaAberta(num);
      request.log.info(
        { numEscalacao: request.params.num, por: sessaoDe(request).codAvulso },
        'escala aberta',
      );
      return ok(await resumo(request.params.num));
    },
  );

  app.post(
    '/api/gestao/escalas/:num/fechar',
    { schema: { params: numEscalaParams, response: { 200: envelopeSucesso(escalaDetalheSchema) } } },
    async (request) => {
      const num = request.params.num;
      // Every choice acknowledged before this is in; every one after gets EscalaFechada (docs/decisions/0153).
      await fecharEscala(banco, (u) => app.escalacao.alterarEstado(num, u), passo(request, num));
      request.log.info(
        { numEscalacao: request.params.num, por: sessaoDe(request).codAvulso },
        'escala fechada',
      );
      return ok(await resumo(request.params.num));
    },
  );

  app.post(
    '/api/gestao/escalas/:num/rodizio',
    { schema: { params: numEscalaParams, response: { 200: envelopeSucesso(resumoRodizioSchema) } } },
    async (request) => {
      const resumo = await apurarEscala(banco, {
        ...passo(request, request.params.num),
        horasDescanso: config.horasDescanso,
      });
      request.log.info({ ...resumo, por: sessaoDe(request).codAvulso }, 'rodízio apurado');
      return ok(resumo);
    },
  );

  app.post(
    '/api/gestao/escalas/:num/publicar',
    { schema: { params: numEscalaParams, response: { 200: envelopeSucesso(resumoPublicacaoSchema) } } },
    async (request) => {
      const resumo = await publicarEscala(banco, passo(request, request.params.num));
      app.escalacao.invalidar(request.params.num);
      app.avisosPush.resultadoPublicado(request.params.num);
      request.log.info({ ...resumo, por: sessaoDe(request).codAvulso }, 'escala publicada');
      return ok(resumo);
    },
  );

  app.get(
    '/api/gestao/escalas/:num/resultado',
    { schema: { params: numEscalaParams, response: { 200: envelopeSucesso(resultadoEscalaSchema) } } },
    async (request) => ok(await resultadoEscala(db, request.params.num)),
  );

  app.get(
    '/api/gestao/escalas/:num/auditoria',
    {
      schema: {
        params: numEscalaParams,
        querystring: auditoriaQuery,
        response: { 200: envelopeSucesso(auditoriaSchema) },
      },
    },
    async (request) => ok(await auditoriaAvulso(db, request.params.num, request.query.codAvulso)),
  );

  /** The published call only: before that its result may still change. */
  async function publicada(numEscalacao: number) {
    const escala = await linhaEscala(db, numEscalacao);
    if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
    if (escala.situacao !== 'publicada' || !escala.publicada_em) {
      throw new ErroApp('SituacaoEscalaInvalida', 'Só a escala publicada é exportada.', {
        dados: { situacao: escala.situacao },
      });
    }
    return { escala, resultado: await resultadoEscala(db, numEscalacao) };
  }

  app.get(
    '/api/gestao/escalas/:num/escala.pdf',
    { schema: { params: numEscalaParams } },
    async (request, reply) => {
      const { escala, resultado } = await publicada(request.params.num);
      const pdf = await pdfEscalaPublicada(config, {
        resultado,
        dataChamada: escala.data_chamada,
        horaChamada: escala.hora_chamada,
        publicadaEm: new Date(escala.publicada_em as string),
      });
      return reply
        .header('Content-Disposition', `attachment; filename="escala-${escala.num_escalacao}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );

  app.get(
    '/api/gestao/escalas/:num/escala.csv',
    { schema: { params: numEscalaParams } },
    async (request, reply) => {
      const { escala, resultado } = await publicada(request.params.num);
      return reply
        .header('Content-Disposition', `attachment; filename="escala-${escala.num_escalacao}.csv"`)
        .type('text/csv; charset=utf-8')
        .send(csvEscalaPublicada(resultado));
    },
  );
};
