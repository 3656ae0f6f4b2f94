import { describe, expect, it } from 'vitest';
import { lerInteiroPtBr } from './inteiro-ptbr.ts';

describe('lerInteiroPtBr', () => {
  it('aceita o inteiro com ou sem o ponto dos milhares', () => {
    expect(lerInteiroPtBr('12500')).toBe(12500);
    expect(lerInteiroPtBr(' 12.500 ')).toBe(12500);
    expect(lerInteiroPtBr('1.000.000')).toBe(1_000_000);
    expect(lerInteiroPtBr('0')).toBe(0);
  });
  it('recusa o que não é inteiro escrito assim: NaN', () => {
    for (const t of ['', ' ', '12,5', '1.2', '12.50', '.500', '1..000', '-3', '1e3', '12 500', 'doze']) {
      expect(lerInteiroPtBr(t), t).toBeNaN();
    }
  });
});
