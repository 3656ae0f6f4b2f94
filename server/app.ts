import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { pluginAoVivo } from './ao-vivo/plugin.ts';
import type { Clock } from './clock.ts';
import { relogioSistema } from './clock.ts';
import type { Config } from './config.ts';
import type { Banco } from './db/connection.ts';
import { pluginEscalacao } from './escalacao/plugin.ts';
import { ehApi } from './http/caminho.ts';
import type { Contexto } from './http/contexto.ts';
import { prepararAutenticacao } from './plugins/autenticacao.ts';
import { cabecalhosDeSeguranca, calcularCabecalhosDeSeguranca } from './plugins/cabecalhos-seguranca.ts';
import { catalogarRotas } from './plugins/catalogo-rotas.ts';
import { comprimirRespostasApi } from './plugins/compressao.ts';
import { tratarErros } from './plugins/envelope.ts';
import { opcoesDeProtocolo } from './plugins/erros-de-protocolo.ts';
import type { RenderizarInicio } from './plugins/inicio-no-html.ts';
import { criarLimites, limitarConexoes } from './plugins/limites.ts';
import { documentarApi } from './plugins/openapi.ts';
import { servirWeb } from './plugins/web.ts';
import { protegerXsrf } from './plugins/xsrf.ts';
import { type OpcoesPluginPush, pluginPush } from './push/plugin.ts';
import { rotasAvulso } from './routes/avulso/rotas.ts';
import { rotasDeclaracoes } from './routes/declaracoes/rotas.ts';
import { rotasEleicoes } from './routes/eleicoes/rotas.ts';
import { rotasEscalaAberta } from './routes/escala-aberta/rotas.ts';
import { rotasEscalacao } from './routes/escalacao/rotas.ts';
import { rotasEventos } from './routes/eventos/rotas.ts';
import { rotasFinanceiro } from './routes/financeiro/rotas.ts';
import { rotasFotos } from './routes/fotos/rotas.ts';
import { rotasGestao } from './routes/gestao/rotas.ts';
import { rotasPush } from './routes/push/rotas.ts';
import { rotasResultadoEscala } from './routes/resultado-escala/rotas.ts';
import { rotasSeguranca } from './routes/seguranca/rotas.ts';
import { rotasSessao } from './routes/sessao/rotas.ts';
import { GravacaoEmGrupo } from './services/gravacao-em-grupo.ts';
import { agendarLimpeza } from './services/limpeza.ts';
import { CacheParametros } from './services/parametros.ts';
import { obterSegredo } from './services/segredos.ts';
import { CacheSessoes, gravadorDeSessoes } from './services/sessoes.ts';

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

  await servirWeb(
    app,
    config.webDir,
    opcoes.renderizarInicio ? { renderizarInicio: opcoes.renderizarInicio } : {},
  );
  return app;
}
