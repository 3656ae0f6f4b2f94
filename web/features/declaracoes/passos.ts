/**
 * The step history of both declaration flows (docs/produto/minha-conta.md §2): 'Voltar' returns to the previous
 * step; the loading step is never stored; from the confirmation, or from the first step with an empty
 * history, 'Voltar' leaves the flow (to /minha-conta).
 */
export const CARREGANDO = 'Carregando';
export const CONFIRMACAO = 'ConfirmacaoEnvio';

export interface EstadoPassos<P extends string> {
  atual: P;
  historico: P[];
}

export function iniciarPassos<P extends string>(inicial: P): EstadoPassos<P> {
  return { atual: inicial, historico: [] };
}

export function avancar<P extends string>(estado: EstadoPassos<P>, proximo: P): EstadoPassos<P> {
  if (proximo === estado.atual) return estado;
  return {
    atual: proximo,
    historico: estado.atual === CARREGANDO ? estado.historico : [...estado.historico, estado.atual],
  };
}

/** The state after 'Voltar', or 'sair' when the flow should be left. */
export function voltar<P extends string>(estado: EstadoPassos<P>): EstadoPassos<P> | 'sair' {
  if (estado.atual === CONFIRMACAO) return 'sair';
  const anterior = estado.historico.at(-1);
  if (anterior === undefined) return 'sair';
  return { atual: anterior, historico: estado.historico.slice(0, -1) };
}
