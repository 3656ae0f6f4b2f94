import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Clock } from './clock.ts';
import { relogioSistema } from './clock.ts';
import type { Config } from './config.ts';
import { pluginAoVivo } from './modulos/ao-vivo/plugin.ts';
import { rotasEventos } from './modulos/ao-vivo/rotas.ts';
import { rotasAvulso } from './modulos/avulso/rotas.ts';
import { rotasFotos } from './modulos/avulso/rotas-fotos.ts';
import { rotasCadastro } from './modulos/cadastro/rotas.ts';
import { rotasContas } from './modulos/cadastro/rotas-contas.ts';
import { rotasDeclaracoes } from './modulos/declaracoes/rotas.ts';
import { rotasEleicoes } from './modulos/eleicao/rotas.ts';
import { rotasEquipe } from './modulos/equipe/rotas.ts';
import { pluginEscalacao } from './modulos/escalacao/plugin.ts';
import { rotasEscalacao } from './modulos/escalacao/rotas.ts';
import { rotasEscalaAberta } from './modulos/escalacao/rotas-escala-aberta.ts';
import { rotasResultadoEscala } from './modulos/escalacao/rotas-resultado.ts';
import { rotasFinanceiro } from './modulos/financeiro/rotas.ts';
import { rotasFinanceiroGestao } from './modulos/financeiro/rotas-gestao.ts';
import { rotasGestao } from './modulos/gestao/rotas.ts';
import { type OpcoesPluginPush, pluginPush } from './modulos/push/plugin.ts';
import { rotasPush } from './modulos/push/rotas.ts';
import { agendarLimpeza } from './modulos/sessao/limpeza.ts';
import { rotasSessao } from './modulos/sessao/rotas.ts';
import { rotasSeguranca } from './modulos/sessao/rotas-seguranca.ts';
import { prepararAutenticacao } from './plataforma/autenticacao/autenticacao.ts';
import { CacheSessoes, gravadorDeSessoes } from './plataforma/autenticacao/sessoes.ts';
import type { Banco } from './plataforma/banco/connection.ts';
import { GravacaoEmGrupo } from './plataforma/gravacao-em-grupo.ts';
import {
  cabecalhosDeSeguranca,
  calcularCabecalhosDeSeguranca,
} from './plataforma/http/cabecalhos-seguranca.ts';
import { ehApi } from './plataforma/http/caminho.ts';
import { catalogarRotas } from './plataforma/http/catalogo-rotas.ts';
import { comprimirRespostasApi } from './plataforma/http/compressao.ts';
import type { Contexto } from './plataforma/http/contexto.ts';
import { opcoesDeProtocolo } from './plataforma/http/erros-de-protocolo.ts';
import { criarLimites, limitarConexoes } from './plataforma/http/limites.ts';
import { documentarApi } from './plataforma/http/openapi.ts';
import { tratarErros } from './plataforma/http/tratar-erros.ts';
import { protegerXsrf } from './plataforma/http/xsrf.ts';
import { CacheParametros } from './plataforma/parametros.ts';
import { obterSegredo } from './plataforma/segredos.ts';
import type { RenderizarInicio } from './plataforma/web/inicio-no-html.ts';
import { servirWeb } from './plataforma/web/web.ts';

export interface OpcoesApp {
  config: Config;
  banco: Banco;
  clock?: Clock;
  /** Pino logger options; false in tests. */
  logger?: boolean | object;
  /** Web Push (tests: an HTTPS agent that trusts their own push receiver). */
  push?: OpcoesPluginPush;
  /** /inicio's render (tests: web/inicio-servidor.tsx from the source); else the build's, if it wrote one. */
  renderizarInicio?: RenderizarInicio;
}

/** Long random path segments (declaration links) are hidden from logs, like query strings. */
function urlParaLog(url: string): string {
  return (url.split('?')[0] ?? '').replace(/[A-Za-z0-9_-]{24,}/g, '[oculto]');
}

