import { describe, expect, it } from 'vitest';
import { proximaPreferencia } from './preferencia.ts';

const oferta = (escolhida: boolean, preferencia: number | null, habilitado = true) => ({
  escolhida,
  habilitado,
  preferencia,
});

describe('proximaPreferencia', () => {
  it('é 1 na primeira escolha da categoria', () => {
    expect(proximaPreferencia([])).toBe(1);
    expect(proximaPreferencia([oferta(false, null), oferta(false, null)])).toBe(1);
  });

  it('é uma a mais que a maior preferência das outras escolhidas', () => {
    expect(proximaPreferencia([oferta(true, 1), oferta(true, 4), oferta(true, 2)])).toBe(5);
  });

  it('ignora ofertas não escolhidas e não habilitadas', () => {
    expect(proximaPreferencia([oferta(false, 9), oferta(true, 7, false), oferta(true, 2)])).toBe(3);
  });

  it('não reaproveita lacunas: limpar uma escolha não renumera as outras', () => {
    expect(proximaPreferencia([oferta(true, 1), oferta(true, 3)])).toBe(4);
  });
});
