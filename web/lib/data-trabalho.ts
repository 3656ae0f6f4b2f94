import { formatarDataIso } from '#common/texto.ts';

/** A job's date, yyyymmdd → dd/MM/yyyy (common/texto.ts, so the home's current job does not load date-fns). */
export function dataTrabalho(yyyymmdd: string): string {
  const partes = /^(\d{4})(\d{2})(\d{2})$/.exec(yyyymmdd);
  if (!partes) throw new RangeError(`data inválida: ${yyyymmdd}`);
  return formatarDataIso(`${partes[1]}-${partes[2]}-${partes[3]}`);
}
