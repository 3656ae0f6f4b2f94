import { describe, expect, it } from 'vitest';
import { agruparHabilitacoes, categoriaPorSegmento, grupoHabilitacao, nomeSindicato } from './dominio.ts';

describe('nomeSindicato', () => {
  it('dá o nome de cada código e Indefinido para os demais', () => {
    const nomes = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((c) => nomeSindicato(c, 'M'));
    expect(nomes).toEqual([
      'Estivador',
      'Conferente',
      'Consertador',
      'Vigia',
      'Bloco',
      'Arrumador',
      'Portuario',
      'Multifuncional',
      'OGMO',
    ]);
    expect(nomeSindicato(0)).toBe('Indefinido');
    expect(nomeSindicato(42, 'F')).toBe('Indefinido');
  });

  it('usa a forma feminina só para 1, 6 e 7', () => {
    expect(nomeSindicato(1, 'F')).toBe('Estivadora');
    expect(nomeSindicato(6, 'F')).toBe('Arrumadora');
    expect(nomeSindicato(7, 'F')).toBe('Portuária');
    expect(nomeSindicato(2, 'F')).toBe('Conferente');
    expect(nomeSindicato(4, 'F')).toBe('Vigia');
  });

  it('sem sexo informado, usa a forma masculina', () => {
    expect(nomeSindicato(1)).toBe('Estivador');
    expect(nomeSindicato(7, null)).toBe('Portuario');
  });
});

describe('habilitações', () => {
  it('cada código de categoria cai no seu grupo', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 0].map((c) => grupoHabilitacao(c).nome)).toEqual([
      'Estiva',
      'Conferente',
      'Consertador',
      'Vigia',
      'Bloco',
      'Capatazia',
      'Capatazia',
      'Outros',
      'Outros',
    ]);
  });

  it('agrupa mantendo a ordem das descrições dentro do grupo', () => {
    const grupos = agruparHabilitacoes([
      { codCategoria: 7, descricao: 'Portuário' },
      { codCategoria: 4, descricao: 'Vigia de Portaló' },
      { codCategoria: 6, descricao: 'Arrumador' },
      { codCategoria: 4, descricao: 'Vigia de Porão' },
    ]);
    expect(grupos).toEqual([
      { nome: 'Vigia', dados: [{ descricao: 'Vigia de Portaló' }, { descricao: 'Vigia de Porão' }] },
      { nome: 'Capatazia', dados: [{ descricao: 'Portuário' }, { descricao: 'Arrumador' }] },
    ]);
  });
});

describe('categoriaPorSegmento', () => {
  it('conhece os quatro segmentos de rota e recusa os demais', () => {
    expect(categoriaPorSegmento('estivador')?.codigo).toBe(1);
    expect(categoriaPorSegmento('conferente')?.codigo).toBe(2);
    expect(categoriaPorSegmento('capatazia')?.codigo).toBe(6);
    expect(categoriaPorSegmento('vigia')?.codigo).toBe(4);
    expect(categoriaPorSegmento('bloco')).toBeUndefined();
    expect(categoriaPorSegmento(undefined)).toBeUndefined();
  });
});
