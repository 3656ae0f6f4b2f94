import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPasskeys } from '#common/api/passkeys.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dialetoTeste } from '../../test/ambiente.ts';
import { AutenticadorSoftware } from '../../test/autenticador-webauthn.ts';
import { carregar, escolha, ofertasDe } from '../escalacao/apoio-teste.ts';
import { servirMetricasEmPorta } from './rotas-metricas.ts';

/**
 * GET /metrics (issue 26): Prometheus text from prom-client, behind METRICAS_TOKEN on the app's port or on a
 * port of its own; never served without one of them. What the 06:30 graphs read is there after a login, a
 * choice accepted and one refused. On SQLite and PostgreSQL.
 */

const TOKEN = 'token-de-teste-das-metricas-0123456789';
const postgres = dialetoTeste() === 'postgres';
let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente({ metricas: { token: TOKEN, porta: undefined, host: '127.0.0.1' } });
});
afterAll(async () => {
  await amb.fechar();
});

async function metricas(a: AmbienteTeste, autorizacao?: string) {
  return a.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: autorizacao ? { authorization: autorizacao } : {},
  });
}

/** The value of one sample line (name with its labels, as prom-client writes them). */
function valor(texto: string, amostra: string): number | undefined {
  const linha = texto.split('\n').find((l) => l.startsWith(`${amostra} `));
  return linha === undefined ? undefined : Number(linha.slice(amostra.length + 1));
}

