import { rmSync } from 'node:fs';
import path from 'node:path';
import { carregarConfig } from '../server/config.ts';
import { bancoVazio, semearDemo } from '../server/demonstracao.ts';
import { abrirBancoMigrado } from '../server/plataforma/banco/abrir.ts';

/** npm run db:migrate | db:seed | db:reset (reset only removes the SQLite file; on PostgreSQL drop the database yourself). */
const comando = process.argv[2];
const config = carregarConfig();
if (comando === 'reset') {
  if (config.databaseUrl) {
    console.error('db:reset só apaga o SQLite local. No PostgreSQL, recrie o banco.');
    process.exit(1);
  }
  rmSync(path.join(config.dataDir, 'portal-tpa.sqlite'), { force: true });
  rmSync(path.join(config.dataDir, 'portal-tpa.sqlite-wal'), { force: true });
  rmSync(path.join(config.dataDir, 'portal-tpa.sqlite-shm'), { force: true });
}
const banco = await abrirBancoMigrado(config);
if (comando === 'seed' || comando === 'reset') {
  if (await bancoVazio(banco.db)) await semearDemo(banco.db, config);
  else console.log('O banco já tem dados: a demonstração não foi criada.');
}
await banco.fechar();
console.log(`db:${comando} concluído (${banco.dialeto}).`);
