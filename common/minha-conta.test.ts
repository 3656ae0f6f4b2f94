import { describe, expect, it } from 'vitest';
import { agruparHabilitacoes } from './dominio.ts';
import { formatarMoeda, turno } from './formato.ts';

describe('formatarMoeda', () => {
  it("prefixa 'R$ ' e usa os separadores do pt-BR", () => {
    expect(formatarMoeda(1234.5)).toBe('R$ 1.234,50');
    expect(formatarMoeda(0.07)).toBe('R$ 0,07');
    expect(formatarMoeda(1234567.891)).toBe('R$ 1.234.567,89');
  });

  it('mostra 0,00 quando vazio', () => {
    expect(formatarMoeda(null)).toBe('R$ 0,00');
    expect(formatarMoeda(undefined)).toBe('R$ 0,00');
    expect(formatarMoeda(0)).toBe('R$ 0,00');
  });
});

describe('turno', () => {
  it('preenche as horas com dois dígitos', () => {
    expect(turno(7, 13)).toBe('07-13');
    expect(turno(19, 1)).toBe('19-01');
  });
});

describe('agruparHabilitacoes', () => {
  it('agrupa 6 e 7 como Capatazia, códigos desconhecidos em Outros, na ordem dos códigos', () => {
    const grupos = agruparHabilitacoes([
      { codCategoria: 6, descricao: 'Arrumador' },
      { codCategoria: 1, descricao: 'Estivador' },
      { codCategoria: 9, descricao: 'Supervisor' },
      { codCategoria: 7, descricao: 'Portuário' },
      { codCategoria: 1, descricao: 'Sinaleiro' },
      { codCategoria: 4, descricao: 'Vigia de portaló' },
      { codCategoria: 2, descricao: 'Conferente' },
      { codCategoria: 3, descricao: 'Consertador' },
      { codCategoria: 5, descricao: 'Bloco' },
    ]);
    expect(grupos.map((g) => g.nome)).toEqual([
      'Estiva',
      'Conferente',
      'Consertador',
      'Vigia',
      'Bloco',
      'Capatazia',
      'Outros',
    ]);
    expect(grupos[0]?.dados).toEqual([{ descricao: 'Estivador' }, { descricao: 'Sinaleiro' }]);
    expect(grupos[5]?.dados).toEqual([{ descricao: 'Arrumador' }, { descricao: 'Portuário' }]);
  });

  it('lista vazia dá nenhum grupo', () => {
    expect(agruparHabilitacoes([])).toEqual([]);
  });
});
