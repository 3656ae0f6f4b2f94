import { describe, expect, it } from 'vitest';
import { preferenciaAoEscolher, proximaPreferencia } from './preferencia.ts';

describe('proximaPreferencia', () => {
  it('1 na primeira escolha', () => {
    expect(proximaPreferencia([])).toBe(1);
    expect(proximaPreferencia([null, undefined])).toBe(1);
  });
  it('uma a mais que a maior, mesmo com lacunas', () => {
    expect(proximaPreferencia([1, 2])).toBe(3);
    expect(proximaPreferencia([1, 3])).toBe(4);
    expect(proximaPreferencia([5, null, 2])).toBe(6);
  });
});

describe('preferenciaAoEscolher', () => {
  const oferta = (
    seqCategoria: number,
    escolhida: boolean,
    habilitado: boolean,
    preferencia: number | null,
  ) => ({
    seqCategoria,
    escolhida,
    habilitado,
    preferencia,
  });

  it('1 quando nada está escolhido', () => {
    expect(preferenciaAoEscolher([oferta(1, false, true, null), oferta(2, false, true, null)], 1)).toBe(1);
  });

  it('ignora ofertas não escolhidas e não habilitadas', () => {
    const ofertas = [oferta(1, true, true, 2), oferta(2, false, true, null), oferta(3, true, false, 9)];
    expect(preferenciaAoEscolher(ofertas, 2)).toBe(3);
  });

  it('ignora a própria oferta', () => {
    expect(preferenciaAoEscolher([oferta(1, true, true, 4), oferta(2, true, true, 1)], 1)).toBe(2);
  });
});
