import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Migration, Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dialetoTeste } from '../../test/ambiente.ts';
import { comAdminPostgres, nomeAleatorio, urlComBanco, urlPostgres } from '../../test/bancos.ts';
import { abrirBanco, type Banco } from './connection.ts';
import { migracoes } from './migracoes/index.ts';
import { migrar, situacaoMigracoes } from './migrate.ts';

/**
 * Migrations are forward only and checked at start (issue 26, docs/decisions/0251): a database migrated by a
 * newer release is refused by this one with a message that says what to do; a database one migration behind
 * is brought forward. On SQLite and PostgreSQL.
 */

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

const tabela = () => amb.db.withTables<{ migracao: { name: string; timestamp: string } }>();

describe('migrar na partida', () => {
  it('o modelo dos testes está em dia com esta versão', async () => {
    expect(await situacaoMigracoes(amb.db)).toEqual({ pendentes: [], desconhecidas: [] });
  });

  it('recusa um banco migrado por uma versão mais nova, dizendo qual migração e o que fazer', async () => {
    await tabela()
      .insertInto('migracao')
      .values({ name: '2099-12-31-99-versao-futura', timestamp: new Date().toISOString() })
      .execute();
    try {
      await expect(migrar(amb.db)).rejects.toThrow(
        /versão mais nova do portal \(migrações 2099-12-31-99-versao-futura\).*Suba a versão nova, ou restaure um backup/,
      );
    } finally {
      await tabela().deleteFrom('migracao').where('name', '=', '2099-12-31-99-versao-futura').execute();
    }
  });

  it('um banco da versão anterior (sem a migração mais nova) é levado adiante na partida', async () => {
    const novo = await bancoVazio();
    try {
      const nomes = Object.keys(migracoes).sort();
      const ultima = nomes.at(-1) as string;
      // The previous release: every migration but the newest.
      const anterior = Object.fromEntries(nomes.slice(0, -1).map((n) => [n, migracoes[n] as Migration]));
      const { error } = await new Migrator({
        db: novo.banco.db,
        provider: { getMigrations: async () => anterior },
        migrationTableName: 'migracao',
        migrationLockTableName: 'migracao_trava',
      }).migrateToLatest();
      expect(error).toBeUndefined();
      expect(await situacaoMigracoes(novo.banco.db)).toEqual({ pendentes: [ultima], desconhecidas: [] });
      await migrar(novo.banco.db);
      expect(await situacaoMigracoes(novo.banco.db)).toEqual({ pendentes: [], desconhecidas: [] });
    } finally {
      await novo.apagar();
    }
  });
});

/** An empty database of the test's kind: a new SQLite file or a new PostgreSQL database. */
async function bancoVazio(): Promise<{ banco: Banco; apagar: () => Promise<void> }> {
  if (dialetoTeste() === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-tpa-migracao-'));
    const banco = abrirBanco({ url: undefined, arquivoSqlite: path.join(dir, 'vazio.sqlite') });
    return {
      banco,
      apagar: async () => {
        await banco.fechar();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const nome = nomeAleatorio('portal_tpa_migracao');
  await comAdminPostgres((c) => c.query(`CREATE DATABASE ${nome}`));
  const banco = abrirBanco({ url: urlComBanco(urlPostgres(), nome), arquivoSqlite: '' });
  return {
    banco,
    apagar: async () => {
      await banco.fechar();
      await comAdminPostgres((c) => c.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`));
    },
  };
}
