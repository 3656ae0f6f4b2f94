/**
 * The rest rule (docs/produto/decisoes.md §3, Lei 9.719/1998 art. 8; docs/decisions/0210): at least
 * `horasDescanso` consecutive hours between two engagements of a worker, **either way**: between the end of an
 * earlier engagement and the start of the offered shift, and between the end of the offered shift and the
 * start of a later engagement; and never two at once. Instants are epoch milliseconds so the server and the
 * client compare them without parsing.
 */
export interface Intervalo {
  inicio: number;
  fim: number;
}

const HORA_MS = 3_600_000;

/**
 * The rule as a window, for queries: an engagement breaks the rest for a shift [inicio, fim) exactly when it
 * ends after `fimDepoisDe` (the shift's start minus the rest) and starts before `inicioAntesDe` (the shift's end
 * plus the rest): what `temDescanso` checks one by one.
 */
export function janelaDescanso(
  inicio: number,
  fim: number,
  horasDescanso: number,
): { fimDepoisDe: number; inicioAntesDe: number } {
  return { fimDepoisDe: inicio - horasDescanso * HORA_MS, inicioAntesDe: fim + horasDescanso * HORA_MS };
}

/** The window's start alone (`janelaDescanso(…).fimDepoisDe`). */
export function limiteDescanso(inicio: number, horasDescanso: number): number {
  return inicio - horasDescanso * HORA_MS;
}

/**
 * True when the worker is rested for `turno`: no engagement overlaps it, none ended less than `horasDescanso`
 * hours before it starts, and none starts less than `horasDescanso` hours after it ends.
 */
export function temDescanso(
  turno: Intervalo,
  engajamentos: readonly Intervalo[],
  horasDescanso: number,
): boolean {
  const { fimDepoisDe, inicioAntesDe } = janelaDescanso(turno.inicio, turno.fim, horasDescanso);
  for (const e of engajamentos) {
    if (e.fim > fimDepoisDe && e.inicio < inicioAntesDe) return false;
  }
  return true;
}

/** The end of the latest engagement that ends at or before `instante`, if any. */
export function fimUltimoEngajamento(
  engajamentos: readonly Intervalo[],
  instante: number,
): number | undefined {
  let ultimo: number | undefined;
  for (const e of engajamentos) {
    if (e.fim <= instante && (ultimo === undefined || e.fim > ultimo)) ultimo = e.fim;
  }
  return ultimo;
}
