import type { Parametro } from './api/sessao.ts';
import { CATEGORIA_OGMO } from './dominio.ts';

/**
 * Which optional tiles of the account area a worker sees (docs/produto/minha-conta.md §6), from the login
 * parameters (dadosLogin.parametros). A pure rule shared by the web app and its tests.
 */

export const PARAMETROS_TILES = {
  declaracaoLockdown: 'EXIBIR_BOTAO_DECLARACAO_LOCKDOWN',
  declaracaoMp945: 'EXIBIR_BOTAO_DECLARACAO_MP945',
  contracheques13Ferias: 'EXIBIR_CONTRACHEQUES_13_FERIAS',
  fichasFinanceiras: 'EXIBIR_FICHAS_FINANCEIRAS',
  informesRendimentos: 'EXIBIR_INFORMES_RENDIMENTOS',
} as const;

/**
 * A parameter's value allows the tile when it is '1' or 'todos' (everyone), or 'ogmo' and the worker's
 * category is 9 (the body's own staff). Any other value hides it. Case and surrounding spaces are ignored,
 * since the values are typed by people in a settings table.
 */
export function valorExibeTile(valor: string, codCategoria: number): boolean {
  const v = valor.trim().toLowerCase();
  return v === '1' || v === 'todos' || (v === 'ogmo' && codCategoria === CATEGORIA_OGMO);
}

/**
 * Whether the tile governed by `nome` shows. An absent parameter gives `seAusente`: hidden for the two
 * declarations (spec §6), shown for the financial pages (they are shown by default, spec §2).
 */
export function exibirTile(
  parametros: readonly Parametro[],
  nome: string,
  codCategoria: number,
  seAusente = false,
): boolean {
  const parametro = parametros.find((p) => p.nome === nome);
  if (!parametro) return seAusente;
  return valorExibeTile(parametro.valor, codCategoria);
}

export interface TilesMinhaConta {
  declaracaoLockdown: boolean;
  declaracaoMp945: boolean;
}

/** The two conditional tiles of the hub /minha-conta. */
export function tilesMinhaConta(parametros: readonly Parametro[], codCategoria: number): TilesMinhaConta {
  return {
    declaracaoLockdown: exibirTile(parametros, PARAMETROS_TILES.declaracaoLockdown, codCategoria),
    declaracaoMp945: exibirTile(parametros, PARAMETROS_TILES.declaracaoMp945, codCategoria),
  };
}

export interface TilesFinanceiro {
  contracheques13Ferias: boolean;
  fichasFinanceiras: boolean;
  informesRendimentos: boolean;
}

/** The three tiles of /minha-conta/financeiro that can be hidden; all show when their parameter is absent. */
export function tilesFinanceiro(parametros: readonly Parametro[], codCategoria: number): TilesFinanceiro {
  return {
    contracheques13Ferias: exibirTile(parametros, PARAMETROS_TILES.contracheques13Ferias, codCategoria, true),
    fichasFinanceiras: exibirTile(parametros, PARAMETROS_TILES.fichasFinanceiras, codCategoria, true),
    informesRendimentos: exibirTile(parametros, PARAMETROS_TILES.informesRendimentos, codCategoria, true),
  };
}
