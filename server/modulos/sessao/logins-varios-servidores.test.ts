import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { construirApp } from '../../app.ts';
import { abrirBanco } from '../../plataforma/banco/connection.ts';
import { type AmbienteTeste, ClienteTeste, criarAmbiente, dialetoTeste } from '../../test/ambiente.ts';

/**
 * Decision 0224 runs one account's logins one at a time inside a process. With several servers on one
 * PostgreSQL (PROCESSOS>1, or two machines) the queue alone would let each server hold a pending attempt of the
 * same account, and enough of them together would reach the wait: correct passwords refused with 429. Here the
 * servers are apps on one database, each with its own pool, as separate processes would be.
 */

const fechar: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of fechar.splice(0).reverse()) await f();
});

/** Another server on the environment's database: its own pool, its own queue of logins. */
async function outroServidor(amb: AmbienteTeste): Promise<FastifyInstance> {
  const url = amb.config.databaseUrl;
  if (!url) throw new Error('outro servidor só no PostgreSQL');
  const banco = abrirBanco({ url, arquivoSqlite: '', maxConexoes: 20 });
  const app = await construirApp({ config: amb.config, banco, clock: amb.relogio, logger: false });
  await app.ready();
  fechar.push(async () => {
    await app.close();
    await banco.fechar();
  });
  return app;
}

/** `total` logins of 100004 spread over the servers in turn, all sent at once. */
async function logins(servidores: FastifyInstance[], total: number, senha = (_i: number) => '123456') {
  const clientes = await Promise.all(
    Array.from({ length: total }, (_, i) =>
      new ClienteTeste(servidores[i % servidores.length] as FastifyInstance).iniciar(),
    ),
  );
  return Promise.all(clientes.map((c, i) => c.entrar('100004', senha(i))));
}

describe('logins corretos em paralelo da mesma conta', () => {
  it('uma tentativa que ficou sem veredito (marcada em curso) não prende ninguém: 429 em pouco tempo', async () => {
    const amb = await criarAmbiente();
    fechar.push(amb.fechar);
    const agora = amb.relogio.now();
    // Five counted, one of them never answered (a check that ended without errou/acertou), the wait running.
    await amb.db
      .insertInto('tentativa')
      .values({
        chave: 'login:100004',
        falhas: 5,
        em_curso: 1,
        bloqueado_ate: new Date(agora.getTime() + 15_000).toISOString(),
        atualizado_em: agora.toISOString(),
      })
      .execute();
    const inicio = performance.now();
    const r = await (await new ClienteTeste(amb.app).iniciar()).entrar('100004');
    expect(r.status).toBe(429);
    // Waited for a verdict that never came only while the row stood still (2 s), not the 5 s of a real burst.
    expect(performance.now() - inicio).toBeLessThan(4_500);
  });

  if (dialetoTeste() === 'sqlite') {
    // SQLite runs in one process (main.ts refuses PROCESSOS>1): the queue of 0224 is the whole answer.
    it('um servidor: 100 × 200, nenhuma tentativa fica contada', async () => {
      const amb = await criarAmbiente();
      fechar.push(amb.fechar);
      const respostas = await logins([amb.app], 100);
      expect(respostas.map((r) => r.status)).toEqual(Array(100).fill(200));
      const linha = await amb.db
        .selectFrom('tentativa')
        .selectAll()
        .where('chave', '=', 'login:100004')
        .executeTakeFirst();
      expect(linha).toBeUndefined();
    });
    return;
  }

  it.each([2, 6])(
    '%i servidores no mesmo PostgreSQL: 100 × 200, nenhuma tentativa fica contada',
    async (n) => {
      const amb = await criarAmbiente();
      fechar.push(amb.fechar);
      const outros = await Promise.all(Array.from({ length: n - 1 }, () => outroServidor(amb)));
      const respostas = await logins([amb.app, ...outros], 100);
      const porStatus = Object.groupBy(respostas, (r) => String(r.status));
      expect(Object.keys(porStatus)).toEqual(['200']);
      // Every success cleared the count: nothing is left to push a later wrong password into a wait.
      const linha = await amb.db
        .selectFrom('tentativa')
        .selectAll()
        .where('chave', '=', 'login:100004')
        .executeTakeFirst();
      expect(linha).toBeUndefined();
      const bloqueios = await amb.db
        .selectFrom('registro_bloqueio')
        .select('evento')
        .where('sujeito', '=', '100004')
        .execute();
      expect(bloqueios).toEqual([]);
      // And a wrong password afterwards is the first failure, free (4 free, decision 0090).
      const errada = await (await new ClienteTeste(amb.app).iniciar()).entrar('100004', '999999');
      expect(errada.corpo.codigoErro).toBe('CredenciaisInvalidas');
      const depois = await amb.db
        .selectFrom('tentativa')
        .select('falhas')
        .where('chave', '=', 'login:100004')
        .executeTakeFirstOrThrow();
      expect(depois.falhas).toBe(1);
    },
  );

  it('6 servidores, 60 senhas erradas de uma vez: no máximo 5 conferidas, como em sequência', async () => {
    const amb = await criarAmbiente();
    fechar.push(amb.fechar);
    const outros = await Promise.all(Array.from({ length: 5 }, () => outroServidor(amb)));
    const respostas = await logins([amb.app, ...outros], 60, () => '999999');
    const conferidas = respostas.filter((r) => r.corpo.codigoErro === 'CredenciaisInvalidas').length;
    expect(conferidas).toBeGreaterThanOrEqual(1);
    expect(conferidas).toBeLessThanOrEqual(5);
    expect(respostas.filter((r) => r.status === 429).length).toBe(60 - conferidas);
    const linha = await amb.db
      .selectFrom('tentativa')
      .select(['falhas', 'em_curso'])
      .where('chave', '=', 'login:100004')
      .executeTakeFirstOrThrow();
    // Every answer went out: nothing is left in flight, and the count is the checks made.
    expect(linha).toEqual({ falhas: conferidas, em_curso: 0 });
  });
});
