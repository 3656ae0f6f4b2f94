import { formatCpf } from '@brazilian-utils/brazilian-utils';
import { lightFormat } from 'date-fns/lightFormat';

/**
 * Text rules of names, codes, ISO dates and shifts (common/formato.ts re-exports them): the login page's frame
 * and the home use them without date-fns' locales nor the platform's Intl (docs/decisions/0133, 0124, 0193).
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
 * 'yyyy-MM-dd' → 'dd/MM/yyyy', the calendar day as written in Brazil, by date-fns' `lightFormat` (its
 * locale-free formatter: digits and separators only). Not the platform's Intl: the first `Intl` object a page
 * builds loads the engine's locale data, 12-18 ms of main thread on this machine (≈ 60 ms on Lighthouse's
 * phone) in whichever task asks first, which on /inicio was the startup's (docs/decisions/0193).
 */
export function formatarDataIso(iso: string): string {
  const [ano, mes, dia] = iso.split('-').map(Number);
  // The day at local midnight: lightFormat writes the device's calendar day, so no time zone can move it.
  // setFullYear, not the constructor, which reads the years 0-99 as 1900-1999.
  const data = new Date(2000, 0, 1);
  data.setFullYear(ano ?? Number.NaN, (mes ?? Number.NaN) - 1, dia ?? Number.NaN);
  // The engine rolls 2026-02-30 over to March: a day that does not exist is refused, as date-fns' parse did.
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(iso) ||
    Number.isNaN(data.getTime()) ||
    lightFormat(data, 'yyyy-MM-dd') !== iso
  )
    throw new RangeError(`data inválida: ${iso}`);
  return lightFormat(data, 'dd/MM/yyyy');
}

/** Shift hours: 7, 13 → '07-13' */
export function turno(horaInicio: number, horaFim: number): string {
  return `${preencher(horaInicio, 2)}-${preencher(horaFim, 2)}`;
}
