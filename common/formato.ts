import { formatPis } from '@brazilian-utils/brazilian-utils';
import { format } from 'date-fns/format';
import { ptBR } from 'date-fns/locale/pt-BR';
import { parse } from 'date-fns/parse';

/** pt-BR presentation rules shared by the web app and the PDFs. */

// Kept in texto.ts, free of date-fns, so the login page's frame can use them without loading it
// (docs/decisions/0133, 0124); re-exported for the existing callers.
import { formatarCpf, somenteDigitos } from './texto.ts';

export { formatarCpf, formatarDataIso, nomeProprio, preencher, somenteDigitos, turno } from './texto.ts';

/** 529.982.247-25 → ***.982.247-** (for the public verification page). */
export function mascararCpf(cpf: string): string {
  const f = formatarCpf(cpf);
  return `***${f.slice(3, 11)}-**`;
}

const moeda = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234.5 → 'R$ 1.234,50'; empty → 'R$ 0,00' (docs/produto/minha-conta.md §3). */
export function formatarMoeda(valor: number | null | undefined): string {
  return `R$ ${moeda.format(valor ?? 0)}`;
}

const milhar = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** 12500 → '12.500' */
export function formatarMilhar(valor: number): string {
  return milhar.format(valor);
}

/** 'yyyymmdd' → Date (local). */
export function dataDeAnoMesDia(yyyymmdd: string): Date {
  return parse(yyyymmdd, 'yyyyMMdd', new Date(2000, 0, 1));
}

/** 'yyyymmdd' → '05 mar' (day and abbreviated month, jan..dez). */
export function diaMesAbreviado(yyyymmdd: string): string {
  const data = dataDeAnoMesDia(yyyymmdd);
  return `${format(data, 'dd')} ${MESES_ABREVIADOS[data.getMonth()]}`;
}

export const MESES_ABREVIADOS = [
  'jan',
  'fev',
  'mar',
  'abr',
  'mai',
  'jun',
  'jul',
  'ago',
  'set',
  'out',
  'nov',
  'dez',
] as const;

/** 3 → 'Março' */
export function nomeMes(mes: number): string {
  const nome = format(new Date(2000, mes - 1, 1), 'MMMM', { locale: ptBR });
  return nome.charAt(0).toUpperCase() + nome.slice(1);
}

/** Long Portuguese date: '21 de novembro de 2026' ('d de MMMM de yyyy'). */
export function dataPorExtenso(data: Date): string {
  return format(data, "d 'de' MMMM 'de' yyyy", { locale: ptBR });
}

/** 12345678901 → 123.45678.90-1 (the PIS/NIT layout). */
export function formatarPis(pis: string): string {
  return formatPis(somenteDigitos(pis).padStart(11, '0').slice(-11));
}
