import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Which database the API tests run on: TEST_DB=postgres needs TEST_POSTGRES_URL. */
export type BancoTeste = 'sqlite' | 'postgres';

export function bancoDeTeste(): BancoTeste {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
}

export function urlPostgres(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url)
    throw new Error(
      'TEST_DB=postgres requer TEST_POSTGRES_URL (ex.: postgres://postgres@127.0.0.1:5432/postgres)',
    );
  return url;
}

/** The URL of another database on the same PostgreSQL server. */
export function urlComBanco(url: string, banco: string): string {
  const u = new URL(url);
  u.pathname = `/${banco}`;
  return u.toString();
}

export async function comAdminPostgres<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const cliente = new pg.Client({ connectionString: urlPostgres() });
  await cliente.connect();
  try {
    return await fn(cliente);
  } finally {
    await cliente.end();
  }
}

export function nomeAleatorio(prefixo: string): string {
  return `${prefixo}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
}

/** A fresh copy of the migrated, seeded template: a file copy (SQLite) or CREATE DATABASE … TEMPLATE. */
export async function copiarModelo(
  modelo: string,
): Promise<{ url: string | undefined; arquivo: string; apagar: () => Promise<void> }> {
  if (bancoDeTeste() === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-tpa-teste-'));
    const arquivo = path.join(dir, 'teste.sqlite');
    copyFileSync(modelo, arquivo);
    return { url: undefined, arquivo, apagar: async () => {} };
  }
  const nome = nomeAleatorio('portal_tpa_teste');
  await comAdminPostgres((c) => c.query(`CREATE DATABASE ${nome} TEMPLATE ${modelo}`));
  return {
    url: urlComBanco(urlPostgres(), nome),
    arquivo: '',
    apagar: () =>
      comAdminPostgres((c) => c.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`)).then(() => {}),
  };
}
