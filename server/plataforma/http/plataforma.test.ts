import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';

/** The envelope, the SPA fallback and the security headers: what every request goes through. */
let amb: AmbienteTeste;
let web: string;
let c: ClienteTeste;
const JS_GRANDE = `console.log(${JSON.stringify('Portal do TPA '.repeat(400))});`;
const MARCA = '<!doctype html><html><body><div id="raiz"></div><!-- portal-teste --></body></html>';
const MARCA_LOGIN =
  '<!doctype html><html><body id="inicio"><div id="raiz">…</div><!-- portal-login --></body></html>';

beforeAll(async () => {
  web = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  writeFileSync(path.join(web, 'index.html'), MARCA);
  writeFileSync(path.join(web, 'login.html'), MARCA_LOGIN);
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(web, 'assets', 'grande-def456.js'), JS_GRANDE);
  writeFileSync(path.join(web, 'assets', 'grande-def456.js.br'), brotliCompressSync(JS_GRANDE));
  amb = await criarAmbiente({ webDir: web });
  c = await amb.cliente();
});
afterAll(async () => {
  await amb.fechar();
  rmSync(web, { recursive: true, force: true });
});

describe('o envelope em toda falha', () => {
  it('caminho /api desconhecido: 404 NaoEncontrado', async () => {
    for (const r of [
      await c.get('/api/nao-existe'),
      await c.post('/api/nao/existe', {}),
      await c.get('/api'),
    ]) {
      expect(r.status).toBe(404);
      expect(r.corpo).toEqual({
        sucesso: false,
        codigoErro: 'NaoEncontrado',
        mensagem: 'Recurso não encontrado.',
        idPedido: r.headers['x-request-id'],
      });
      expect(r.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('JSON malformado: 400 DadosInvalidos', async () => {
    const r = await c.requisitar({
      method: 'POST',
      url: '/api/login',
      payload: '{"login": "100001", ',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'DadosInvalidos' });
    expect(r.corpo.mensagem).toMatch(/JSON/);
  });

  it('corpo em text/plain: 415 TipoConteudoInvalido', async () => {
    const r = await c.requisitar({
      method: 'POST',
      url: '/api/login',
      payload: 'login=100001&password=123456',
      headers: { 'content-type': 'text/plain' },
    });
    expect(r.status).toBe(415);
    expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'TipoConteudoInvalido' });
    const form = await c.requisitar({
      method: 'POST',
      url: '/api/login',
      payload: 'login=100001&password=123456',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('corpo acima de 64 KiB: 413 ConteudoMuitoGrande', async () => {
    const r = await c.post('/api/login', {
      login: '100001',
      password: '123456',
      extra: 'x'.repeat(70 * 1024),
    });
    expect(r.status).toBe(413);
    expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'ConteudoMuitoGrande' });
    // Just under the limit the body is read (unknown fields are dropped) and the login goes through.
    const ok = await c.post('/api/login', {
      login: '100001',
      password: '123456',
      extra: 'x'.repeat(60 * 1024),
    });
    expect(ok.status).toBe(200);
  });

  it('nenhuma resposta de erro traz pilha ou detalhes internos', async () => {
    const r = await c.requisitar({
      method: 'POST',
      url: '/api/login',
      payload: '[[[',
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.stringify(r.corpo)).not.toMatch(/stack|at .*\.ts|FST_/);
  });
});

describe('o aplicativo web', () => {
  it('rotas do cliente respondem o index.html (sem cache)', async () => {
    for (const caminho of ['/inicio', '/totem', '/escalacao/ofertas/vigia', '/qualquer/coisa', '/login/x']) {
      const r = await amb.app.inject({ method: 'GET', url: caminho });
      expect(r.statusCode, caminho).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.body).toContain('portal-teste');
      expect(r.headers['cache-control']).toBe('no-cache');
    }
  });

  it('/login responde o login.html do build, com a página já no HTML (decisão 0135)', async () => {
    for (const caminho of ['/login', '/login?volta=1', '/%6Cogin']) {
      const r = await amb.app.inject({ method: 'GET', url: caminho });
      expect(r.statusCode, caminho).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.body, caminho).toContain('portal-login');
      expect(r.headers['cache-control']).toBe('no-cache');
    }
  });

  it('arquivos com hash têm cache longo; arquivos que não existem em /assets são 404', async () => {
    const js = await amb.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const velho = await amb.app.inject({ method: 'GET', url: '/assets/velho.js' });
    expect(velho.statusCode).toBe(404);
    expect(velho.body).not.toContain('portal-teste');
  });

  it('um asset pré-comprimido vai em brotli a quem aceita, e inteiro a quem não aceita', async () => {
    const br = await amb.app.inject({
      method: 'GET',
      url: '/assets/grande-def456.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(JS_GRANDE.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS_GRANDE);
    const puro = await amb.app.inject({ method: 'GET', url: '/assets/grande-def456.js' });
    expect(puro.headers['content-encoding']).toBeUndefined();
    expect(puro.body).toBe(JS_GRANDE);
  });

  it('POST fora de /api não cai no aplicativo', async () => {
    const r = await amb.app.inject({ method: 'POST', url: '/inicio', payload: {} });
    expect(r.statusCode).toBe(404);
  });
});

describe('cabeçalhos de segurança', () => {
  it('CSP sem scripts inline, nosniff, referrer e frame', async () => {
    for (const url of ['/inicio', '/api/config']) {
      const r = await amb.app.inject({ method: 'GET', url });
      const csp = String(r.headers['content-security-policy']);
      const scripts = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
      expect(scripts.trim()).toBe("script-src 'self'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('same-origin');
      expect(r.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('respostas de /api: só revalidadas (ETag) fora do totem, nunca guardadas em erro ou no totem', async () => {
    const config = await c.get('/api/config');
    expect(config.headers['cache-control']).toBe('private, no-cache');
    expect(config.headers.etag).toMatch(/^W\//);
    expect((await c.get('/api/nao-existe')).headers['cache-control']).toBe('no-store');
    const logado = await amb.logado('100001');
    expect((await logado.get('/api/avulso/habilitacoes')).headers['cache-control']).toBe('private, no-cache');
    const totem = await amb.logado('100001', { quiosque: true });
    expect((await totem.get('/api/avulso/habilitacoes')).headers['cache-control']).toBe('no-store');
  });
});
