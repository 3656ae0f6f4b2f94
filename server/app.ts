import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
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
import { rotasEquipe } from './modulos/cadastro/rotas-equipe.ts';
import { rotasPasskeysDaEquipe } from './modulos/cadastro/rotas-passkeys.ts';
import { rotasDeclaracoes } from './modulos/declaracoes/rotas.ts';
import { rotasEleicoes } from './modulos/eleicao/rotas.ts';
import { rotasEleicoesGestao } from './modulos/eleicao/rotas-gestao.ts';
import { pluginEscalacao } from './modulos/escalacao/plugin.ts';
import { rotasEscalacao } from './modulos/escalacao/rotas.ts';
import { rotasEscalaAberta } from './modulos/escalacao/rotas-escala-aberta.ts';
import { rotasFinanceiro } from './modulos/financeiro/rotas.ts';
import { rotasFinanceiroGestao } from './modulos/financeiro/rotas-gestao.ts';
import { rotasGestao } from './modulos/gestao/rotas.ts';
import { rotasResultadoEscala } from './modulos/gestao/rotas-resultado.ts';
import { rotasMensagensGestao } from './modulos/mensagens/index.ts';
import { pluginOperacao } from './modulos/operacao/plugin.ts';
import { rotasMetricas } from './modulos/operacao/rotas-metricas.ts';
import { rotasSaude } from './modulos/operacao/rotas-saude.ts';
import { type OpcoesPluginPush, pluginPush } from './modulos/push/plugin.ts';
import { rotasPush } from './modulos/push/rotas.ts';
import { agendarLimpeza } from './modulos/sessao/limpeza.ts';
import { rotasSessao } from './modulos/sessao/rotas.ts';
import { rotasPasskeys } from './modulos/sessao/rotas-passkeys.ts';
import { rotasSeguranca } from './modulos/sessao/rotas-seguranca.ts';
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
  push?: OpcoesPluginPush;
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
  agendarLimpeza(app, config.limpezaMinutos);
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

  // App modules.
  await app.register(pluginEscalacao);
  await app.register(pluginAoVivo);
  await app.register(pluginPush, opcoes.push ?? {});
  await app.register(pluginOperacao);

  // Routes: the document first, so it sees every route registered after it.
  await documentarApi(app, config.versao);
  await app.register(rotasSessao);
  await app.register(rotasPasskeys);
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
  await app.register(rotasSaude);
  await app.register(rotasMetricas);
  await app.register(rotasMensagensGestao);
  await app.register(rotasEleicoesGestao);
  await app.register(rotasEquipe);
  await app.register(rotasCadastro);
  await app.register(rotasContas);
  await app.register(rotasPasskeysDaEquipe);

  await servirWeb(
    app,
    config.webDir,
    opcoes.renderizarInicio ? { renderizarInicio: opcoes.renderizarInicio } : {},
  );
  return app;
}
