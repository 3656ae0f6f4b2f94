import { describe, expect, it } from 'vitest';
import { fimUltimoEngajamento, janelaDescanso, temDescanso } from './descanso.ts';

const H = 3_600_000;
const base = Date.UTC(2026, 10, 22, 10, 0, 0); // the offered shift starts here
const turno = { inicio: base, fim: base + 6 * H };

describe('temDescanso', () => {
  it('sem engajamentos: descansado', () => {
    expect(temDescanso(turno, [], 11)).toBe(true);
  });

  it('exatamente 11 horas entre o fim do anterior e o início: descansado', () => {
    expect(temDescanso(turno, [{ inicio: base - 17 * H, fim: base - 11 * H }], 11)).toBe(true);
  });

  it('um minuto a menos que 11 horas: sem descanso', () => {
    expect(temDescanso(turno, [{ inicio: base - 17 * H, fim: base - 11 * H + 60_000 }], 11)).toBe(false);
  });

  it('um milissegundo a menos: sem descanso', () => {
    expect(temDescanso(turno, [{ inicio: base - 17 * H, fim: base - 11 * H + 1 }], 11)).toBe(false);
  });

  it('engajamento que termina exatamente no início: sem descanso', () => {
    expect(temDescanso(turno, [{ inicio: base - 6 * H, fim: base }], 11)).toBe(false);
  });

  it('engajamento que se sobrepõe ao turno: sem descanso', () => {
    expect(temDescanso(turno, [{ inicio: base + H, fim: base + 7 * H }], 11)).toBe(false);
    expect(temDescanso(turno, [{ inicio: base - H, fim: base + H }], 11)).toBe(false);
    expect(temDescanso(turno, [{ inicio: base, fim: base + 6 * H }], 11)).toBe(false);
  });

  it('engajamento posterior ao turno também conta: 11 horas depois do fim (Lei 9.719/1998, art. 8)', () => {
    // The case: published for 13-19, offered 07-13 the same day: 0 h of rest.
    expect(temDescanso(turno, [{ inicio: base + 6 * H, fim: base + 12 * H }], 11)).toBe(false);
    expect(temDescanso(turno, [{ inicio: base + 8 * H, fim: base + 14 * H }], 11)).toBe(false);
    expect(temDescanso(turno, [{ inicio: base + 17 * H - 1, fim: base + 23 * H }], 11)).toBe(false);
    expect(temDescanso(turno, [{ inicio: base + 17 * H, fim: base + 23 * H }], 11)).toBe(true);
  });

  it('a janela das consultas é a mesma regra, nos dois sentidos', () => {
    expect(janelaDescanso(base, base + 6 * H, 11)).toEqual({
      fimDepoisDe: base - 11 * H,
      inicioAntesDe: base + 17 * H,
    });
  });

  it('vale o último engajamento anterior, não o mais antigo', () => {
    const antigos = [
      { inicio: base - 50 * H, fim: base - 44 * H },
      { inicio: base - 16 * H, fim: base - 10 * H },
    ];
    expect(temDescanso(turno, antigos, 11)).toBe(false);
  });

  it('a quantidade de horas é um parâmetro', () => {
    const anterior = [{ inicio: base - 14 * H, fim: base - 8 * H }];
    expect(temDescanso(turno, anterior, 11)).toBe(false);
    expect(temDescanso(turno, anterior, 8)).toBe(true);
  });
});

describe('fimUltimoEngajamento', () => {
  it('o maior fim até o instante, inclusive', () => {
    const e = [
      { inicio: 0, fim: 10 },
      { inicio: 20, fim: 30 },
      { inicio: 40, fim: 50 },
    ];
    expect(fimUltimoEngajamento(e, 30)).toBe(30);
    expect(fimUltimoEngajamento(e, 49)).toBe(30);
    expect(fimUltimoEngajamento(e, 5)).toBeUndefined();
  });
});
