import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSessao } from '#common/api/sessao.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { criarSessao, revogarSessao } from '../../plataforma/autenticacao/sessoes.ts';
import { FilaPorChave } from '../../plataforma/fila-por-chave.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { buscarAvulso, carregarDadosLogin } from '../avulso/index.ts';
import { removerAssinaturasDaSessao } from '../push/index.ts';
import {
  aparelhoConfiavel,
  CAMINHO_COOKIE_APARELHO,
  emitirCookieAparelho,
  nomeCookieAparelho,
  novoIdAparelho,
  VALIDADE_APARELHO_DIAS,
} from './aparelhos.ts';
import { aparelhoRegistrado, confiarAparelho } from './repositorio-aparelhos.ts';
import { hashSenhaFicticio, verificarSenha } from './senhas.ts';
import { reservarTentativa } from './tentativas.ts';
import {
  CAMINHO_COOKIE_TOTEM,
  COOKIE_TOTEM,
  emitirCookieTotem,
  idDoCookieTotem,
  marcarUsoTotem,
  totemAtivo,
  VALIDADE_TOTEM_DIAS,
} from './totens.ts';

export const rotasSessao: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.ctx;
  // Every login answers the parameters (pointer rules, limits): the app's one cache of them.
  const lerParametros = () => app.ctx.parametros.lista();
  const filaDeLogins = new FilaPorChave();

  registrar(app, apiSessao.config, async () =>
    ok({
      versao: config.versao,
      ambienteTestes: config.ambienteTestes,
      fusoHorario: config.fusoHorario,
      organizacao: config.organizacao,
    }),
  );

  registrar(app, apiSessao.login, async (request, reply) => {
    const { login, password, quiosque } = request.body;
    const { gravarSessao, segredoAparelhos } = app.ctx;
    // A device this worker logged in from before is throttled on its own count, never locked by others'
    // failures; any other device on the worker's count for unknown devices (docs/decisions/0090). The
    // cookie's signature is checked first, then that the account still trusts the device (0227).
    const assinado = aparelhoConfiavel(
      segredoAparelhos,
      login,
      request.cookies[nomeCookieAparelho(login)],
      clock.now(),
    );
    const aparelho =
      quiosque !== true && assinado !== undefined && (await aparelhoRegistrado(db, login, assinado))
        ? assinado
        : undefined;
    // A kiosk registered by staff has a budget of its own per worker, out of outsiders' reach (0228).
    const idTotem =
      quiosque === true ? idDoCookieTotem(segredoAparelhos, request.cookies[COOKIE_TOTEM]) : undefined;
    const totem = idTotem !== undefined && (await totemAtivo(db, idTotem)) ? idTotem : undefined;
    const origem = { ip: request.ip };
    const idAparelho = quiosque === true ? undefined : (aparelho ?? novoIdAparelho());
    // Counted before the password is checked: parallel guesses get no more checks than sequential ones. One
    // account's attempts run one at a time (0224), so a correct password retried in parallel never meets the
    // wait its own pending attempts set.
    const { avulso, token } = await filaDeLogins.executar(login, async () => {
      const [reserva, avulso] = await Promise.all([
        aparelho
          ? reservarTentativa(gravarSessao, clock, 'aparelho', `${login}:${aparelho}`, origem)
          : totem
            ? reservarTentativa(gravarSessao, clock, 'totem', `${totem}:${login}`, origem)
            : reservarTentativa(gravarSessao, clock, 'login', login, origem),
        buscarAvulso(db, login),
      ]);
      const valida = await verificarSenha(avulso?.senha_hash ?? (await hashSenhaFicticio()), password);
      if (!avulso || !valida) {
        await reserva.errou();
        throw new ErroApp('CredenciaisInvalidas');
      }
      // One unit: on SQLite it shares the COMMIT (and its fsync) with the other writes of the moment.
      const token = await gravarSessao(async (g) => {
        await reserva.acertou(g);
        if (idAparelho) await confiarAparelho(g, login, idAparelho, clock.now());
        if (totem) await marcarUsoTotem(g, totem, clock.now());
        return criarSessao(g, config, clock, login, quiosque === true);
      });
      return { avulso, token };
    });
    if (idAparelho) {
      reply.setCookie(
        nomeCookieAparelho(login),
        emitirCookieAparelho(segredoAparelhos, login, idAparelho, clock.now()),
        {
          path: CAMINHO_COOKIE_APARELHO,
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          maxAge: VALIDADE_APARELHO_DIAS * 24 * 3600,
        },
      );
    }
    if (totem) {
      // The kiosk's cookie is renewed at each login, so a kiosk in daily use never loses it.
      reply.setCookie(COOKIE_TOTEM, emitirCookieTotem(segredoAparelhos, totem), {
        path: CAMINHO_COOKIE_TOTEM,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: VALIDADE_TOTEM_DIAS * 24 * 3600,
      });
    }
    const dados = await carregarDadosLogin(db, config, app.ctx.segredoFotos, clock.now(), login, {
      linha: avulso,
      lerParametros,
    });
    if (!dados) throw new ErroApp('CredenciaisInvalidas');
    request.log.info({ codAvulso: login, quiosque: quiosque === true }, 'login');
    return { sucesso: true as const, dados, token };
  });

  registrar(app, apiSessao.logout, async (request, reply) => {
    const sessao = sessaoDe(request);
    const tokens = await revogarSessao(db, clock, sessao, app.ctx.sessoes);
    // The phone this session subscribed stops getting the worker's notifications (docs/decisions/0162).
    await removerAssinaturasDaSessao(db, sessao.sessaoId);
    // Its live streams end, and the other servers forget its tokens now rather than in 5 s.
    app.aoVivo.sessaoEncerrada(sessao.sessaoId, tokens);
    request.tokenRenovado = undefined;
    // The answers kept by the browser for revalidation (ETag, decision 0130) leave with the session.
    reply.header('Clear-Site-Data', '"cache"');
    return ok(null);
  });

  /** The logged-in worker's data again, e.g. after a page reload (a call of our design). */
  registrar(app, apiSessao.sessao, async (request) => {
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
  });
};
