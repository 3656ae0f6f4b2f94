import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';

/**
 * Issue 12, item 2: an attempt is counted before its secret is checked, so a burst sent at once gets no more
 * checks than the same attempts sent one after the other. A refused attempt (429) was never checked; a
 * checked one answers CredenciaisInvalidas (or DadosAcessoIncorretos).
 */
let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

describe('login: 60 senhas de uma vez para uma conta', () => {
  it('no máximo 5 conferidas; a senha certa na posição 30 não entra', async () => {
    const c = await amb.cliente();
    const respostas = await Promise.all(
      Array.from({ length: 60 }, (_, i) => c.entrar('100004', i === 29 ? '123456' : '999999')),
    );
    const conferidas = respostas.filter((r) => r.corpo.codigoErro === 'CredenciaisInvalidas').length;
    const recusadas = respostas.filter((r) => r.status === 429);
    expect(respostas.some((r) => r.status === 200)).toBe(false);
    expect(respostas[29]?.status).toBe(429);
    expect(conferidas).toBeGreaterThanOrEqual(1);
    expect(conferidas).toBeLessThanOrEqual(5);
    expect(recusadas.length).toBe(60 - conferidas);
    for (const r of recusadas) expect(r.corpo.codigoErro).toBe('MuitasRequisicoes');
    // The count is what five sequential failures leave: the next try waits 15 s.
    const linha = await amb.db
      .selectFrom('tentativa')
      .select('falhas')
      .where('chave', '=', 'login:100004')
      .executeTakeFirstOrThrow();
    expect(linha.falhas).toBe(conferidas);
  });

  it('um código que não existe: o mesmo limite', async () => {
    const c = await amb.cliente();
    const respostas = await Promise.all(Array.from({ length: 60 }, () => c.entrar('765432', '999999')));
    const conferidas = respostas.filter((r) => r.corpo.codigoErro === 'CredenciaisInvalidas').length;
    expect(conferidas).toBeLessThanOrEqual(5);
    expect(respostas.filter((r) => r.status === 429).length).toBe(60 - conferidas);
  });
});

describe('MP 945: 40 conferências de identidade de uma vez', () => {
  it('no máximo 5 conferidas, as outras recusadas com MuitasRequisicoes', async () => {
    const c = await amb.logado('100001');
    const respostas = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        c.post('/api/mp945/dadosAcesso', { cpf: '11144477735', dataNascimento: `0${(i % 9) + 1}/01/1950` }),
      ),
    );
    const conferidas = respostas.filter((r) => r.corpo.codigoErro === 'DadosAcessoIncorretos').length;
    expect(conferidas).toBeGreaterThanOrEqual(1);
    expect(conferidas).toBeLessThanOrEqual(5);
    const recusadas = respostas.filter((r) => r.status === 429);
    expect(recusadas.length).toBe(40 - conferidas);
    for (const r of recusadas) expect(r.corpo.codigoErro).toBe('MuitasRequisicoes');
  });
});
