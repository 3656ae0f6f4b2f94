import path from 'node:path';
import type { Config } from '../../config.ts';
import type { Banco } from './connection.ts';
import { abrirBanco } from './connection.ts';
import { migrar } from './migrate.ts';

/** Opens the configured database and brings its schema up to date. */
export async function abrirBancoMigrado(config: Config): Promise<Banco> {
  const banco = abrirBanco({
    url: config.databaseUrl,
    maxConexoes: config.databasePoolMax,
    arquivoSqlite: path.join(config.dataDir, 'portal-tpa.sqlite'),
  });
  await migrar(banco.db);
  return banco;
}
