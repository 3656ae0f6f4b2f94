import { TZDate } from '@date-fns/tz';

/**
 * The cells of a payroll file, read one by one (docs/produto/financeiro-importacao.md §"Valores"): each reader
 * answers the value or the Portuguese reason it is refused. Money is integer centavos read from the digits
 * (never a float); dates are checked against the calendar; text is refused with control characters.
 */

export type Lido<T> = { ok: true; valor: T } | { ok: false; mensagem: string };
const ok = <T>(valor: T): Lido<T> => ({ ok: true, valor });
const erro = (mensagem: string): Lido<never> => ({ ok: false, mensagem });

/** The largest amount of one cell and of a document's totals: R$ 9.999.999,99 (fits the 32-bit columns). */
export const MAXIMO_CENTAVOS = 999_999_999;

// C0 controls, DEL and C1 controls; lone surrogates (only reachable through JSON escapes).
const CONTROLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  /[\u0000-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text: trimmed, required unless `opcional`, at most `maximo` characters, no control characters (`limpo`: the
 * reader already knows the whole file has none but TAB).
 */
export function texto(valor: string, maximo: number, opcional = false, limpo = false): Lido<string> {
  if (limpo ? valor.includes('\t') : CONTROLE.test(valor))
    return erro('Contém caracteres de controle (quebra de linha, tabulação, NUL…).');
  const t = valor.trim();
  if (!t && !opcional) return erro('Obrigatório.');
  if (t.length > maximo) return erro(`No máximo ${maximo} caracteres.`);
  return ok(t);
}

/** A whole number from `minimo` to `maximo`, digits only. */
export function inteiro(valor: string, minimo: number, maximo: number): Lido<number> {
  const t = valor.trim();
  if (!t) return erro('Obrigatório.');
  if (!/^\d{1,9}$/.test(t)) return erro(`Número inteiro de ${minimo} a ${maximo}.`);
  const n = Number(t);
  if (n < minimo || n > maximo) return erro(`Número inteiro de ${minimo} a ${maximo}.`);
  return ok(n);
}

/** The worker's registration: six digits. */
export function matricula(valor: string): Lido<string> {
  const t = valor.trim();
  if (!/^\d{6}$/.test(t)) return erro('Matrícula de 6 dígitos.');
  return ok(t);
}

const DINHEIRO_VIRGULA = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{2})$/;
const DINHEIRO_PONTO = /^(\d+)\.(\d{2})$/;

/**
 * An amount with exactly two decimals, in centavos: `1234,56`, `1.234,56` or `1234.56`; no sign, no
 * currency symbol, at most R$ 9.999.999,99. Read from the digits: 0.1 + 0.2 never happens.
 */
export function dinheiro(valor: string): Lido<number> {
  const t = valor.trim();
  if (!t) return erro('Obrigatório.');
  const m = DINHEIRO_VIRGULA.exec(t) ?? DINHEIRO_PONTO.exec(t);
  if (!m) {
    if (/^-/.test(t)) return erro('Valor negativo: a natureza da verba diz se é desconto.');
    return erro('Valor com duas casas decimais, como 1234,56 ou 1.234,56.');
  }
  const reais = (m[1] ?? '').replaceAll('.', '').replace(/^0+(?=\d)/, '');
  if (reais.length > 7) return erro('Valor alto demais (no máximo 9.999.999,99).');
  return ok(Number(reais) * 100 + Number(m[2]));
}

function diaValido(ano: number, mes: number, dia: number): boolean {
  const d = new Date(Date.UTC(ano, mes - 1, dia));
  return d.getUTCFullYear() === ano && d.getUTCMonth() === mes - 1 && d.getUTCDate() === dia;
}

const dois = (n: number) => String(n).padStart(2, '0');

/** A calendar day, `dd/mm/aaaa` or `aaaa-mm-dd`, as `aaaa-mm-dd`. */
export function data(valor: string): Lido<string> {
  const t = valor.trim();
  if (!t) return erro('Obrigatório.');
  const br = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const [ano, mes, dia] = br
    ? [Number(br[3]), Number(br[2]), Number(br[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (!br && !iso) return erro('Data como dd/mm/aaaa.');
  if (!diaValido(ano, mes, dia)) return erro('Data que não existe no calendário.');
  return ok(`${ano}-${dois(mes)}-${dois(dia)}`);
}

export interface Competencia {
  ano: number;
  mes: number;
}

/** A month of reference, `mm/aaaa` or `aaaa-mm`. */
export function competencia(valor: string): Lido<Competencia> {
  const t = valor.trim();
  if (!t) return erro('Obrigatório.');
  const br = /^(\d{2})\/(\d{4})$/.exec(t);
  const iso = /^(\d{4})-(\d{2})$/.exec(t);
  if (!br && !iso) return erro('Competência como mm/aaaa.');
  const ano = Number(br ? br[2] : iso?.[1]);
  const mes = Number(br ? br[1] : iso?.[2]);
  if (mes < 1 || mes > 12) return erro('Mês de 01 a 12.');
  return ok({ ano, mes });
}

/** A shift, `HH-HH` (hours 00-23), as the portal writes it. */
export function turno(valor: string): Lido<{ texto: string; inicio: number; fim: number }> {
  const t = valor.trim();
  const m = /^(\d{1,2})\s*(?:-|às|a)\s*(\d{1,2})$/.exec(t);
  if (!m) return erro('Turno como HH-HH (07-13).');
  const inicio = Number(m[1]);
  const fim = Number(m[2]);
  if (inicio > 23 || fim > 23 || inicio === fim) return erro('Turno como HH-HH (07-13).');
  return ok({ texto: `${dois(inicio)}-${dois(fim)}`, inicio, fim });
}

/**
 * An instant: `dd/mm/aaaa HH:mm` in the port's time zone, or ISO 8601 with its offset
 * (`2026-11-28T13:00:00Z`). As ISO UTC text.
 */
export function instante(valor: string, fuso: string): Lido<string> {
  const t = valor.trim();
  if (!t) return erro('Obrigatório.');
  const br = /^(\d{2})\/(\d{2})\/(\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (br) {
    const [ano, mes, dia, hora, minuto, segundo] = [br[3], br[2], br[1], br[4], br[5], br[6] ?? '0'].map(
      Number,
    ) as [number, number, number, number, number, number];
    if (!diaValido(ano, mes, dia) || hora > 23 || minuto > 59 || segundo > 59)
      return erro('Data e hora que não existem.');
    return ok(new Date(new TZDate(ano, mes - 1, dia, hora, minuto, segundo, fuso).getTime()).toISOString());
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.exec(
    t,
  );
  if (iso) {
    const ms = Date.parse(t);
    if (
      Number.isNaN(ms) ||
      !diaValido(Number(iso[1]), Number(iso[2]), Number(iso[3])) ||
      Number(iso[4]) > 23 ||
      Number(iso[5]) > 59
    )
      return erro('Data e hora que não existem.');
    return ok(new Date(ms).toISOString());
  }
  return erro('Data e hora como dd/mm/aaaa HH:mm.');
}

/** Compares names as people write them: accents, case and repeated spaces aside. */
export function normalizarNome(valor: string): string {
  return valor
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleUpperCase('pt-BR')
    .replace(/\s+/g, ' ')
    .trim();
}
