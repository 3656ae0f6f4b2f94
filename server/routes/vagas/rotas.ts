import type { FastifyReply, FastifyRequest } from 'fastify';
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
  buscarAvulsoEscala,
  buscarEscala,
  engajamentosProximos,
  escolhasDoAvulso,
  funcoesHabilitadas,
  MAIOR_INTEIRO_BANCO,
  parametrosPonteiro,
} from '../../db/repositorios/escalacao.ts';
import type { Db } from '../../db/schema.ts';
import { ok } from '../../http/envelope.ts';
import { ErroApp } from '../../http/erro-app.ts';
import { exigirSessao, sessaoDe } from '../../plugins/autenticacao.ts';
import { CacheConfirmados } from '../../services/avulsos-confirmados.ts';
import { CacheEscalas } from '../../services/escala-compartilhada.ts';
import { aplicarEscolhas, localizarOfertas, verificarElegibilidade } from '../../services/escolhas.ts';
import { envelopeJson, escalaCarregadaJson } from '../../services/vagas.ts';

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

function enviarJson(request: FastifyRequest, reply: FastifyReply, dadosJson: string) {
  // Already JSON: Fastify sends a string as is, so the renewed token is written into the envelope here.
  return reply.type(JSON_UTF8).send(envelopeJson(dadosJson, request.tokenRenovado));
}

/**
 * The call a worker may use: it exists (else NaoEncontrado) and is open, unless the worker is a test user
 * (else EscalaFechada); an impeded worker gets TpaImpedido.
 */
async function autorizar(db: Db, usuariosTeste: readonly string[], codAvulso: string, numEscalacao: number) {
  const [avulso, escala] = await Promise.all([
    buscarAvulsoEscala(db, codAvulso),
    buscarEscala(db, numEscalacao),
  ]);
  if (!avulso) throw new ErroApp('NaoAutenticado');
  if (avulso.impedimento === 1) throw new ErroApp('TpaImpedido');
  if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  if (escala.aberta !== 1 && !usuariosTeste.includes(codAvulso)) throw new ErroApp('EscalaFechada');
  return { avulso, escala };
}

export const rotasVagas: FastifyPluginAsyncZod = async (app) => {
  const { db, banco, config, clock } = app.ctx;
  const escalas = new CacheEscalas(db);
  const confirmados = new CacheConfirmados(db);
  app.addHook('preHandler', exigirSessao);

  app.get(
    '/api/vagas',
    { schema: { querystring: vagasQuery, response: { 200: envelopeSucesso(escalaCarregadaSchema) } } },
    async (request, reply) => {
      const codAvulso = sessaoDe(request).codAvulso;
      const { numEscalacao } = request.query;
      const { avulso, escala } = await autorizar(db, config.usuariosTeste, codAvulso, numEscalacao);
      const compartilhada = await escalas.obter(numEscalacao);
      const [parametros, habilitacoes, engajamentos, escolhas] = await Promise.all([
        parametrosPonteiro(db),
        funcoesHabilitadas(db, codAvulso),
        compartilhada.fimMax > 0
          ? engajamentosProximos(
              db,
              codAvulso,
              compartilhada.inicioMin,
              compartilhada.fimMax,
              config.horasDescanso,
            )
          : Promise.resolve([]),
        escolhasDoAvulso(db, codAvulso, numEscalacao),
      ]);
      const json = escalaCarregadaJson(
        { numEscalacao, dataChamada: escala.data_chamada, horaChamada: escala.hora_chamada },
        compartilhada,
        {
          codCategoria: avulso.cod_categoria,
          artigo: avulso.artigo,
          parametros,
          habilitacoes,
          engajamentos,
          escolhas,
          horasDescanso: config.horasDescanso,
        },
      );
      return enviarJson(request, reply, json);
    },
  );

  app.post(
    '/api/vagas',
    { schema: { body: corpoPostVagas, response: { 200: envelopeSucesso(postVagasResposta) } } },
    async (request) => {
      const codAvulso = sessaoDe(request).codAvulso;
      const { numEscalacao, categoria, escolhas } = request.body;
      await autorizar(db, config.usuariosTeste, codAvulso, numEscalacao);
      const compartilhada = await escalas.obter(numEscalacao);
      const ofertas = localizarOfertas(compartilhada, categoria, escolhas);
      const pedido = {
        codAvulso,
        numEscalacao,
        categoria,
        escolhas,
        agora: clock.now(),
        horasDescanso: config.horasDescanso,
      };
      await verificarElegibilidade(db, pedido, ofertas);
      const resultado = await aplicarEscolhas(db, banco.dialeto, pedido, ofertas);
      if (resultado.alterou) confirmados.invalidar(numEscalacao, categoria);
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
      const escala = await buscarEscala(db, numEscalacao);
      if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
      if (escala.aberta !== 1 && !config.usuariosTeste.includes(codAvulso))
        throw new ErroApp('EscalaFechada');
      return enviarJson(request, reply, await confirmados.obterJson(numEscalacao, codCategoria));
    },
  );
};
