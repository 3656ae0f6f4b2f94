import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { construirApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { enviarBruto, escutar } from '../../test/socket-bruto.ts';

/**
 * The smaller holes of issue 28 item 10 (docs/decisions/0225): a request without Host, HSTS by HTTPS rather
 * than NODE_ENV, one account's correct logins in parallel, and /api paths with encoded dot segments. On SQLite
 * and PostgreSQL (TEST_DB).
 */

let amb: AmbienteTeste;
const webDir = mkdtempSync(path.join(tmpdir(), 'borda-web-'));
beforeAll(async () => {
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Portal do TPA</title>');
  amb = await criarAmbiente({ webDir });
});
afterAll(async () => {
  await amb.fechar();
  rmSync(webDir, { recursive: true, force: true });
});

describe('pedido sem Host', () => {
  it('HTTP/1.1 sem Host: 400 no envelope, com os cabeçalhos de segurança; HTTP/1.0 segue', async () => {
    const porta = await escutar(amb.app);
    const r = await enviarBruto(porta, 'GET /api/config HTTP/1.1\r\nConnection: close\r\n\r\n');
    expect(r.status).toBe(400);
    expect(JSON.parse(Buffer.from(r.corpo, 'latin1').toString('utf8'))).toEqual({
      sucesso: false,
      codigoErro: 'DadosInvalidos',
      mensagem: 'A requisição não tem o cabeçalho Host.',
    });
    expect(r.cabecalhos['content-type']).toMatch(/^application\/json/);
    expect(r.cabecalhos['cache-control']).toBe('no-store');
    expect(r.cabecalhos['content-security-policy']).toContain("default-src 'self'");
    expect(r.cabecalhos['x-content-type-options']).toBe('nosniff');
    const antigo = await enviarBruto(porta, 'GET /api/config HTTP/1.0\r\n\r\n');
    expect(antigo.status).toBe(200);
  });
});

describe('HSTS', () => {
  async function hsts(extra: Partial<Config>, headers: Record<string, string> = {}) {
    const app = await construirApp({ config: { ...amb.config, ...extra }, banco: amb.banco, logger: false });
    try {
      await app.ready();
      const r = await app.inject({ method: 'GET', url: '/api/config', headers });
      return r.headers['strict-transport-security'];
    } finally {
      await app.close();
    }
  }

  it('segue a URL_PUBLICA em https, não o NODE_ENV', async () => {
    expect(await hsts({ producao: false, urlPublica: 'https://portal.ogmo.invalid' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect(await hsts({ producao: true, urlPublica: 'http://localhost:8080' })).toBeUndefined();
  });

  it('atrás de um proxy confiável, o X-Forwarded-Proto https do pedido', async () => {
    const atras = { producao: true, urlPublica: 'http://portal.interno', trustProxy: 1 } as const;
    expect(await hsts(atras, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts(atras, { 'x-forwarded-proto': 'http' })).toBeUndefined();
    // Without a trusted proxy the header is the client's word: nothing.
    expect(
      await hsts({ producao: true, urlPublica: 'http://portal.interno' }, { 'x-forwarded-proto': 'https' }),
    ).toBeUndefined();
  });
});

describe('logins corretos em paralelo', () => {
  it('200 logins corretos da mesma conta de uma vez (o celular que repete): nenhum recusado', async () => {
    const c = await amb.cliente();
    const respostas = await Promise.all(Array.from({ length: 200 }, () => c.entrar('100007')));
    const porStatus = new Map<number, number>();
    for (const r of respostas) porStatus.set(r.status, (porStatus.get(r.status) ?? 0) + 1);
    expect(Object.fromEntries(porStatus)).toEqual({ 200: 200 });
    // And the count left behind is clear: a wrong password now is the first failure, not a lock.
    const errada = await c.entrar('100007', '000000');
    expect(errada.status).toBe(401);
  });

  it('palpites em paralelo continuam com as mesmas conferências que em sequência (4 livres, a 5ª espera)', async () => {
    const c = await amb.cliente();
    const respostas = await Promise.all(Array.from({ length: 20 }, () => c.entrar('100006', '000000')));
    const status = respostas.map((r) => r.status).sort();
    expect(status.filter((s) => s === 401)).toHaveLength(5);
    expect(status.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe('caminhos da API com pontos codificados', () => {
  it.each(['/api/..%2f..%2f', '/api/..%2F..%2Findex.html', '/%61pi/..%2f', '/api/x/..%2f..%2f..%2flogin'])(
    '%s: 404 no envelope, nunca o HTML do aplicativo',
    async (url) => {
      const c = await amb.cliente();
      const r = await c.requisitar({ method: 'GET', url });
      expect(r.status).toBe(404);
      expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'NaoEncontrado' });
      expect(String(r.headers['content-type'])).toMatch(/^application\/json/);
    },
  );

  it('/api/%2e%2e/%2e%2e/ como enviado, sem o cliente resolver os pontos antes: 404 no envelope', async () => {
    const porta = await escutar(amb.app);
    const r = await enviarBruto(
      porta,
      'GET /api/%2e%2e/%2e%2e/ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    );
    expect(r.status).toBe(404);
    expect(JSON.parse(r.corpo)).toMatchObject({ sucesso: false, codigoErro: 'NaoEncontrado' });
  });

  it('o aplicativo continua respondendo fora da API', async () => {
    const c = await amb.cliente();
    const r = await c.requisitar({ method: 'GET', url: '/escalacao' });
    expect(r.status).toBe(200);
    expect(r.bruto.toString()).toContain('Portal do TPA');
  });
});
