/** Text rules of names and codes with no date library behind them (common/formato.ts re-exports them). */

const PARTICULAS = new Set(['da', 'das', 'de', 'do', 'dos', 'e']);

/** 'JOSÉ DA SILVA' → 'José da Silva' (proper-name capitalisation). */
export function nomeProprio(nome: string): string {
  return nome
    .trim()
    .toLocaleLowerCase('pt-BR')
    .split(/\s+/)
    .map((parte, i) =>
      i > 0 && PARTICULAS.has(parte)
        ? parte
        : parte
            .split('-')
            .map((p) => p.charAt(0).toLocaleUpperCase('pt-BR') + p.slice(1))
            .join('-'),
    )
    .join(' ');
}

/** 42, 3 → '042' */
export function preencher(valor: number | string, digitos: number): string {
  return String(valor).padStart(digitos, '0');
}
