import { formatCpf } from '@brazilian-utils/brazilian-utils';
import { format } from 'date-fns/format';

/**
 * Text rules of names, codes, ISO dates and shifts (common/formato.ts re-exports them), light enough for the
 * login page's frame and the home: of date-fns only `format`, which the main chunk holds anyway
 * (docs/decisions/0133, 0124, 0192).
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
/**
 * 'yyyy-MM-dd' → 'dd/MM/yyyy', a calendar date (no time zone moves its day). Written by date-fns' `format`,
 * which the main chunk already holds (common/tempo.ts), not by `Intl.DateTimeFormat`: building the first
 * pt-BR formatter costs a phone ≈ 67 ms of main thread (4× CPU), and on the drawn /inicio it fell inside the
 * hydration (docs/decisions/0192-inicio-no-html.md). Digits and slashes need no locale.
 */
export function formatarDataIso(iso: string): string {
  const partes = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  const [ano, mes, dia] = partes ? [Number(partes[1]), Number(partes[2]), Number(partes[3])] : [0, 0, 0];
  const data = new Date(0);
  data.setFullYear(ano, mes - 1, dia);
  data.setHours(0, 0, 0, 0);
  // The engine rolls 2026-02-30 over to March: a day that does not exist is refused.
  if (!partes || data.getFullYear() !== ano || data.getMonth() !== mes - 1 || data.getDate() !== dia)
    throw new RangeError(`data inválida: ${iso}`);
  return format(data, 'dd/MM/yyyy');
}

/** Shift hours: 7, 13 → '07-13' */
export function turno(horaInicio: number, horaFim: number): string {
  return `${preencher(horaInicio, 2)}-${preencher(horaFim, 2)}`;
}
