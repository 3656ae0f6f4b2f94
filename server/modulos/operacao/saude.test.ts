import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiSaude } from '#common/api/saude.ts';
import type { AmbienteTeste, EnvelopeTeste, RespostaTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa, dialetoTeste } from '../../test/ambiente.ts';
import { comAdminPostgres } from '../../test/bancos.ts';

/**
 * GET /api/saude and /api/saude/pronto (issue 26): liveness and readiness, in the envelope, never throttled,
 * with nothing secret; readiness fails (503) when the database is gone, its migrations are not this
 * release's, or the server is stopping, and comes back when the database does. On SQLite and PostgreSQL.
 */

const postgres = dialetoTeste() === 'postgres';
let amb: AmbienteTeste;
beforeAll(async () => {
  // The real limits of the public calls: the health checks must not be subject to them.
  amb = await criarAmbiente({
    limites: limitesReais(),
  });
});
afterAll(async () => {
  await amb.fechar();
});

function limitesReais() {
  return {
    tempoRequisicaoSegundos: 30,
    conexoesPorEndereco: 256,
    carosPorMinutoSessao: 20,
    carosPorMinutoEndereco: 300,
    publicosPorMinutoEndereco: 30,
  };
}

async function pronto(a: AmbienteTeste): Promise<RespostaTeste<EnvelopeTeste>> {
  const c = await a.cliente();
  return c.requisitar({ method: 'GET', url: apiSaude.pronto.caminho });
}

/** Readiness once the push thread is up (it starts with the app, and is up within moments). */
async function prontoQuandoDePe(a: AmbienteTeste) {
  await expect.poll(async () => (await pronto(a)).status, { timeout: 10_000 }).toBe(200);
  return pronto(a);
}

describe('GET /api/saude', () => {
  it('responde vivo no envelope, com X-Request-Id, sem limite de chamadas e sem nada do servidor', async () => {
    const c = await amb.cliente();
    for (let i = 0; i < 60; i++) {
      const r = await c.chamar(apiSaude.vivo);
      expect(r.status).toBe(200);
      expect(r.corpo).toEqual({ sucesso: true, dados: { vivo: true } });
      expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe('GET /api/saude/pronto', () => {
  it('pronto com o banco, as migrações, a thread dos avisos e (no PostgreSQL) a escuta de pé', async () => {
    const r = await prontoQuandoDePe(amb);
    expect(r.corpo).toEqual({
      sucesso: true,
      dados: {
        pronto: true,
        verificacoes: {
          banco: 'ok',
          migracoes: 'ok',
          push: 'ok',
          escuta: postgres ? 'ok' : 'nao-se-aplica',
          processo: 'ok',
        },
      },
    });
    // Nothing that tells the version, the database's address or a path.
    const texto = r.bruto.toString();
    expect(texto).not.toContain(amb.config.versao);
    expect(texto).not.toMatch(/postgres:|sqlite|\/tmp\//i);
    // Never throttled: far more calls than the public limit of an address allows.
    for (let i = 0; i < 40; i++) expect((await pronto(amb)).status).toBe(200);
  });

  it('recusa com 503 quando o banco tem uma migração desconhecida (de uma versão mais nova) ou falta uma', async () => {
    await prontoQuandoDePe(amb);
    await amb.db
      .insertInto('migracao' as never)
      .values({ name: '2099-01-01-01-do-futuro', timestamp: new Date().toISOString() } as never)
      .execute();
    try {
      const r = await pronto(amb);
      expect(r.status).toBe(503);
      expect(r.corpo).toMatchObject({
        sucesso: false,
        codigoErro: 'ServicoIndisponivel',
        dados: { banco: 'ok', migracoes: 'desconhecidas' },
      });
      expect(r.corpo.idPedido).toBe(r.headers['x-request-id']);
    } finally {
      await amb.db
        .deleteFrom('migracao' as never)
        .where('name' as never, '=', '2099-01-01-01-do-futuro' as never)
        .execute();
    }
    const ultima = await amb.db
      .selectFrom('migracao' as never)
      .select(['name' as never, 'timestamp' as never])
      .orderBy('name' as never, 'desc')
      .executeTakeFirstOrThrow();
    const { name } = ultima as { name: string };
    await amb.db
      .deleteFrom('migracao' as never)
      .where('name' as never, '=', name as never)
      .execute();
    try {
      const r = await pronto(amb);
      expect(r.status).toBe(503);
      expect(r.corpo.dados).toMatchObject({ banco: 'ok', migracoes: 'pendentes' });
    } finally {
      await amb.db
        .insertInto('migracao' as never)
        .values(ultima as never)
        .execute();
    }
    expect((await pronto(amb)).status).toBe(200);
  });

  it('recusa com 503 "encerrando" depois do SIGTERM, e o vivo continua respondendo', async () => {
    const outro = await criarAmbiente();
    try {
      await prontoQuandoDePe(outro);
      outro.app.operacao.iniciarEncerramento();
      const r = await pronto(outro);
      expect(r.status).toBe(503);
      expect(r.corpo.dados).toMatchObject({ processo: 'encerrando', banco: 'ok' });
      expect((await (await outro.cliente()).chamar(apiSaude.vivo)).status).toBe(200);
    } finally {
      await outro.fechar();
    }
  });

  it('recusa com 503 quando o banco cai, e volta a ficar pronto quando ele volta', async () => {
    const outro = await criarAmbiente();
    let fechado = false;
    try {
      await prontoQuandoDePe(outro);
      if (postgres) {
        // The database stops taking connections and every open one is cut: the pool and the LISTEN fail.
        const nome = new URL(outro.config.databaseUrl ?? '').pathname.slice(1);
        await comAdminPostgres(async (c) => {
          await c.query(`ALTER DATABASE ${nome} ALLOW_CONNECTIONS false`);
          await c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [nome]);
        });
        const r = await pronto(outro);
        expect(r.status).toBe(503);
        expect(r.corpo).toMatchObject({ codigoErro: 'ServicoIndisponivel', dados: { banco: 'falhou' } });
        await expect
          .poll(async () => dadosDaRecusa<{ escuta?: string }>(await pronto(outro))?.escuta)
          .toBe('falhou');
        await comAdminPostgres((c) => c.query(`ALTER DATABASE ${nome} ALLOW_CONNECTIONS true`));
        // Back: the pool opens new connections, the LISTEN reconnects (backoff from 250 ms).
        await expect.poll(async () => (await pronto(outro)).status, { timeout: 15_000 }).toBe(200);
      } else {
        // The SQLite connection closed under the running app.
        await outro.banco.fechar();
        fechado = true;
        const r = await pronto(outro);
        expect(r.status).toBe(503);
        expect(r.corpo).toMatchObject({
          sucesso: false,
          codigoErro: 'ServicoIndisponivel',
          dados: { banco: 'falhou', migracoes: 'falhou', push: 'ok', processo: 'ok' },
        });
        expect(JSON.stringify(r.corpo)).not.toMatch(/closed|fechad|Error/i);
      }
    } finally {
      if (fechado) await outro.app.close();
      else await outro.fechar();
    }
  });
});
