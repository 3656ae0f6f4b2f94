import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Clock } from './clock.ts';
import { relogioSistema } from './clock.ts';
import type { Config } from './config.ts';
import { moduloAoVivo } from './modulos/ao-vivo/index.ts';
import { moduloAvulso } from './modulos/avulso/index.ts';
import { moduloCadastro } from './modulos/cadastro/index.ts';
import { moduloDeclaracoes } from './modulos/declaracoes/index.ts';
import { moduloEleicao } from './modulos/eleicao/index.ts';
import { moduloEscalacao } from './modulos/escalacao/index.ts';
import { moduloFinanceiro } from './modulos/financeiro/index.ts';
import { moduloGestao } from './modulos/gestao/index.ts';
import { moduloMensagens } from './modulos/mensagens/index.ts';
import { moduloOperacao } from './modulos/operacao/index.ts';
import { moduloPush, type OpcoesModuloPush } from './modulos/push/index.ts';
import { moduloSessao } from './modulos/sessao/index.ts';
import { prepararAutenticacao } from './plataforma/autenticacao/autenticacao.ts';
import { CacheSessoes, gravadorDeSessoes } from './plataforma/autenticacao/sessoes.ts';
import type { Banco } from './plataforma/banco/connection.ts';
import { criarEventos } from './plataforma/eventos/index.ts';
import { GravacaoEmGrupo } from './plataforma/gravacao-em-grupo.ts';
import {
  cabecalhosDeSeguranca,
  calcularCabecalhosDeSeguranca,
  hstsAtrasDoProxy,
  servidoEmHttps,
} from './plataforma/http/cabecalhos-seguranca.ts';
import { ehApi } from './plataforma/http/caminho.ts';
import { catalogarRotas } from './plataforma/http/catalogo-rotas.ts';
import { comprimirRespostasApi } from './plataforma/http/compressao.ts';
import type { Contexto } from './plataforma/http/contexto.ts';
import { exigirHost, opcoesDeProtocolo } from './plataforma/http/erros-de-protocolo.ts';
import {
  criarLimites,
  limitarConexoes,
  limitarPedidosAtrasDoProxy,
  trustProxyDoFastify,
} from './plataforma/http/limites.ts';
import { idDoPedido, observarPedidos, urlParaLog } from './plataforma/http/observar-pedidos.ts';
import { documentarApi } from './plataforma/http/openapi.ts';
import { tratarErros } from './plataforma/http/tratar-erros.ts';
import { protegerXsrf } from './plataforma/http/xsrf.ts';
import { Metricas } from './plataforma/metricas.ts';
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
  push?: OpcoesModuloPush;
  /** /inicio's render (tests: web/inicio-servidor.tsx from the source); else the build's, if it wrote one. */
  renderizarInicio?: RenderizarInicio;
}

/**
 * What never reaches a log line (pino's redact): credentials in headers, and any field named like a password,
 * a token, a CPF or a ballot in an object logged one or two levels down (docs/operacao.md).
 */
const CAMPOS_SECRETOS = ['password', 'senha', 'novaSenha', 'token', 'cpf', 'cedula', 'voto', 'chave'];
export const REDACAO_LOG = [
  'req.headers["x-access-token"]',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'req.headers.authorization',
  ...CAMPOS_SECRETOS.flatMap((c) => [c, `*.${c}`, `*.*.${c}`]),
];

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
    // HSTS follows whether the portal is served over HTTPS, not NODE_ENV (0225); behind a proxy, per request.
    strictTransportSecurity: servidoEmHttps(config),
    crossOriginEmbedderPolicy: false,
  });
  const app = Fastify({
    logger:
      opcoes.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACAO_LOG, censor: '[oculto]' },
            serializers: {
              req: (req: { method: string; url: string; ip?: string }) => ({
                method: req.method,
                url: urlParaLog(req.url),
              }),
            },
            ...(typeof opcoes.logger === 'object' ? opcoes.logger : {}),
          },
    bodyLimit: 64 * 1024,
    trustProxy: trustProxyDoFastify(config),
    // One line per request, written when it ends (observar-pedidos.ts), with the X-Request-Id it came with.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: idDoPedido,
    ...opcoesDeProtocolo(config, seguranca),
  });

  const metricas = new Metricas(banco);
  app.decorate('metricas', metricas);
  const gravacao = new GravacaoEmGrupo(banco, {
    lote: (unidades) => metricas.loteGravacao.observe(unidades),
    fsync: (segundos) => metricas.fsync.observe(segundos),
  });
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
    eventos: await criarEventos(banco, config, (erro) => app.log.error({ err: erro }, 'eventos')),
  };
  app.decorate('ctx', ctx);
  app.addHook('onClose', async () => {
    await ctx.eventos.fechar();
  });
  limitarConexoes(app.server, config, seguranca);
  limitarPedidosAtrasDoProxy(app, config);
  catalogarRotas(app);
  // Only JSON is accepted: anything else is a 415 in the envelope.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External plugins.
  await app.register(fastifyCookie);
  cabecalhosDeSeguranca(app, seguranca);
  hstsAtrasDoProxy(app, config);
  exigirHost(app);

  // App plugins.
  observarPedidos(app, metricas);
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

  // The document first: it catalogues every route registered after it.
  await documentarApi(app, config.versao);

  // The modules, each one plugin (its machinery, then its routes) after those whose decorators it uses
  // (fastify-plugin checks each one's `dependencies`). The routes of each file keep their own context: a staff
  // area's role check and its body parsers reach no other route.
  await app.register(moduloEscalacao);
  await app.register(moduloAoVivo);
  await app.register(moduloSessao);
  await app.register(moduloAvulso);
  await app.register(moduloFinanceiro);
  await app.register(moduloDeclaracoes);
  await app.register(moduloEleicao);
  await app.register(moduloPush, opcoes.push ?? {});
  await app.register(moduloOperacao);
  await app.register(moduloGestao);
  await app.register(moduloMensagens);
  await app.register(moduloCadastro);

  // Last: the web app answers what no route did.
  await servirWeb(
    app,
    config.webDir,
    opcoes.renderizarInicio ? { renderizarInicio: opcoes.renderizarInicio } : {},
  );
  return app;
}
