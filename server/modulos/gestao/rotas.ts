import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiGestao } from '#common/api/gestao.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { lerTextoCsv } from '../../plataforma/csv.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { exigirEscalador } from './acesso.ts';
import { apurarEscala } from './apuracao.ts';
import { agendarHorasMarcadas } from './automatico.ts';
import { abrirEscala, cancelarEscala, criarEscala, fecharEscala } from './ciclo.ts';
import { copiarRequisicoes } from './copia.ts';
import { detalharEscala, listarEscalas } from './leitura.ts';
import { csvEscalaPublicada, pdfEscalaPublicada, recortarResultado } from './pdf-escala.ts';
import { publicarEscala } from './publicacao.ts';
import { criarRepescagem, situacaoRepescagem } from './repescagem.ts';
import { linhaEscala } from './repositorio.ts';
import {
  adicionarRequisicoes,
  editarRequisicao,
  importarRequisicoes,
  lerNomes,
  removerRequisicao,
} from './requisicoes.ts';
import { auditoriaAvulso, buscarNaAuditoria, naoEscaladosDaEscala, resultadoEscala } from './resultado.ts';

/**
 * /api/gestao: the OGMO staff (role `escalador`) run calls (issue 16, docs/decisions/0150-0155). Thin
 * handlers registered from their descriptions (common/api/gestao.ts `apiGestao`): the onRequest hook checks the
 * session and role before anything else is read (the registrar's session check then finds it resolved); the
 * services own every rule.
 */

/** The operators' files: a day of Santos is well under this. */
const LIMITE_CSV = 2 * 1024 * 1024;

