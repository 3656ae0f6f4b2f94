import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { configPublicaSchema, dadosLoginSchema, loginBody } from '#common/api/sessao.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import { z } from '#common/zod-pt.ts';
import { buscarAvulso, carregarDadosLogin, listarParametros } from '../../db/repositorios/avulsos.ts';
import { ok } from '../../http/envelope.ts';
import { ErroApp } from '../../http/erro-app.ts';
import { exigirSessao, sessaoDe } from '../../plugins/autenticacao.ts';
import { CacheCurto } from '../../services/cache-curto.ts';
import { hashSenhaFicticio, verificarSenha } from '../../services/senhas.ts';
import { criarSessao, revogarSessao } from '../../services/sessoes.ts';
import { limparFalhas, registrarFalha, verificarBloqueio } from '../../services/tentativas-login.ts';

export const rotasSessao: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.ctx;
  // Every login answers the parameters (pointer rules, limits): one read per 2 s serves a rush; staff changing
  // one is seen within that period.
  const parametros = new CacheCurto<'todos', { nome: string; valor: string }[]>(clock, 2_000, 1);
  const lerParametros = () => parametros.obter('todos', () => listarParametros(db));

  app.get('/api/config', { schema: { response: { 200: envelopeSucesso(configPublicaSchema) } } }, async () =>
    ok({ versao: config.versao, ambienteTestes: config.ambienteTestes, organizacao: config.organizacao }),
  );

  app.post(
    '/api/login',
    {
      schema: {
        body: loginBody,
        response: { 200: envelopeSucesso(dadosLoginSchema).extend({ token: z.string() }) },
      },
    },
    async (request) => {
      const { login, password, quiosque } = request.body;
      const [comFalhas, avulso] = await Promise.all([
        verificarBloqueio(db, clock, login),
        buscarAvulso(db, login),
      ]);
      const valida = await verificarSenha(avulso?.senha_hash ?? (await hashSenhaFicticio()), password);
      if (!avulso || !valida) {
        await registrarFalha(db, clock, login);
        throw new ErroApp('CredenciaisInvalidas');
      }
      // One unit: on SQLite it shares the COMMIT (and its fsync) with the other writes of the moment.
      const token = await app.ctx.gravarSessao(async (g) => {
        if (comFalhas) await limparFalhas(g, login);
        return criarSessao(g, config, clock, login, quiosque === true);
      });
      const dados = await carregarDadosLogin(db, config, app.ctx.segredoFotos, clock.now(), login, {
        linha: avulso,
        lerParametros,
      });
      if (!dados) throw new ErroApp('CredenciaisInvalidas');
      request.log.info({ codAvulso: login, quiosque: quiosque === true }, 'login');
      return { sucesso: true as const, dados, token };
    },
  );

  app.post(
    '/api/logout',
    { preHandler: exigirSessao, schema: { response: { 200: envelopeSucesso(z.null()) } } },
    async (request) => {
      await revogarSessao(db, clock, sessaoDe(request).tokenHash, app.ctx.sessoes);
      request.tokenRenovado = undefined;
      return ok(null);
    },
  );

  /** The logged-in worker's data again, e.g. after a page reload (a call of our design). */
  app.get(
    '/api/sessao',
    { preHandler: exigirSessao, schema: { response: { 200: envelopeSucesso(dadosLoginSchema) } } },
    async (request) => {
      const dados = await carregarDadosLogin(
        db,
        config,
        app.ctx.segredoFotos,
        clock.now(),
        sessaoDe(request).codAvulso,
        { lerParametros },
      );
      if (!dados) throw new ErroApp('NaoAutenticado');
      return ok(dados);
    },
  );
};
