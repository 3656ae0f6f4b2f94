import { describe, expect, it } from 'vitest';
import { exibirTile, PARAMETROS_TILES, tilesFinanceiro, tilesMinhaConta, valorExibeTile } from './tiles.ts';

const p = (nome: string, valor: string) => ({ nome, valor });
const LOCKDOWN = PARAMETROS_TILES.declaracaoLockdown;
const MP945 = PARAMETROS_TILES.declaracaoMp945;

describe('valorExibeTile', () => {
  it("mostra com '1' e 'todos' para qualquer categoria", () => {
    for (const cat of [1, 2, 4, 6, 9]) {
      expect(valorExibeTile('1', cat)).toBe(true);
      expect(valorExibeTile('todos', cat)).toBe(true);
    }
  });

  it("com 'ogmo' mostra só para a categoria 9", () => {
    expect(valorExibeTile('ogmo', 9)).toBe(true);
    expect(valorExibeTile('ogmo', 1)).toBe(false);
    expect(valorExibeTile('ogmo', 7)).toBe(false);
  });

  it('esconde com qualquer outro valor', () => {
    for (const v of ['0', '', 'nao', 'nenhum', '2', 'todos os avulsos', 'sim']) {
      expect(valorExibeTile(v, 9)).toBe(false);
    }
  });

  it('ignora maiúsculas e espaços em volta', () => {
    expect(valorExibeTile(' TODOS ', 1)).toBe(true);
    expect(valorExibeTile('Ogmo', 9)).toBe(true);
  });
});

describe('tilesMinhaConta', () => {
  it('esconde as declarações quando o parâmetro está ausente', () => {
    expect(tilesMinhaConta([], 1)).toEqual({ declaracaoLockdown: false, declaracaoMp945: false });
    expect(tilesMinhaConta([p('OUTRO', 'todos')], 9)).toEqual({
      declaracaoLockdown: false,
      declaracaoMp945: false,
    });
  });

  it('decide cada declaração pelo seu próprio parâmetro', () => {
    const parametros = [p(LOCKDOWN, 'todos'), p(MP945, 'ogmo')];
    expect(tilesMinhaConta(parametros, 1)).toEqual({ declaracaoLockdown: true, declaracaoMp945: false });
    expect(tilesMinhaConta(parametros, 9)).toEqual({ declaracaoLockdown: true, declaracaoMp945: true });
    expect(tilesMinhaConta([p(LOCKDOWN, '0'), p(MP945, '1')], 2)).toEqual({
      declaracaoLockdown: false,
      declaracaoMp945: true,
    });
  });
});

describe('tilesFinanceiro', () => {
  it('mostra os três por padrão', () => {
    expect(tilesFinanceiro([], 1)).toEqual({
      contracheques13Ferias: true,
      fichasFinanceiras: true,
      informesRendimentos: true,
    });
  });

  it('esconde pelo parâmetro e segue a mesma regra de valores', () => {
    const parametros = [
      p(PARAMETROS_TILES.contracheques13Ferias, '0'),
      p(PARAMETROS_TILES.fichasFinanceiras, 'ogmo'),
      p(PARAMETROS_TILES.informesRendimentos, 'todos'),
    ];
    expect(tilesFinanceiro(parametros, 1)).toEqual({
      contracheques13Ferias: false,
      fichasFinanceiras: false,
      informesRendimentos: true,
    });
    expect(tilesFinanceiro(parametros, 9).fichasFinanceiras).toBe(true);
  });
});

describe('exibirTile', () => {
  it('usa o primeiro parâmetro com o nome pedido', () => {
    expect(exibirTile([p('A', '1'), p('B', '0')], 'B', 1, true)).toBe(false);
    expect(exibirTile([p('A', '1')], 'B', 1, true)).toBe(true);
  });
});
