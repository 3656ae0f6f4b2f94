import { formatarDataIso } from '#common/formato.ts';

/**
 * Presentation rules of the account area, pure so they are unit-tested. Instants show in the port's
 * time zone (America/Recife), whatever the device's.
 */
export const FUSO_PORTO = 'America/Recife';

const dataHora = new Intl.DateTimeFormat('pt-BR', {
  timeZone: FUSO_PORTO,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** '2026-11-20T13:00:00.000Z' → '20/11/2026 às 10:00'; an unreadable value shows as it came. */
export function formatarEmissao(iso: string): string {
  const instante = new Date(iso);
  if (Number.isNaN(instante.getTime())) return iso;
  const partes = Object.fromEntries(dataHora.formatToParts(instante).map((p) => [p.type, p.value]));
  return `${partes.day}/${partes.month}/${partes.year} às ${partes.hour}:${partes.minute}`;
}

/** 'yyyy-MM-dd' → 'dd/MM/yyyy'; anything else shows as it came. */
export function formatarMovimento(movimento: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(movimento) ? formatarDataIso(movimento) : movimento;
}

/** 'yyyymmdd' → 'dd/MM' (the day column of the job history). */
export function diaMes(yyyymmdd: string): string {
  return `${yyyymmdd.slice(6, 8)}/${yyyymmdd.slice(4, 6)}`;
}

/** A blank field shows as a dash. */
export function ouTraco(valor: string | null | undefined): string {
  return valor && valor.trim() !== '' ? valor : '—';
}

/** '1 contracheque' / '3 contracheques' */
export function contagem(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
