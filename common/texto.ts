/**
 * Text rules of names, codes, ISO dates and shifts with no date library behind them (common/formato.ts re-exports
 * them): the login page's frame and the home use them without loading date-fns (docs/decisions/0133, 0124).
 */

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

export function somenteDigitos(valor: string): string {
  return valor.replace(/\D/g, '');
}

/** 52998224725 → 529.982.247-25 */
export function formatarCpf(cpf: string): string {
  const d = somenteDigitos(cpf).padStart(11, '0').slice(-11);
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy' (what date-fns' parse and format did, by hand: the home shows it without loading date-fns). */
export function formatarDataIso(iso: string): string {
  const partes = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!partes) throw new RangeError(`data inválida: ${iso}`);
  return `${partes[3]}/${partes[2]}/${partes[1]}`;
}

/** Shift hours: 7, 13 → '07-13' */
export function turno(horaInicio: number, horaFim: number): string {
  return `${preencher(horaInicio, 2)}-${preencher(horaFim, 2)}`;
}
