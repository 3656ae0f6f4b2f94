import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { enviarBruto, escutar } from '../../test/socket-bruto.ts';

/**
 * Issue 12, item 1: the router decodes the path, so every /api decision (XSRF, no-store, the envelope) is taken
 * on the route it matched or the decoded path, never on the raw text of the URL.
 */
let amb: AmbienteTeste;
let porta: number;

beforeAll(async () => {
  amb = await criarAmbiente();
  porta = await escutar(amb.app);
});
afterAll(async () => {
  await amb.fechar();
});

const LOGIN = JSON.stringify({ login: '100008', password: '123456' });

describe('XSRF pelo caminho roteado', () => {
  it('/%61pi/login sem XSRF: 403 XsrfInvalido no envelope, sem sessão', async () => {
    for (const url of ['/%61pi/login', '/%61%70%69/login', '/api/%6cogin', '//api/login', '/api/./login']) {
      const r = await amb.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: LOGIN,
      });
      if (r.statusCode === 404) {
        // A path the router does not take is refused too, in the envelope.
        expect(r.json(), url).toMatchObject({ sucesso: false, codigoErro: 'NaoEncontrado' });
        continue;
      }
      expect(r.statusCode, url).toBe(403);
      expect(r.json(), url).toMatchObject({ sucesso: false, codigoErro: 'XsrfInvalido' });
      expect(r.json().token, url).toBeUndefined();
    }
  });

  it('/%61pi/logout sem XSRF: 403, e a sessão continua valendo', async () => {
    const c = await amb.logado('100001');
    const r = await amb.app.inject({
      method: 'POST',
      url: '/%61pi/logout',
      headers: { 'content-type': 'application/json', 'x-access-token': c.token ?? '' },
      payload: '{}',
    });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({ codigoErro: 'XsrfInvalido' });
    expect((await c.get('/api/sessao')).status).toBe(200);
  });

  it('/%61pi/sessao tem a política de cache de /api/sessao (dados pessoais: nunca público)', async () => {
    const c = await amb.logado('100002');
    const r = await c.get('/%61pi/sessao');
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe((await c.get('/api/sessao')).headers['cache-control']);
    expect(r.headers['cache-control']).toMatch(/^(no-store|private, no-cache)$/);
    const totem = await amb.logado('100003', { quiosque: true });
    expect((await totem.get('/%61pi/sessao')).headers['cache-control']).toBe('no-store');
    const desconhecido = await c.get('/%61pi/nao-existe');
    expect(desconhecido.status).toBe(404);
    expect(desconhecido.corpo).toMatchObject({ sucesso: false, codigoErro: 'NaoEncontrado' });
    expect(desconhecido.headers['cache-control']).toBe('no-store');
  });

  it('alvo em forma absoluta (http://host/api/login) sem XSRF: 403 XsrfInvalido', async () => {
    for (const alvo of [`http://127.0.0.1:${porta}/api/login`, `http://127.0.0.1:${porta}/%61pi/login`]) {
      const r = await enviarBruto(
        porta,
        `POST ${alvo} HTTP/1.1\r\nHost: 127.0.0.1:${porta}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(LOGIN)}\r\nConnection: close\r\n\r\n${LOGIN}`,
      );
      expect(r.status, alvo).toBe(403);
      expect(JSON.parse(r.corpo), alvo).toMatchObject({ sucesso: false, codigoErro: 'XsrfInvalido' });
      expect(r.cabecalhos['cache-control'], alvo).toBe('no-store');
    }
  });

  it('com XSRF o caminho codificado funciona como o normal', async () => {
    const c = await amb.cliente();
    const r = await c.requisitar({
      method: 'POST',
      url: '/%61pi/login',
      payload: { login: '100003', password: '123456' },
    });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
  });
});
