import { Migrator } from 'kysely/migration';
import { migracoes } from './migracoes/index.ts';
import type { Db } from './schema.ts';

export async function migrar(db: Db): Promise<void> {
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
