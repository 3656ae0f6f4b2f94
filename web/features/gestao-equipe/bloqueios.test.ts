import { describe, expect, it } from 'vitest';
import type { RegistroBloqueio } from '#common/api/seguranca.ts';
import { bloqueiosVigentes } from './bloqueios.ts';

const agora = new Date('2026-11-26T09:00:00.000Z');

function registro(p: Partial<RegistroBloqueio>): RegistroBloqueio {
  return {
    em: '2026-11-26T08:50:00.000Z',
    evento: 'bloqueio',
    politica: 'login',
    sujeito: '100001',
    falhas: 10,
    ate: '2026-11-26T09:20:00.000Z',
    ip: '127.0.0.1',
    ...p,
  };
}

describe('bloqueiosVigentes', () => {
  it('fica o bloqueio mais novo de cada sujeito ainda não vencido; um desbloqueio depois o encerra', () => {
    const registros = [
      // Newest first, as the API lists them.
      registro({ sujeito: '100002', evento: 'desbloqueio', ate: null, em: '2026-11-26T08:59:00.000Z' }),
      registro({ sujeito: '100003', ate: '2026-11-26T08:59:59.000Z' }),
      registro({ sujeito: '100001' }),
      registro({ sujeito: '100002' }),
      registro({ sujeito: '100001', ate: '2026-11-26T08:40:00.000Z', em: '2026-11-26T08:30:00.000Z' }),
      registro({ politica: 'totem', sujeito: 'abc:100001' }),
    ];
    expect(bloqueiosVigentes(registros, agora).map((r) => `${r.politica}:${r.sujeito}`)).toEqual([
      'login:100001',
      'totem:abc:100001',
    ]);
  });

  it('sem registros, nenhum vigente', () => {
    expect(bloqueiosVigentes([], agora)).toEqual([]);
  });
});
