import './processo.ts'; // first: sizes libuv's pool before anything can start it
import cluster from 'node:cluster';
import { construirApp } from './app.ts';
import { carregarConfig } from './config.ts';
import { bancoVazio, semearDemo } from './demonstracao.ts';
import { servirMetricasEmPorta } from './modulos/operacao/index.ts';
import { abrirBancoMigrado } from './plataforma/banco/abrir.ts';
import { baixarPrioridadeDoPool } from './processo.ts';

/**
 * Listens, and shuts down gracefully: in-flight requests finish, then the database closes. With PROCESSOS=N
 * (PostgreSQL only) this process prepares the database and starts N workers sharing the port (node:cluster);
 * they behave as one through LISTEN/NOTIFY (docs/decisions/0161).
 */
const config = carregarConfig();
if (config.processos > 1 && cluster.isPrimary) {
  await iniciarProcessos();
} else {
  await servir();
}

async function iniciarProcessos(): Promise<void> {
  if (!config.databaseUrl) {
    console.error(
      `✗ PROCESSOS=${config.processos}: o SQLite roda em um só processo. Para mais de um servidor use o PostgreSQL (DATABASE_URL=postgres://…).`,
    );
    process.exit(1);
  }
  // Migrations and the demo once, before the workers start: none of them races another to seed.
  const banco = await abrirBancoMigrado(config);
  if (config.demo && (await bancoVazio(banco.db))) await semearDemo(banco.db, config);
  await banco.fechar();
  let encerrando = false;
  const iniciar = () => cluster.fork();
  for (let i = 0; i < config.processos; i++) iniciar();
  cluster.on('exit', (trabalhador, codigo, sinal) => {
    if (encerrando) return;
    console.error(`Processo ${trabalhador.process.pid} terminou (${sinal ?? codigo}); iniciando outro.`);
    iniciar();
  });
  const parar = () => {
    encerrando = true;
    for (const trabalhador of Object.values(cluster.workers ?? {})) trabalhador?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', parar);
  process.on('SIGINT', parar);
  console.log(`Portal do TPA em http://localhost:${config.port} (${config.processos} processos, postgres)`);
}

async function servir(): Promise<void> {
  const baixadas = await baixarPrioridadeDoPool(config.hashNice);
  if (process.platform === 'linux' && config.hashNice > 0 && baixadas === 0) {
    console.warn(
      'Aviso: nenhuma thread do pool do libuv encontrada; o Argon2id roda com a prioridade do servidor.',
    );
  }
  const banco = await abrirBancoMigrado(config);
  if (config.demo && (await bancoVazio(banco.db))) {
    const inicio = Date.now();
    await semearDemo(banco.db, config);
    console.log(`Dados de demonstração criados em ${((Date.now() - inicio) / 1000).toFixed(1)} s.`);
  }
  const app = await construirApp({ config, banco });
  const servidorMetricas = config.metricas.porta
    ? await servirMetricasEmPorta(app.metricas, {
        porta: config.metricas.porta,
        host: config.metricas.host,
        token: config.metricas.token,
      })
    : undefined;

  /**
   * SIGTERM/SIGINT (issue 26, docs/operacao.md): readiness answers 503 at once; Fastify's close stops
   * accepting (a request on a kept-alive connection gets 503 and `Connection: close`), ends the live streams
   * with a retry hint (their preClose), and waits for the requests in flight; then the group commit is
   * flushed and the database closed. Whatever is still running after ENCERRAMENTO_SEGUNDOS is cut: exit 1.
   */
  let encerrando = false;
  async function encerrar(sinal: string) {
    if (encerrando) return;
    encerrando = true;
    const inicio = performance.now();
    app.operacao.iniciarEncerramento();
    app.log.info({ sinal }, 'encerrando');
    const limite = setTimeout(() => {
      app.log.error(
        { sinal, segundos: config.encerramentoSegundos },
        'encerramento passou do limite; saindo',
      );
      process.exit(1);
    }, config.encerramentoSegundos * 1000);
    limite.unref();
    let codigo = 0;
    // Fastify closes the connections idle when it starts closing; those that become idle later (a kept-alive
    // connection whose request or live stream just ended) would hold the close until their keep-alive timeout.
    const varredura = setInterval(() => app.server.closeIdleConnections(), 50);
    try {
      await app.close();
      clearInterval(varredura);
      await app.ctx.gravacao.esvaziar();
      await banco.fechar();
      await new Promise((r) => (servidorMetricas ? servidorMetricas.close(r) : r(undefined)));
      app.log.info({ sinal, ms: Math.round(performance.now() - inicio) }, 'encerrado');
    } catch (erro) {
      app.log.error({ err: erro }, 'falha no encerramento');
      codigo = 1;
    } finally {
      process.exit(codigo);
    }
  }
  process.on('SIGTERM', () => void encerrar('SIGTERM'));
  process.on('SIGINT', () => void encerrar('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  console.log(`Portal do TPA em http://localhost:${config.port} (${banco.dialeto})`);
}
