import type { AvulsosConfirmados } from '#common/api/escalacao.ts';

/**
 * The panel 'Pessoas que já confirmaram escolhas' (docs/produto/escalacao.md §4 'Confirmed list status'):
 * indefinido → carregando → carregado | erro. A reload keeps showing the cached list meanwhile;
 * results for another call number than the loaded one are dropped.
 */
export type StatusConfirmados = 'indefinido' | 'carregando' | 'carregado' | 'erro';

export interface EstadoConfirmados {
  status: StatusConfirmados;
  dados: AvulsosConfirmados | null;
}

export const CONFIRMADOS_INICIAL: EstadoConfirmados = { status: 'indefinido', dados: null };

export function iniciarCargaConfirmados(estado: EstadoConfirmados): EstadoConfirmados {
  return { ...estado, status: 'carregando' };
}

export function concluirCargaConfirmados(
  estado: EstadoConfirmados,
  resposta: AvulsosConfirmados,
  numCarregada: number | undefined,
  codCategoria: number,
): EstadoConfirmados {
  if (resposta.numEscalacao !== numCarregada || resposta.codCategoria !== codCategoria) {
    return { ...estado, status: estado.dados ? 'carregado' : 'indefinido' };
  }
  return { status: 'carregado', dados: resposta };
}

export function falharCargaConfirmados(estado: EstadoConfirmados): EstadoConfirmados {
  return { ...estado, status: 'erro' };
}
