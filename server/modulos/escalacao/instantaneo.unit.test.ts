import { describe, expect, it } from 'vitest';
import { instantaneoPostgres } from './escolhas.ts';

describe('instantaneoPostgres (docs/decisions/0173)', () => {
  it('um id é visível abaixo de xmin, ou abaixo de xmax sem estar em curso', () => {
    // 100 and 103 still running when the snapshot was taken; 105 and later had not begun.
    const inclui = instantaneoPostgres('100:105:100,103');
    expect(['99', '100', '101', '102', '103', '104', '105', '106'].map(inclui)).toEqual([
      true,
      false,
      true,
      true,
      false,
      true,
      false,
      false,
    ]);
    // Ids beyond 2^53 (xid8 counts epochs) are compared exactly.
    const grande = instantaneoPostgres('9007199254740993:9007199254740995:9007199254740993');
    expect(grande('9007199254740992')).toBe(true);
    expect(grande('9007199254740993')).toBe(false);
    expect(grande('9007199254740994')).toBe(true);
    expect(grande('9007199254740995')).toBe(false);
  });

  it('um texto que não é um instantâneo é recusado', () => {
    expect(() => instantaneoPostgres('')).toThrow();
    expect(() => instantaneoPostgres('1:2')).toThrow();
  });
});
