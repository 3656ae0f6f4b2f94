import { spawn } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';

/**
 * Backups that restore (issue 26, docs/operacao.md, docs/decisions/0250). `npm run backup -- <file>` and
 * `npm run restore -- <file>` (scripts/backup.ts, scripts/restore.ts) call these.
 *
 * SQLite: SQLite's online backup (better-sqlite3's `backup`), from a connection of its own while the server
 * serves. All the pages are copied in one step, under one read transaction: the copy is the database as it
 * was at one instant (in WAL mode the server's writers are not blocked meanwhile), so every choice
 * acknowledged before the backup began is in it. The copy is written beside its name, checked
 * (`quick_check`), fsynced and only then renamed into place.
 *
 * PostgreSQL: `pg_dump --format=custom`, one snapshot of the database (repeatable read); restored with
 * `pg_restore` into an empty database.
 *
 * A restore never overwrites a database that has the portal's tables unless told (`--substituir`), and then
 * only a stopped server's: stop every server first.
 */

export const ARQUIVO_SQLITE = 'portal-tpa.sqlite';

export interface Destino {
  /** postgres://… or undefined for SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
}

export interface ResultadoCopia {
  arquivo: string;
  bytes: number;
  ms: number;
}

/** Fails with a message in Portuguese for the operator (the scripts print it and exit 1). */
export class ErroCopia extends Error {}

function fsyncArquivo(arquivo: string): void {
  const fd = openSync(arquivo, 'r+');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function fsyncPasta(pasta: string): void {
  const fd = openSync(pasta, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function rodar(comando: string, args: string[]): Promise<void> {
  return new Promise((resolver, rejeitar) => {
    const filho = spawn(comando, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let erro = '';
    filho.stderr.on('data', (d: Buffer) => {
      erro += d.toString();
    });
    filho.once('error', (e) =>
      rejeitar(
        new ErroCopia(
          `Não foi possível executar ${comando} (${e.message}). Instale o cliente do PostgreSQL.`,
        ),
      ),
    );
    filho.once('exit', (codigo) => {
      if (codigo === 0) resolver();
      else rejeitar(new ErroCopia(`${comando} terminou com o código ${codigo}:\n${erro.trim()}`));
    });
  });
}

/** Takes a backup of the configured database into `arquivo`, which must not exist yet. */
export async function fazerBackup(destino: Destino, arquivo: string): Promise<ResultadoCopia> {
  const final = path.resolve(arquivo);
  if (existsSync(final)) {
    throw new ErroCopia(`${final} já existe: escolha outro nome (um backup nunca sobrescreve outro).`);
  }
  if (!existsSync(path.dirname(final))) throw new ErroCopia(`A pasta ${path.dirname(final)} não existe.`);
  const temporario = `${final}.parcial-${process.pid}`;
  const inicio = performance.now();
  try {
    if (destino.databaseUrl) {
      await rodar('pg_dump', [
        '--format=custom',
        '--no-owner',
        `--file=${temporario}`,
        `--dbname=${destino.databaseUrl}`,
      ]);
    } else {
      const origem = path.join(destino.dataDir, ARQUIVO_SQLITE);
      if (!existsSync(origem)) throw new ErroCopia(`Não há banco em ${origem}.`);
      const db = new SQLite(origem, { readonly: true, fileMustExist: true });
      try {
        // Every remaining page in the next step: one read transaction, one instant of the database.
        await db.backup(temporario, { progress: () => 0x7fffffff });
      } finally {
        db.close();
      }
      conferirSqlite(temporario);
    }
    fsyncArquivo(temporario);
    renameSync(temporario, final);
    fsyncPasta(path.dirname(final));
  } catch (erro) {
    rmSync(temporario, { force: true });
    throw erro;
  }
  return { arquivo: final, bytes: statSync(final).size, ms: Math.round(performance.now() - inicio) };
}

/** A SQLite file that is whole and is the portal's (it has the migration table). */
function conferirSqlite(arquivo: string): void {
  const db = new SQLite(arquivo, { readonly: true, fileMustExist: true });
  try {
    const verificacao = db.pragma('quick_check', { simple: true });
    if (verificacao !== 'ok')
      throw new ErroCopia(`${arquivo} está corrompido (quick_check: ${String(verificacao)}).`);
    const migracao = db
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name = 'migracao'")
      .get() as {
      n: number;
    };
    if (migracao.n !== 1) throw new ErroCopia(`${arquivo} não é um banco do Portal do TPA.`);
  } finally {
    db.close();
  }
}

async function postgresTemTabelas(url: string): Promise<boolean> {
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    const { rows } = await cliente.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    return (rows[0]?.n ?? 0) > 0;
  } finally {
    await cliente.end();
  }
}

/**
 * Restores `arquivo` into the configured database. Refuses a database that already has tables unless
 * `substituir`; the server(s) must be stopped (a running one keeps its old file open, or its connections).
 */
export async function restaurarBackup(
  destino: Destino,
  arquivo: string,
  opcoes: { substituir: boolean },
): Promise<ResultadoCopia> {
  const origem = path.resolve(arquivo);
  if (!existsSync(origem)) throw new ErroCopia(`O backup ${origem} não existe.`);
  const inicio = performance.now();
  if (destino.databaseUrl) {
    const ocupado = await postgresTemTabelas(destino.databaseUrl);
    if (ocupado && !opcoes.substituir) {
      throw new ErroCopia(
        'O banco de destino já tem tabelas. Pare todos os servidores e repita com --substituir para apagá-lo e restaurar, ou restaure num banco novo (createdb).',
      );
    }
    await rodar('pg_restore', [
      '--no-owner',
      '--exit-on-error',
      '--single-transaction',
      ...(ocupado ? ['--clean', '--if-exists'] : []),
      `--dbname=${destino.databaseUrl}`,
      origem,
    ]);
    return { arquivo: origem, bytes: statSync(origem).size, ms: Math.round(performance.now() - inicio) };
  }
  conferirSqlite(origem);
  mkdirSync(destino.dataDir, { recursive: true });
  const alvo = path.join(destino.dataDir, ARQUIVO_SQLITE);
  if (existsSync(alvo) && statSync(alvo).size > 0 && !opcoes.substituir) {
    throw new ErroCopia(
      `Já existe um banco em ${alvo}. Pare o servidor e repita com --substituir para trocá-lo pelo backup, ou restaure em outra pasta (DATA_DIR).`,
    );
  }
  const temporario = `${alvo}.restaurando-${process.pid}`;
  try {
    // SQLite's own copy, page by page, so the file written is checked as it is read.
    const db = new SQLite(origem, { readonly: true, fileMustExist: true });
    try {
      await db.backup(temporario, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    fsyncArquivo(temporario);
    // The old database's log would be replayed over the restored file: it goes with it.
    rmSync(`${alvo}-wal`, { force: true });
    rmSync(`${alvo}-shm`, { force: true });
    renameSync(temporario, alvo);
    fsyncPasta(destino.dataDir);
  } catch (erro) {
    rmSync(temporario, { force: true });
    throw erro;
  }
  return { arquivo: alvo, bytes: statSync(alvo).size, ms: Math.round(performance.now() - inicio) };
}
