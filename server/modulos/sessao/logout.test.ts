import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';

/** Issue 12, item 5: logout ends the session, every token of it, the ones in their grace period too. */
let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

const MINUTO = 60_000;

/** A kiosk session (10 min) past half its life: answers the old token and the renewed one. */
async function renovada(codAvulso: string): Promise<{ c: ClienteTeste; antigo: string; novo: string }> {
  const c = await amb.logado(codAvulso, { quiosque: true });
  const antigo = c.token ?? '';
  for (let i = 0; i < 6 && c.token === antigo; i++) {
    amb.relogio.avancar(MINUTO);
    expect((await c.get('/api/sessao')).status).toBe(200);
  }
  const novo = c.token ?? '';
  expect(novo).not.toBe(antigo);
  return { c, antigo, novo };
}

function comToken(c: ClienteTeste, token: string) {
  return c.requisitar({ method: 'GET', url: '/api/sessao', headers: { 'x-access-token': token } });
}

describe('POST /api/logout depois de uma renovação', () => {
  it('sair com o token novo derruba também o antigo, ainda na carência', async () => {
    const inicio = amb.relogio.now();
    const outroAparelho = await amb.logado('100001');
    const { c, antigo, novo } = await renovada('100001');
    // Both tokens work (the old one in its 60 s grace) and the cache holds both rows.
    expect((await comToken(c, antigo)).status).toBe(200);
    expect((await comToken(c, novo)).status).toBe(200);
    expect((await c.post('/api/logout')).status).toBe(200);
    for (const token of [novo, antigo]) {
      const r = await comToken(c, token);
      expect(r.status).toBe(401);
      expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'NaoAutenticado' });
    }
    // Another session of the same worker is not this session.
    expect((await outroAparelho.get('/api/sessao')).status).toBe(200);
    amb.relogio.definir(inicio);
  });

  it('sair com o token antigo (na carência) derruba também o novo', async () => {
    const inicio = amb.relogio.now();
    const { c, antigo, novo } = await renovada('100002');
    expect((await comToken(c, novo)).status).toBe(200);
    const r = await c.requisitar({
      method: 'POST',
      url: '/api/logout',
      payload: {},
      headers: { 'x-access-token': antigo },
    });
    expect(r.status).toBe(200);
    expect((await comToken(c, novo)).status).toBe(401);
    expect((await comToken(c, antigo)).status).toBe(401);
    amb.relogio.definir(inicio);
  });
});