export const rotasGestao: FastifyPluginAsyncZod = async (app) => {
  const { db, banco, clock, config, eventos } = app.ctx;
  app.addHook('onRequest', exigirEscalador);
  // CSV only here (the rest of the API takes JSON alone): the bytes read as UTF-8 or, when they are not
  // valid UTF-8, Windows-1252 (what Excel in Portuguese saves; server/plataforma/csv.ts).
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: LIMITE_CSV }, (_r, corpo, feito) =>
    feito(null, lerTextoCsv(corpo as Buffer).texto),
  );
  const regrasRequisicao = { fuso: config.fusoHorario, periodo4: config.rodizio.periodo4 };
  // The optional scheduled open and close (docs/decisions/0269): off unless the port sets it.
  agendarHorasMarcadas(app);

  const passo = (request: Parameters<typeof sessaoDe>[0], numEscalacao: number) => ({
    numEscalacao,
    agora: clock.now(),
    por: sessaoDe(request).codAvulso,
  });
  const resumo = async (numEscalacao: number) => {
    const detalhe = await detalharEscala(db, numEscalacao);
    const repescagem = await situacaoRepescagem(
      banco,
      config.rodizio.repescagem,
      numEscalacao,
      detalhe.situacao,
      clock.now(),
    );
    return { ...detalhe, repescagem };
  };

  registrar(app, apiGestao.cadastros, async () => {
    const nomes = await lerNomes(db);
    const ordenar = <T extends { nome: string }>(l: T[]) =>
      l.sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'));
    return ok({
      operadores: ordenar([...nomes.operador].map(([codigo, nome]) => ({ codigo, nome }))),
      navios: ordenar([...nomes.navio].map(([codigo, nome]) => ({ codigo, nome }))),
      locais: ordenar([...nomes.local].map(([codigo, nome]) => ({ codigo, nome }))),
    });
  });

  registrar(app, apiGestao.escalas, async () => ok(await listarEscalas(db)));

  registrar(app, apiGestao.criar, async (request) => {
    const numEscalacao = await criarEscala(db, {
      ...request.body,
      agora: clock.now(),
      por: sessaoDe(request).codAvulso,
    });
    request.log.info({ numEscalacao, por: sessaoDe(request).codAvulso }, 'escala criada');
    return ok({ numEscalacao });
  });

  registrar(app, apiGestao.escala, async (request) => ok(await resumo(request.params.num)));

  registrar(app, apiGestao.adicionarRequisicao, async (request) => {
    const [numRequisicao] = await adicionarRequisicoes(banco, regrasRequisicao, request.params.num, [
      request.body,
    ]);
    if (numRequisicao === undefined) throw new ErroApp('ErroInterno');
    return ok({ numRequisicao });
  });

  registrar(app, apiGestao.editarRequisicao, async (request) => {
    const { num, req } = request.params;
    await editarRequisicao(banco, regrasRequisicao, num, req, request.body);
    return ok({ numRequisicao: req });
  });

  registrar(app, apiGestao.removerRequisicao, async (request) => {
    await removerRequisicao(banco, request.params.num, request.params.req);
    return ok(null);
  });

  registrar(app, apiGestao.importarRequisicoes, async (request) => {
    const requisicoes = await importarRequisicoes(banco, regrasRequisicao, request.params.num, request.body);
    request.log.info({ numEscalacao: request.params.num, requisicoes: requisicoes.length }, 'csv importado');
    return ok({ requisicoes });
  });

  registrar(app, apiGestao.copiarRequisicoes, async (request) => {
    const copia = await copiarRequisicoes(banco, regrasRequisicao, request.params.num, request.body.deEscala);
    request.log.info(
      { numEscalacao: request.params.num, de: request.body.deEscala, requisicoes: copia.requisicoes.length },
      'requisições copiadas',
    );
    return ok(copia);
  });

  registrar(app, apiGestao.cancelar, async (request) => {
    await cancelarEscala(db, passo(request, request.params.num));
    return ok(await resumo(request.params.num));
  });

  registrar(app, apiGestao.abrir, async (request) => {
    const num = request.params.num;
    // In order with the choices being written, and the call's caches dropped (server/modulos/escalacao);
    // announced as `escala-aberta` (the push module tells the phones: docs/decisions/0162, 0200).
    await abrirEscala(
      db,
      (u) => app.escalacao.alterarEstado(num, u),
      passo(request, num),
      config.rodizio.fila,
      eventos,
    );
    request.log.info({ numEscalacao: num, por: sessaoDe(request).codAvulso }, 'escala aberta');
    return ok(await resumo(num));
  });

  registrar(app, apiGestao.fechar, async (request) => {
    const num = request.params.num;
    // Every choice acknowledged before this is in; every one after gets EscalaFechada (docs/decisions/0153).
    await fecharEscala(banco, (u) => app.escalacao.alterarEstado(num, u), passo(request, num), eventos);
    request.log.info({ numEscalacao: num, por: sessaoDe(request).codAvulso }, 'escala fechada');
    return ok(await resumo(num));
  });

  registrar(app, apiGestao.rodizio, async (request) => {
    const resumo = await apurarEscala(banco, {
      ...passo(request, request.params.num),
      horasDescanso: config.horasDescanso,
      fila: config.rodizio.fila,
      dobraHorasDescanso: config.rodizio.dobraHorasDescanso,
    });
    request.log.info({ ...resumo, por: sessaoDe(request).codAvulso }, 'rodízio apurado');
    return ok(resumo);
  });

  registrar(app, apiGestao.publicar, async (request) => {
    // Announced as `escala-publicada`: the call's caches and the phones follow (docs/decisions/0200).
    const resumo = await publicarEscala(
      banco,
      {
        ...passo(request, request.params.num),
        horasDescanso: config.horasDescanso,
        fusoHorario: config.fusoHorario,
      },
      eventos,
    );
    request.log.info({ ...resumo, por: sessaoDe(request).codAvulso }, 'escala publicada');
    return ok(resumo);
  });

  registrar(app, apiGestao.repescagem, async (request) => {
    const numEscalacao = await criarRepescagem(
      banco,
      { ...regrasRequisicao, habilitada: config.rodizio.repescagem },
      request.params.num,
      { ...request.body, agora: clock.now(), por: sessaoDe(request).codAvulso },
    );
    request.log.info(
      { numEscalacao, de: request.params.num, por: sessaoDe(request).codAvulso },
      'repescagem criada',
    );
    return ok({ numEscalacao });
  });

  registrar(app, apiGestao.resultado, async (request) => ok(await resultadoEscala(db, request.params.num)));

  registrar(app, apiGestao.auditoria, async (request) =>
    ok(await auditoriaAvulso(db, request.params.num, request.query.codAvulso)),
  );

  registrar(app, apiGestao.buscaAuditoria, async (request) =>
    ok(await buscarNaAuditoria(db, request.params.num, request.query.termo)),
  );

  registrar(app, apiGestao.naoEscalados, async (request) =>
    ok(await naoEscaladosDaEscala(db, request.params.num)),
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

  registrar(app, apiGestao.escalaPdf, async (request, reply) => {
    const { escala, resultado } = await publicada(request.params.num);
    const { codOperador, codNavio } = request.query;
    const parte = recortarResultado(resultado, { codOperador, codNavio });
    const pdf = await pdfEscalaPublicada(config, {
      ...parte,
      dataChamada: escala.data_chamada,
      horaChamada: escala.hora_chamada,
      publicadaEm: new Date(escala.publicada_em as string),
    });
    const sufixo = `${codOperador === undefined ? '' : `-operador-${codOperador}`}${codNavio === undefined ? '' : `-navio-${codNavio}`}`;
    return reply
      .header('Content-Disposition', `attachment; filename="escala-${escala.num_escalacao}${sufixo}.pdf"`)
      .type('application/pdf')
      .send(pdf);
  });

  registrar(app, apiGestao.escalaCsv, async (request, reply) => {
    const { escala, resultado } = await publicada(request.params.num);
    return reply
      .header('Content-Disposition', `attachment; filename="escala-${escala.num_escalacao}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(csvEscalaPublicada(resultado));
  });
};
