import { carregarConfig } from '../server/config.ts';
import { ErroCopia, restaurarBackup } from '../server/plataforma/banco/copia.ts';

/**
 * npm run restore -- <arquivo> [--substituir]: puts a backup in the configured database (DATA_DIR's SQLite or
 * DATABASE_URL). Refuses a database that already has data unless --substituir (stop the servers first).
 */
const args = process.argv.slice(2);
const substituir = args.includes('--substituir');
const arquivo = args.find((a) => !a.startsWith('--'));
const desconhecidas = args.filter((a) => a.startsWith('--') && a !== '--substituir');
if (!arquivo || desconhecidas.length > 0) {
  console.error('Uso: npm run restore -- <arquivo> [--substituir]');
  process.exit(2);
}
const config = carregarConfig();
try {
  const r = await restaurarBackup({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, arquivo, {
    substituir,
  });
  console.log(`Backup restaurado (${r.ms} ms). Suba o servidor: as migrações desta versão rodam na partida.`);
} catch (erro) {
  console.error(`✗ ${erro instanceof ErroCopia ? erro.message : String(erro)}`);
  process.exit(1);
}
