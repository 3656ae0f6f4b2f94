import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  avulsosConfirmadosQuery,
  avulsosConfirmadosSchema,
  escalaCarregadaSchema,
  postVagasBody,
  postVagasResposta,
  vagasQuery,
} from '#common/api/escalacao.ts';
import { categoriaPorCodigo } from '#common/dominio.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import { z } from '#common/zod-pt.ts';
import {
  type EngajamentosEEscolhas,
  engajamentosEEscolhas,
  MAIOR_INTEIRO_BANCO,
} from '../../db/repositorios/escalacao.ts';
import { ok } from '../../http/envelope.ts';
import { ErroApp } from '../../http/erro-app.ts';
import { exigirSessao, sessaoDe } from '../../plugins/autenticacao.ts';
import { CacheConfirmados } from '../../services/avulsos-confirmados.ts';
import { CacheAvulsos } from '../../services/avulsos-em-cache.ts';
import { BuffersReutilizados } from '../../services/buffers-reutilizados.ts';
import { CargaEmLote } from '../../services/carga-em-lote.ts';
import { CacheEscalas } from '../../services/escala-compartilhada.ts';
import {
  LotesDeEscolhas,
  localizarOfertas,
  registrarEscolhas,
  verificarHabilitacao,
} from '../../services/escolhas.ts';
import { envelopeEmPartes, escalaCarregadaPartes } from '../../services/vagas.ts';

/**
 * The electronic call: GET /api/vagas (the call loaded for this worker), POST /api/vagas (choices) and
 * GET /api/avulsosConfirmados. Rules: decisions.md §3 and docs/decisions/0020-escalacao-regras.md;
 * performance: docs/decisions/0022-escalacao-desempenho.md.
 */

const JSON_UTF8 = 'application/json; charset=utf-8';

const inteiroBanco = z.number().int().positive().max(MAIOR_INTEIRO_BANCO, 'Número fora do intervalo.');

/** The wire schema of common/, plus the ranges the database can hold (bad numbers are input errors, not faults). */
const corpoPostVagas = postVagasBody.superRefine((corpo, ctx) => {
  const vistas = new Set<number>();
  corpo.escolhas.forEach((e, i) => {
    for (const campo of ['numRequisicao', 'seqCategoria', 'codFuncao'] as const) {
      if (!inteiroBanco.safeParse(e[campo]).success) {
        ctx.addIssue({ code: 'custom', path: ['escolhas', i, campo], message: 'Número fora do intervalo.' });
      }
    }
    if (vistas.has(e.seqCategoria)) {
      ctx.addIssue({
        code: 'custom',
        path: ['escolhas', i, 'seqCategoria'],
        message: 'A mesma oferta foi enviada mais de uma vez.',
      });
    }
    vistas.add(e.seqCategoria);
  });
  if (!categoriaPorCodigo(corpo.categoria)) {
    ctx.addIssue({ code: 'custom', path: ['categoria'], message: 'Categoria inválida.' });
  }
});

const consultaConfirmados = avulsosConfirmadosQuery.superRefine((q, ctx) => {
  if (!categoriaPorCodigo(q.codCategoria)) {
    ctx.addIssue({ code: 'custom', path: ['codCategoria'], message: 'Categoria inválida.' });
  }
});

/** JSON already written: Fastify sends a Buffer as is, so the envelope (and renewed token) are written here. */
function enviarJson(reply: FastifyReply, corpo: Buffer) {
  return reply.type(JSON_UTF8).send(corpo);
}

/** Refusals shared by the three routes, in this order: no such call, impeded worker, closed call. */
function exigirEscalaUsavel(
  escala: { aberta: boolean } | undefined,
  impedido: boolean,
  usuarioTeste: boolean,
): void {
  if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  if (impedido) throw new ErroApp('TpaImpedido');
  if (!escala.aberta && !usuarioTeste) throw new ErroApp('EscalaFechada');
}

