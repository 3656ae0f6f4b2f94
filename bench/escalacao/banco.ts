import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { gerarHashSenha } from '#server/modulos/sessao/senhas.ts';
import { abrirBanco } from '#server/plataforma/banco/connection.ts';
import { migrar } from '#server/plataforma/banco/migrate.ts';
import { agoraMs } from '../carga.ts';
import { semearPasskeys } from '../passkeys.ts';
import { PRIMEIRO_CODIGO_RUSH, type ResumoRush, SENHA_RUSH, semearRush } from '../seed-rush.ts';
import { type NomeBanco, OPCOES, RESULTADOS, urlPg } from './opcoes.ts';

/** The database of one run: created fresh (a file, or a PostgreSQL database of its own), seeded, dropped. */

export async function prepararBanco(
  banco: NomeBanco,
  id: string,
): Promise<{ url: string | undefined; dataDir: string; apagar: () => Promise<void> }> {
  const dataDir = path.join(RESULTADOS, `rush-${banco}-${id}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (banco === 'sqlite') {
    return { url: undefined, dataDir, apagar: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const nome = `portal_tpa_bench_${id}`;
  const admin = new pg.Client({ connectionString: urlPg });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${nome}`);
  await admin.end();
  const u = new URL(urlPg);
  u.pathname = `/${nome}`;
  return {
    url: u.toString(),
    dataDir,
    apagar: async () => {
      const c = new pg.Client({ connectionString: urlPg });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function semear(
  url: string | undefined,
  dataDir: string,
): Promise<ResumoRush & { segundos: number }> {
  const inicio = agoraMs();
  const banco = abrirBanco({ url, arquivoSqlite: path.join(dataDir, 'portal-tpa.sqlite') });
  try {
    await migrar(banco.db);
    const senhaHash = await gerarHashSenha(SENHA_RUSH);
    const resumo = await banco.db.transaction().execute(async (trx) => {
      const r = await semearRush(trx, {
        trabalhadores: OPCOES.trabalhadores,
        ofertasPorCategoria: OPCOES.ofertasPorCategoria,
        senhaHash,
        agora: new Date(),
        fuso: 'America/Recife',
      });
      // --passkeys=80: that share of the workers, spread over the codes, logs in with a passkey.
      const codigos = Array.from({ length: OPCOES.trabalhadores }, (_, i) => i)
        .filter((i) => i % 100 < OPCOES.passkeys)
        .map((i) => String(PRIMEIRO_CODIGO_RUSH + i));
      if (codigos.length > 0) await semearPasskeys(trx, codigos, new Date());
      return r;
    });
    return { ...resumo, segundos: (agoraMs() - inicio) / 1000 };
  } finally {
    await banco.fechar();
  }
}
