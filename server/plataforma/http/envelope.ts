/** A successful envelope; the renewed token, when any, is added in the preSerialization hook. */
export function ok<T>(dados: T): { sucesso: true; dados: T } {
  return { sucesso: true, dados };
}
