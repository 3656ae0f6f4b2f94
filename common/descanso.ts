/**
 * The rest rule (docs/produto/decisoes.md §3, Lei 9.719/1998 art. 8): at least `horasDescanso` consecutive hours between
 * the end of the worker's previous engagement and the start of the offered shift. Instants are epoch
 * milliseconds so the server and the client compare them without parsing.
 */
export interface Intervalo {
  inicio: number;
  fim: number;
}

const HORA_MS = 3_600_000;

/**
 * The rule as a window, for queries: an engagement breaks the rest for a shift starting at `inicio` exactly
 * when it ends after this instant and starts before the shift ends (what `temDescanso` checks one by one).
 */
export function limiteDescanso(inicio: number, horasDescanso: number): number {
  return inicio - horasDescanso * HORA_MS;
}

/**
 * True when the worker is rested for `turno`: no engagement overlaps it and the latest engagement that ends
 * at or before its start ended at least `horasDescanso` hours earlier. Engagements that start after the
 * shift ends do not count (the rule looks back, not ahead).
 */
export function temDescanso(
  turno: Intervalo,
  engajamentos: readonly Intervalo[],
  horasDescanso: number,
): boolean {
  const minimoMs = horasDescanso * HORA_MS;
  for (const e of engajamentos) {
    if (e.inicio < turno.fim && e.fim > turno.inicio) return false;
    if (e.fim <= turno.inicio && turno.inicio - e.fim < minimoMs) return false;
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
