import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Clock } from './clock.ts';
import { relogioSistema } from './clock.ts';
import type { Config } from './config.ts';
import type { Banco } from './db/connection.ts';
import type { Contexto } from './http/contexto.ts';
import { prepararAutenticacao } from './plugins/autenticacao.ts';
import { cabecalhosDeSeguranca } from './plugins/cabecalhos-seguranca.ts';
import { tratarErros } from './plugins/envelope.ts';
import { servirWeb } from './plugins/web.ts';
import { protegerXsrf } from './plugins/xsrf.ts';
import { rotasAvulso } from './routes/avulso/rotas.ts';
import { rotasDeclaracoes } from './routes/declaracoes/rotas.ts';
import { rotasEleicoes } from './routes/eleicoes/rotas.ts';
import { rotasEscalaAberta } from './routes/escala-aberta/rotas.ts';
import { rotasFinanceiro } from './routes/financeiro/rotas.ts';
import { rotasFotos } from './routes/fotos/rotas.ts';
import { rotasSessao } from './routes/sessao/rotas.ts';
import { rotasVagas } from './routes/vagas/rotas.ts';
import { GravacaoEmGrupo } from './services/gravacao-em-grupo.ts';
import { obterSegredo } from './services/segredos.ts';
import { CacheSessoes, gravadorDeSessoes } from './services/sessoes.ts';

export interface OpcoesApp {
  config: Config;
  banco: Banco;
  clock?: Clock;
  /** Pino logger options; false in tests. */
  logger?: boolean | object;
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
  });

  const gravacao = new GravacaoEmGrupo(banco);
  const ctx: Contexto = {
    db: banco.db,
    banco,
    config,
    clock: opcoes.clock ?? relogioSistema,
    segredoFotos: await obterSegredo(banco.db, 'fotos'),
    gravacao,
    gravarSessao: gravadorDeSessoes(banco, gravacao),
    sessoes: new CacheSessoes(banco.db, opcoes.clock ?? relogioSistema),
  };
  app.decorate('ctx', ctx);
  // Only JSON is accepted: anything else is a 415 in the envelope.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External plugins.
  await app.register(fastifyCookie);
  const imagens = ["'self'", 'data:', 'blob:'];
  if (config.fotoBaseUrl) imagens.push(new URL(config.fotoBaseUrl).origin);
  cabecalhosDeSeguranca(app, {
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

  // App plugins.
  tratarErros(app);
  prepararAutenticacao(app);
  protegerXsrf(app);
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', 'no-store');
    }
    // A file (PDF) has no envelope to carry a renewed token: every answer also carries it in a header,
    // which web/lib/api-client.ts reads on downloads.
    if (request.tokenRenovado) reply.header('X-Access-Token', request.tokenRenovado);
    return payload;
  });

  // Routes.
  await app.register(rotasSessao);
  await app.register(rotasEscalaAberta);
  await app.register(rotasAvulso);
  await app.register(rotasFotos);
  await app.register(rotasFinanceiro);
  await app.register(rotasVagas);
  await app.register(rotasDeclaracoes);
  await app.register(rotasEleicoes);

  await servirWeb(app, config.webDir);
  return app;
}