export const rotasVagas: FastifyPluginAsyncZod = async (app) => {
  const { db, banco, config, clock } = app.ctx;
  const escalas = new CacheEscalas(db, clock);
  const confirmados = new CacheConfirmados(db, clock);
  // The app's group commit: choices share their COMMIT with the logins' session writes (decision 0071).
  const { gravacao } = app.ctx;
  const avulsos = new CacheAvulsos(db, clock);
  const buffers = new BuffersReutilizados();
  // GET /api/vagas's personal reads of one turn of the event loop in one query per call and shifts' span
  // (docs/decisions/0027): one batcher per span, the few of the calls in memory.
  const leiturasPessoais = new Map<string, CargaEmLote<string, EngajamentosEEscolhas>>();
  const lerPessoais = (codAvulso: string, numEscalacao: number, inicio: number, fim: number) => {
    const chave = `${numEscalacao}|${inicio}|${fim}`;
    let carga = leiturasPessoais.get(chave);
    if (!carga) {
      if (leiturasPessoais.size >= 32) leiturasPessoais.clear();
      carga = new CargaEmLote(
        (codigos) => engajamentosEEscolhas(db, codigos, numEscalacao, inicio, fim, config.horasDescanso),
        64,
      );
      leiturasPessoais.set(chave, carga);
    }
    return carga.carregar(codAvulso);
  };
  // PostgreSQL: posts arriving together go in one statement (docs/decisions/0026).
  const lotes = new LotesDeEscolhas(db);
  app.addHook('preHandler', exigirSessao);

  app.get(
    '/api/vagas',
    { schema: { querystring: vagasQuery, response: { 200: envelopeSucesso(escalaCarregadaSchema) } } },
    async (request, reply) => {
      const codAvulso = sessaoDe(request).codAvulso;
      const { numEscalacao } = request.query;
      const { escala, parametros, compartilhada } = await escalas.obter(numEscalacao);
      if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
      // The worker and their qualifications (memory, else one join); engagements near the call and choices
      // in it (one query).
      const [avulso, pessoais] = await Promise.all([
        avulsos.obter(codAvulso),
        lerPessoais(codAvulso, numEscalacao, compartilhada.inicioMin, compartilhada.fimMax),
      ]);
      const { engajamentos, escolhas } = pessoais ?? { engajamentos: [], escolhas: [] };
      if (!avulso) throw new ErroApp('NaoAutenticado');
      exigirEscalaUsavel(escala, avulso.impedido, config.usuariosTeste.includes(codAvulso));
      const { antes, depois } = envelopeEmPartes(request.tokenRenovado);
      const partes = escalaCarregadaPartes(
        { numEscalacao, dataChamada: escala.dataChamada, horaChamada: escala.horaChamada },
        compartilhada,
        {
          codCategoria: avulso.codCategoria,
          artigo: avulso.artigo,
          parametros,
          habilitacoes: avulso.habilitacoes,
          engajamentos,
          escolhas,
          horasDescanso: config.horasDescanso,
        },
        antes,
        depois,
      );
      const { corpo, devolver } = buffers.juntar(partes);
      reply.raw.once('close', devolver);
      return enviarJson(reply, corpo);
    },
  );

  app.post(
    '/api/vagas',
    { schema: { body: corpoPostVagas, response: { 200: envelopeSucesso(postVagasResposta) } } },
    async (request) => {
      const codAvulso = sessaoDe(request).codAvulso;
      const { numEscalacao, categoria, escolhas } = request.body;
      const usuarioTeste = config.usuariosTeste.includes(codAvulso);
      const [avulso, emCache] = await Promise.all([avulsos.obter(codAvulso), escalas.obter(numEscalacao)]);
      if (!avulso) throw new ErroApp('NaoAutenticado');
      // The cached call answers the quick refusals; registrarEscolhas reads the call's row itself, so no
      // choice is accepted on a call closed a moment ago.
      exigirEscalaUsavel(emCache.escala, avulso.impedido, usuarioTeste);
      const ofertas = localizarOfertas(emCache.compartilhada, categoria, escolhas);
      const pedido = {
        codAvulso,
        numEscalacao,
        categoria,
        escolhas,
        agora: clock.now(),
        horasDescanso: config.horasDescanso,
        usuarioTeste,
      };
      verificarHabilitacao(pedido, ofertas, avulso.habilitacoes);
      const resultado = await registrarEscolhas(banco, gravacao, lotes, pedido, ofertas);
      if (resultado.alterou) {
        confirmados.aplicar(numEscalacao, categoria, { avulso, horaMax: resultado.horaMax });
      }
      return ok({ escolhas: resultado.escolhas, codAvulso, numEscalacao, categoria });
    },
  );

  app.get(
    '/api/avulsosConfirmados',
    {
      schema: {
        querystring: consultaConfirmados,
        response: { 200: envelopeSucesso(avulsosConfirmadosSchema) },
      },
    },
    async (request, reply) => {
      const codAvulso = sessaoDe(request).codAvulso;
      const { numEscalacao, codCategoria } = request.query;
      const { escala } = await escalas.obter(numEscalacao);
      exigirEscalaUsavel(escala, false, config.usuariosTeste.includes(codAvulso));
      const { antes, depois } = envelopeEmPartes(request.tokenRenovado);
      const dados = await confirmados.obterJson(numEscalacao, codCategoria);
      return enviarJson(reply, Buffer.concat([Buffer.from(antes), dados, Buffer.from(depois)]));
    },
  );
};
