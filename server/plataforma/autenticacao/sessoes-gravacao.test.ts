import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dialetoTeste } from '../../test/ambiente.ts';
import { hashToken } from './sessoes.ts';

/**
 * Session writes go through the app's group commit on SQLite (docs/decisions/0071-gravacao-de-sessoes.md):
 * logins arriving together share one COMMIT with the other writes of the moment, and behave as before.
 */

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

const CONTAS = ['100001', '100002', '100003', '100004', '100007'];

describe('gravação das sessões', () => {
  it('logins simultâneos: todos entram, cada um com a sua sessão; no SQLite pela gravação em grupo', async () => {
    const espiao = vi.spyOn(amb.app.ctx.gravacao, 'executar');
    try {
      const clientes = await Promise.all(CONTAS.map(() => amb.cliente()));
      const respostas = await Promise.all(clientes.map((c, i) => c.entrar(CONTAS[i] as string)));
      expect(respostas.map((r) => r.status)).toEqual(CONTAS.map(() => 200));
      const tokens = new Set(respostas.map((r) => r.corpo.token));
      expect(tokens.size).toBe(CONTAS.length);
      const sessoes = await Promise.all(clientes.map((c) => c.get('/api/sessao')));
      expect(sessoes.map((r) => (r.corpo as { dados: { codAvulso: string } }).dados.codAvulso)).toEqual(
        CONTAS,
      );
      // Two units per login: the throttle's count, taken before the password is checked (decision 0090), and
      // the session with the count cleared.
      expect(espiao).toHaveBeenCalledTimes(dialetoTeste() === 'sqlite' ? 2 * CONTAS.length : 0);
    } finally {
      espiao.mockRestore();
    }
  });

  it('o último uso, gravado depois de 30 s, chega ao banco antes da resposta', async () => {
    const cliente = await amb.logado('100002');
    const tokenHash = hashToken(cliente.token ?? '');
    const antes = await amb.db
      .selectFrom('sessao')
      .select('ultimo_uso_em')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirstOrThrow();
    amb.relogio.avancar(31_000);
    const r = await cliente.get('/api/sessao');
    expect(r.status).toBe(200);
    const depois = await amb.db
      .selectFrom('sessao')
      .select('ultimo_uso_em')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirstOrThrow();
    expect(Date.parse(depois.ultimo_uso_em) - Date.parse(antes.ultimo_uso_em)).toBe(31_000);
  });
});
