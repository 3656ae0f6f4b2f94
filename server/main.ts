import './processo.ts'; // first: sizes libuv's pool before anything can start it
import { construirApp } from './app.ts';
import { carregarConfig } from './config.ts';
import { abrirBancoMigrado } from './db/abrir.ts';
import { bancoVazio, semearDemo } from './db/seed/demo.ts';
import { baixarPrioridadeDoPool } from './processo.ts';

/** Listens, and shuts down gracefully: in-flight requests finish, then the database closes. */
const config = carregarConfig();
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

let encerrando = false;
async function encerrar(sinal: string) {
  if (encerrando) return;
  encerrando = true;
  app.log.info({ sinal }, 'encerrando');
  try {
    await app.close();
    await banco.fechar();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void encerrar('SIGTERM'));
process.on('SIGINT', () => void encerrar('SIGINT'));

await app.listen({ port: config.port, host: config.host });
console.log(`Portal do TPA em http://localhost:${config.port} (${banco.dialeto})`);
