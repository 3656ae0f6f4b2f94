import { formatarDataIso } from '#common/formato.ts';
import { formatarNoFuso } from '#common/tempo.ts';

/**
 * Presentation rules of the account area, pure so they are unit-tested. Instants show in the port's
 * time zone (the setting /api/config gives), whatever the device's (docs/decisions/0121-fuso-do-porto.md).
 */

/** '2026-11-20T13:00:00.000Z' → '20/11/2026 às 10:00' in Recife; an unreadable value shows as it came. */
export function formatarEmissao(iso: string, fuso: string): string {
  return formatarNoFuso(iso, fuso, "dd/MM/yyyy 'às' HH:mm") || iso;
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