describe('GET /metrics', () => {
  it('sem METRICAS_TOKEN nem porta própria não existe (404), nem com um token qualquer', async () => {
    const sem = await criarAmbiente();
    try {
      for (const auth of [undefined, `Bearer ${TOKEN}`]) {
        const r = await metricas(sem, auth);
        expect(r.statusCode).toBe(404);
        expect(r.body).not.toContain('portal_');
      }
    } finally {
      await sem.fechar();
    }
  });

  it('com METRICAS_TOKEN: 401 sem o token ou com outro, e o texto Prometheus com ele', async () => {
    for (const auth of [undefined, 'Bearer errado', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const r = await metricas(amb, auth);
      expect(r.statusCode).toBe(401);
      expect(r.headers['www-authenticate']).toBe('Bearer');
      expect(r.body).not.toContain('portal_');
    }
    const r = await metricas(amb, `Bearer ${TOKEN}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(r.headers['cache-control']).toBe('no-store');
    // The event loop's delay and the memory, from prom-client's default set.
    expect(r.body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(r.body).toMatch(/^process_resident_memory_bytes \d/m);
    expect(r.body).toMatch(/^nodejs_heap_size_used_bytes \d/m);
  });

  it('conta logins por resultado, escolhas aceitas e recusadas por código, e mede os pedidos por rota', async () => {
    const c = await amb.cliente();
    expect((await c.entrar('100001', '987650')).status).toBe(401);
    expect((await c.entrar('100001', '123456')).status).toBe(200);
    const ofertas = ofertasDe(await carregar(c), 1).filter(
      (o) => o.funcao.habilitado && o.funcao.comDescanso,
    );
    const oferta = ofertas[0];
    if (!oferta) throw new Error('sem oferta livre');
    const aceita = await c.post('/api/vagas', {
      numEscalacao: 4521,
      categoria: 1,
      escolhas: [escolha(oferta, true)],
    });
    expect(aceita.status).toBe(200);
    const recusada = await c.post('/api/vagas', {
      numEscalacao: 999_999,
      categoria: 1,
      escolhas: [escolha(oferta, true)],
    });
    expect(recusada.status).toBeGreaterThanOrEqual(400);
    const codigo = String(recusada.corpo.codigoErro);

    const texto = (await metricas(amb, `Bearer ${TOKEN}`)).body;
    expect(valor(texto, 'portal_logins_total{metodo="senha",resultado="sucesso"}')).toBe(1);
    expect(valor(texto, 'portal_logins_total{metodo="senha",resultado="CredenciaisInvalidas"}')).toBe(1);
    expect(valor(texto, 'portal_escolhas_total{resultado="aceita"}')).toBe(1);
    expect(valor(texto, `portal_escolhas_total{resultado="${codigo}"}`)).toBe(1);
    expect(valor(texto, 'portal_http_pedidos_total{metodo="POST",rota="/api/vagas",status="200"}')).toBe(1);
    expect(
      valor(texto, 'portal_http_duracao_segundos_count{metodo="POST",rota="/api/login",status="401"}'),
    ).toBe(1);
    expect(
      valor(
        texto,
        'portal_http_duracao_segundos_bucket{le="+Inf",metodo="GET",rota="/api/vagas",status="200"}',
      ),
    ).toBe(1);
    // The open call and its counts, read from what the call module keeps in memory.
    expect(valor(texto, 'portal_escala_aberta')).toBe(4521);
    expect(valor(texto, 'portal_escala_escolhas{categoria="estivador"}')).toBeGreaterThanOrEqual(1);
    expect(valor(texto, 'portal_escala_vagas{categoria="estivador"}')).toBeGreaterThan(0);
    expect(valor(texto, 'portal_ao_vivo_fluxos_abertos')).toBe(0);
    expect(valor(texto, 'portal_push_enviados_total')).toBe(0);
    expect(valor(texto, 'portal_push_falhas_total')).toBe(0);
    if (postgres) {
      // PostgreSQL: the pool's connections; each post is its own transaction (no group commit there).
      expect(valor(texto, 'portal_banco_pool_conexoes{estado="total"}')).toBeGreaterThan(0);
      expect(valor(texto, 'portal_banco_pool_conexoes{estado="esperando"}')).toBe(0);
    } else {
      // SQLite: the accepted choice went through the group commit and its fsync.
      expect(valor(texto, 'portal_gravacao_lote_unidades_count')).toBeGreaterThanOrEqual(1);
      expect(valor(texto, 'portal_gravacao_fsync_segundos_count')).toBeGreaterThanOrEqual(1);
    }
    // Bounded labels: no worker's code, no token.
    expect(texto).not.toContain('100001');
    expect(texto).not.toContain(String(c.token));
  });

  it('conta os logins por passkey à parte dos por senha (issue 28)', async () => {
    const c = await amb.logado('100003');
    const autenticador = new AutenticadorSoftware(amb.config.urlPublica);
    const registro = await c.chamar(apiPasskeys.opcoesRegistro);
    expect(
      (
        await c.chamar(apiPasskeys.registrar, {
          corpo: { resposta: autenticador.criar(registro.corpo.dados) },
        })
      ).status,
    ).toBe(200);
    const antes = (await metricas(amb, `Bearer ${TOKEN}`)).body;
    const anonimo = await amb.cliente();
    const opcoes = await anonimo.chamar(apiPasskeys.opcoesLogin);
    const login = await anonimo.chamar(apiPasskeys.login, {
      corpo: { resposta: autenticador.obter(opcoes.corpo.dados) },
    });
    expect(login.status).toBe(200);
    const depois = (await metricas(amb, `Bearer ${TOKEN}`)).body;
    const serie = 'portal_logins_total{metodo="passkey",resultado="sucesso"}';
    expect((valor(depois, serie) ?? 0) - (valor(antes, serie) ?? 0)).toBe(1);
    expect(valor(depois, 'portal_logins_total{metodo="senha",resultado="sucesso"}')).toBe(
      valor(antes, 'portal_logins_total{metodo="senha",resultado="sucesso"}'),
    );
  });

  it('na porta própria (METRICAS_PORTA), e lá também pede o token quando ele existe', async () => {
    let servidor: Server | undefined;
    try {
      servidor = await servirMetricasEmPorta(amb.app.metricas, { porta: 0, host: '127.0.0.1', token: TOKEN });
      const { port } = servidor.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}`;
      expect((await fetch(`${url}/metrics`)).status).toBe(401);
      expect((await fetch(`${url}/outra`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
        404,
      );
      const r = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(r.status).toBe(200);
      expect(await r.text()).toMatch(/^portal_escala_aberta 4521$/m);
    } finally {
      await new Promise((r) => servidor?.close(r) ?? r(undefined));
    }
  });
});
