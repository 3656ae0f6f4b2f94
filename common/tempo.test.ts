import { describe, expect, it } from 'vitest';
import { FUSO_PADRAO, formatarNoFuso } from './tempo.ts';

describe('formatarNoFuso', () => {
  it('mostra o relógio do porto, não o do aparelho', () => {
    expect(formatarNoFuso('2026-11-20T13:05:07.000Z', 'America/Recife', 'HH:mm:ss')).toBe('10:05:07');
    expect(formatarNoFuso(new Date('2026-01-01T02:30:00.000Z'), FUSO_PADRAO, "dd/MM/yyyy 'às' HH:mm")).toBe(
      '31/12/2025 às 23:30',
    );
    // Another port, another clock: the setting decides.
    expect(formatarNoFuso('2026-11-20T13:05:07.000Z', 'America/Manaus', 'HH:mm')).toBe('09:05');
  });

  it("devolve '' para o que não é um instante", () => {
    expect(formatarNoFuso('lixo', FUSO_PADRAO, 'HH:mm')).toBe('');
  });
});
