import { describe, expect, it } from 'vitest';
import { temDescanso } from './descanso.ts';
import { FUSO_PADRAO, formatarNoFuso, limitesTurno } from './tempo.ts';

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

describe('limitesTurno: o período 4 (01-07) no dia que o porto diz (PERIODO_4_DIA)', () => {
  const fuso = 'America/Recife';
  it("'mesmo' (padrão): o 01-07 do dia D começa às 01h de D, antes do 07-13 de D", () => {
    const p4 = limitesTurno('20261202', 1, 7, fuso);
    expect(p4.inicio.toISOString()).toBe('2026-12-02T04:00:00.000Z');
    expect(limitesTurno('20261202', 1, 7, fuso, 'mesmo')).toEqual(p4);
  });

  it("'seguinte': o dia de operação vai das 07h às 07h; o 01-07 de D é a madrugada de D+1", () => {
    const p4 = limitesTurno('20261202', 1, 7, fuso, 'seguinte');
    expect(p4.inicio.toISOString()).toBe('2026-12-03T04:00:00.000Z');
    expect(p4.fim.toISOString()).toBe('2026-12-03T10:00:00.000Z');
    // The other periods do not move; the 19-01 of D ends when the 01-07 of D starts: 0 h of rest.
    const p3 = limitesTurno('20261202', 19, 1, fuso, 'seguinte');
    expect(p3.fim.getTime()).toBe(p4.inicio.getTime());
    const ms = (t: { inicio: Date; fim: Date }) => ({ inicio: t.inicio.getTime(), fim: t.fim.getTime() });
    expect(temDescanso(ms(p4), [ms(p3)], 11)).toBe(false);
    expect(limitesTurno('20261202', 7, 13, fuso, 'seguinte')).toEqual(limitesTurno('20261202', 7, 13, fuso));
  });
});
