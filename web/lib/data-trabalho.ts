import { format } from 'date-fns';
import { dataDeAnoMesDia } from '#common/formato.ts';

/** A job's date, yyyymmdd → dd/MM/yyyy. */
export function dataTrabalho(yyyymmdd: string): string {
  return format(dataDeAnoMesDia(yyyymmdd), 'dd/MM/yyyy');
}