/**
 * Builds the whole app without listening: plugins in a fixed order (external, app, routes).
 * Tests call it and use inject(); server/main.ts listens.
 */
export async function construirApp(opcoes: OpcoesApp): Promise<FastifyInstance> {
  const { config, banco } = opcoes;
  const imagens = ["'self'", 'data:', 'blob:'];
  if (config.fotoBaseUrl) imagens.push(new URL(config.fotoBaseUrl).origin);
  const seguranca = calcularCabecalhosDeSeguranca({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: imagens,
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: config.producao,
    crossOriginEmbedderPolicy: false,
  });
  const app = Fastify({
    logger:
      opcoes.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers["x-access-token"]', 'req.headers.cookie', 'req.headers["x-xsrf-token"]'],
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: urlParaLog(req.url),
              }),
            },
            ...(typeof opcoes.logger === 'object' ? opcoes.logger : {}),
          },
    bodyLimit: 64 * 1024,
    trustProxy: config.trustProxy,
    ...opcoesDeProtocolo(config, seguranca),
  });

  const gravacao = new GravacaoEmGrupo(banco);
  const ctx: Contexto = {
    db: banco.db,
    banco,
    config,
    clock: opcoes.clock ?? relogioSistema,
    segredoFotos: await obterSegredo(banco.db, 'fotos'),
    segredoAparelhos: await obterSegredo(banco.db, 'aparelhos'),
    gravacao,
    gravarSessao: gravadorDeSessoes(banco, gravacao),
    sessoes: new CacheSessoes(banco.db, opcoes.clock ?? relogioSistema),
    parametros: new CacheParametros(banco.db, opcoes.clock ?? relogioSistema),
    limites: criarLimites(config, opcoes.clock ?? relogioSistema),
  };
  app.decorate('ctx', ctx);
  limitarConexoes(app.server, config, seguranca);
  agendarLimpeza(app, config.limpezaMinutos);
  catalogarRotas(app);
  // Only JSON is accepted: anything else is a 415 in the envelope.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External plugins.
  await app.register(fastifyCookie);
  cabecalhosDeSeguranca(app, seguranca);

  // App plugins.
  tratarErros(app);
  prepararAutenticacao(app);
  protegerXsrf(app);
  // Before the default below: it sets ETag and `private, no-cache` where a copy may be kept (decision 0130).
  comprimirRespostasApi(app);
  app.addHook('onSend', async (request, reply, payload) => {
    if (ehApi(request) && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    // A file (PDF) has no envelope to carry a renewed token: every answer also carries it in a header,
    // which web/lib/api-client.ts reads on downloads.
    if (request.tokenRenovado) reply.header('X-Access-Token', request.tokenRenovado);
    return payload;
  });

  // App modules.
  await app.register(pluginEscalacao);
  await app.register(pluginAoVivo);
  await app.register(pluginPush, opcoes.push ?? {});

  // Routes: the document first, so it sees every route registered after it.
  await documentarApi(app, config.versao);
  await app.register(rotasSessao);
  await app.register(rotasEscalaAberta);
  await app.register(rotasAvulso);
  await app.register(rotasFotos);
  await app.register(rotasFinanceiro);
  await app.register(rotasEscalacao);
  await app.register(rotasEventos);
  await app.register(rotasDeclaracoes);
  await app.register(rotasEleicoes);
  await app.register(rotasGestao);
  await app.register(rotasSeguranca);
  await app.register(rotasResultadoEscala);
  await app.register(rotasPush);
  await app.register(rotasFinanceiroGestao);
  await app.register(rotasEquipe);
  await app.register(rotasCadastro);
  await app.register(rotasContas);

  await servirWeb(
    app,
    config.webDir,
    opcoes.renderizarInicio ? { renderizarInicio: opcoes.renderizarInicio } : {},
  );
  return app;
}
