import { sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migracoes } from './migracoes/index.ts';
import type { Db } from './schema.ts';

/**
 * Brings the schema to this release's, forward only (docs/operacao.md, docs/decisions/0251): a database
 * migrated by a newer release is refused with a clear message (this release does not know its schema), and
 * nothing ever migrates down: going back is restoring a backup.
 */
export async function migrar(db: Db): Promise<void> {
  const desconhecidas = await situacaoMigracoes(db).then(
    (s) => s.desconhecidas,
    () => [] as string[], // a new database: no migration table yet
  );
  if (desconhecidas.length > 0) {
    throw new Error(
      `O banco foi migrado por uma versão mais nova do portal (migrações ${desconhecidas.join(', ')}), que esta versão não conhece. Suba a versão nova, ou restaure um backup desta versão.`,
    );
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migracoes },
    migrationTableName: 'migracao',
    migrationLockTableName: 'migracao_trava',
  });
  const { error, results } = await migrator.migrateToLatest();
  const falha = results?.find((r) => r.status === 'Error');
  if (error || falha) {
    throw new Error(`Falha na migração ${falha?.migrationName ?? ''}: ${String(error)}`);
  }
}

export interface SituacaoMigracoes {
  /** Migrations of this release the database has not run. */
  pendentes: string[];
  /** Migrations the database ran that this release does not know (a newer release migrated it). */
  desconhecidas: string[];
}

/**
 * The database's migrations against this release's (readiness, GET /api/saude/pronto): one read of the
 * migration table, so it is also the check that the database answers.
 */
export async function situacaoMigracoes(db: Db): Promise<SituacaoMigracoes> {
  const { rows } = await sql<{ name: string }>`select name from migracao`.execute(db);
  const feitas = new Set(rows.map((l) => l.name));
  const conhecidas = Object.keys(migracoes);
  return {
    pendentes: conhecidas.filter((n) => !feitas.has(n)),
    desconhecidas: [...feitas].filter((n) => !Object.hasOwn(migracoes, n)),
  };
}
