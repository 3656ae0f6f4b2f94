import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

describe('POST /api/login', () => {
  it('entra com a senha certa e devolve token e dadosLogin', async () => {
    const c = await amb.cliente();
    const r = await c.entrar('100001');
    expect(r.status).toBe(200);
    expect(r.corpo.sucesso).toBe(true);
    expect(r.corpo.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.corpo.dados).toMatchObject({ codAvulso: '100001', sindicato: 'Estivador', cpf: '52998224725' });
  });

  it('recusa a senha errada sem dizer se o usuário existe', async () => {
    const c = await amb.cliente();
    const existente = await c.entrar('100002', '999999');
    const inexistente = await c.entrar('555555', '999999');
    expect(existente.status).toBe(401);
    expect(inexistente.status).toBe(401);
    expect(existente.corpo).toEqual(inexistente.corpo);
    expect(existente.corpo.codigoErro).toBe('CredenciaisInvalidas');
  });
});
