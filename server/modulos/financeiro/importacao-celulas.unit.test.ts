import { describe, expect, it } from 'vitest';
import {
  competencia,
  data,
  dinheiro,
  instante,
  inteiro,
  matricula,
  texto,
  turno,
} from './importacao-celulas.ts';

const valor = <T>(l: { ok: true; valor: T } | { ok: false; mensagem: string }) =>
  l.ok ? l.valor : l.mensagem;

describe('células de um arquivo da folha', () => {
  it('dinheiro em centavos, com duas casas, sem float', () => {
    expect(valor(dinheiro('1234,56'))).toBe(123_456);
    expect(valor(dinheiro('1.234,56'))).toBe(123_456);
    expect(valor(dinheiro('1234.56'))).toBe(123_456);
    expect(valor(dinheiro('0,10'))).toBe(10);
    expect(valor(dinheiro('9.999.999,99'))).toBe(999_999_999);
    expect(dinheiro('10.000.000,00').ok).toBe(false);
    expect(dinheiro('99999999999999999999,00').ok).toBe(false);
    for (const ruim of [
      '1234',
      '1234,5',
      '1234,567',
      '-10,00',
      'R$ 10,00',
      '1e3',
      '',
      '1,234.56',
      'NaN',
      '12.34,56',
    ])
      expect(dinheiro(ruim).ok, ruim).toBe(false);
  });

  it('datas do calendário, competências, turnos e instantes', () => {
    expect(valor(data('26/11/2026'))).toBe('2026-11-26');
    expect(valor(data('2026-11-26'))).toBe('2026-11-26');
    expect(data('31/02/2026').ok).toBe(false);
    expect(data('26-11-2026').ok).toBe(false);
    expect(valor(competencia('11/2026'))).toEqual({ ano: 2026, mes: 11 });
    expect(valor(competencia('2026-11'))).toEqual({ ano: 2026, mes: 11 });
    expect(competencia('13/2026').ok).toBe(false);
    expect(valor(turno('07-13'))).toEqual({ texto: '07-13', inicio: 7, fim: 13 });
    expect(valor(turno('1-7'))).toEqual({ texto: '01-07', inicio: 1, fim: 7 });
    expect(turno('25-07').ok).toBe(false);
    expect(valor(instante('28/11/2026 10:00', 'America/Recife'))).toBe('2026-11-28T13:00:00.000Z');
    expect(valor(instante('2026-11-28T13:00:00Z', 'America/Recife'))).toBe('2026-11-28T13:00:00.000Z');
    expect(instante('30/02/2026 10:00', 'America/Recife').ok).toBe(false);
  });

  it('texto sem caracteres de controle; inteiros e matrículas', () => {
    expect(valor(texto('  MSC AURORA ', 80))).toBe('MSC AURORA');
    expect(texto('a\u0000b', 80).ok).toBe(false);
    expect(texto('a\nb', 80).ok).toBe(false);
    expect(texto('a\u0085b', 80).ok).toBe(false);
    expect(texto('\ud800', 80).ok).toBe(false);
    expect(texto('😀', 80).ok).toBe(true);
    expect(texto('x'.repeat(81), 80).ok).toBe(false);
    expect(texto('', 80).ok).toBe(false);
    expect(texto('', 80, true).ok).toBe(true);
    expect(valor(inteiro('0042', 1, 999_999))).toBe(42);
    expect(inteiro('1e3', 1, 999_999).ok).toBe(false);
    expect(inteiro('99999999999999999999', 1, 999_999).ok).toBe(false);
    expect(valor(matricula('100001'))).toBe('100001');
    expect(matricula('10001').ok).toBe(false);
  });
});
