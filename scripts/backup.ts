import { carregarConfig } from '../server/config.ts';
import { ErroCopia, fazerBackup } from '../server/plataforma/banco/copia.ts';

/**
 * npm run backup -- <arquivo>: a backup of the configured database (DATA_DIR's SQLite or DATABASE_URL) while
 * the server serves (server/plataforma/banco/copia.ts, docs/operacao.md).
 */
const arquivo = process.argv[2];
if (!arquivo || arquivo.startsWith('-')) {
  console.error('Uso: npm run backup -- <arquivo>   (ex.: npm run backup -- /backups/portal-2026-11-26.bak)');
  process.exit(2);
}
const config = carregarConfig();
try {
  const r = await fazerBackup({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }, arquivo);
  console.log(`Backup gravado em ${r.arquivo} (${(r.bytes / 1024 / 1024).toFixed(1)} MiB, ${r.ms} ms).`);
} catch (erro) {
  console.error(`✗ ${erro instanceof ErroCopia ? erro.message : String(erro)}`);
  process.exit(1);
}
