import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { carregarConfig } from '../config.ts';
import { semearDemo } from '../demonstracao.ts';
import { abrirBanco } from '../plataforma/banco/connection.ts';
import { migrar } from '../plataforma/banco/migrate.ts';
import { bancoDeTeste, comAdminPostgres, nomeAleatorio, urlComBanco, urlPostgres } from './bancos.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** SQLite: the template file; PostgreSQL: the template database's name. */
    modeloBanco: string;
    /** The instant the demo was seeded at; test clocks start there. */
    instanteSemente: string;
  }
}

/**
 * Migrates and seeds the demo once per run; every test file then gets its own copy
 * (server/test/ambiente.ts), so files run in parallel without seeing each other's writes.
 */
export default async function preparar(project: TestProject) {
  const instante = new Date();
  const config = carregarConfig({ ...process.env, NODE_ENV: 'test' });
  if (bancoDeTeste() === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-tpa-modelo-'));
    const arquivo = path.join(dir, 'modelo.sqlite');
    const banco = abrirBanco({ url: undefined, arquivoSqlite: arquivo });
    await migrar(banco.db);
    await semearDemo(banco.db, config, instante);
    await banco.fechar();
    project.provide('modeloBanco', arquivo);
    project.provide('instanteSemente', instante.toISOString());
    return () => rmSync(dir, { recursive: true, force: true });
  }
  const nome = nomeAleatorio('portal_tpa_modelo');
  await comAdminPostgres((c) => c.query(`CREATE DATABASE ${nome}`));
  const banco = abrirBanco({ url: urlComBanco(urlPostgres(), nome), arquivoSqlite: '' });
  await migrar(banco.db);
  await semearDemo(banco.db, config, instante);
  await banco.fechar();
  project.provide('modeloBanco', nome);
  project.provide('instanteSemente', instante.toISOString());
  return async () => {
    await comAdminPostgres((c) => c.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`));
  };
}
