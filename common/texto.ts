import { formatCpf } from '@brazilian-utils/brazilian-utils';

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

/** 52998224725 → 529.982.247-25 (@brazilian-utils' mask; a short code is read with its leading zeros). */
export function formatarCpf(cpf: string): string {
  return formatCpf(somenteDigitos(cpf).padStart(11, '0').slice(-11));
}

/**
 * The calendar day as written in Brazil, by the platform's Intl (no date library on the first paint). Built on
 * first use, not when the module loads: built at the top level it cost about 40 ms of the phone's CPU in
 * /login's first task (docs/decisions/0191-primeira-pintura-sem-espera.md).
 */
let diaPtBr: Intl.DateTimeFormat | undefined;

/**
 * Builds the formatter `formatarDataIso` uses, if not built yet. The first pt-BR `Intl.DateTimeFormat` costs a
 * phone ≈ 67 ms of main thread (4× CPU); /inicio drawn by the server builds it in a task of its own before
 * hydrating, so the hydration's task does not carry it (web/main.tsx, docs/decisions/0192-inicio-no-html.md).
 */
export function prepararFormatadorDeData(): Intl.DateTimeFormat {
  diaPtBr ??= new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'UTC',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  return diaPtBr;
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'; a calendar date, so read and written in UTC (no time zone can move its day). */
export function formatarDataIso(iso: string): string {
  const data = new Date(`${iso}T00:00:00Z`);
  // The engine rolls 2026-02-30 over to March: a day that does not exist is refused, as date-fns' parse did.
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(iso) ||
    Number.isNaN(data.getTime()) ||
    data.toISOString().slice(0, 10) !== iso
  )
    throw new RangeError(`data inválida: ${iso}`);
  return prepararFormatadorDeData().format(data);
}

/** Shift hours: 7, 13 → '07-13' */
export function turno(horaInicio: number, horaFim: number): string {
  return `${preencher(horaInicio, 2)}-${preencher(horaFim, 2)}`;
}
