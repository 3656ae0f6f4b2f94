import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns/format';

/**
 * Local port time ↔ instants. The port keeps its own time zone (America/Recife by default, a setting);
 * the database keeps instants in UTC.
 */

/** The instant of `hora`:00 on local date yyyymmdd. */
export function instanteLocal(yyyymmdd: string, hora: number, fuso: string): Date {
  const ano = Number(yyyymmdd.slice(0, 4));
  const mes = Number(yyyymmdd.slice(4, 6)) - 1;
  const dia = Number(yyyymmdd.slice(6, 8));
  return new Date(new TZDate(ano, mes, dia, hora, 0, 0, fuso).getTime());
}

/**
 * Which calendar day the 01-07 shift (period 4) of operation day D falls on (docs/decisions/0213): 'mesmo', D
 * itself (the date printed is the date it starts; the default), or 'seguinte', D+1 (the operation day runs from
 * 07h to 07h, period 4 closing it). A port's setting (PERIODO_4_DIA).
 */
export type DiaPeriodo4 = 'mesmo' | 'seguinte';

/**
 * A shift's start and end instants; a shift whose end hour is not after its start ends the next day. Under
 * `periodo4: 'seguinte'` a shift starting before 07h (period 4) starts the calendar day after `yyyymmdd`.
 */
export function limitesTurno(
  yyyymmdd: string,
  horaInicio: number,
  horaFim: number,
  fuso: string,
  periodo4: DiaPeriodo4 = 'mesmo',
) {
  const dia = periodo4 === 'seguinte' && horaInicio < 7 ? somarDias(yyyymmdd, 1) : yyyymmdd;
  const inicio = instanteLocal(dia, horaInicio, fuso);
  const duracaoH = horaFim > horaInicio ? horaFim - horaInicio : horaFim + 24 - horaInicio;
  return { inicio, fim: new Date(inicio.getTime() + duracaoH * 3_600_000) };
}

/** Local date yyyymmdd of an instant. */
export function dataLocal(instante: Date, fuso: string): string {
  return format(new TZDate(instante.getTime(), fuso), 'yyyyMMdd');
}

/** Local date yyyy-MM-dd and time HH:mm of an instant. */
export function dataHoraLocal(instante: Date, fuso: string): { data: string; hora: string } {
  const local = new TZDate(instante.getTime(), fuso);
  return { data: format(local, 'yyyy-MM-dd'), hora: format(local, 'HH:mm') };
}

/** The server's default port time zone (FUSO_HORARIO), what a client shows until /api/config answers. */
export const FUSO_PADRAO = 'America/Recife';

/**
 * An instant (or its ISO text) as the port's clock shows it, in a date-fns pattern ('HH:mm:ss',
 * "dd/MM/yyyy 'às' HH:mm"); '' for a value that is not an instant. Whatever the device's zone
 * (docs/decisions/0121-fuso-do-porto.md).
 */
export function formatarNoFuso(instante: Date | string, fuso: string, padrao: string): string {
  const ms = typeof instante === 'string' ? Date.parse(instante) : instante.getTime();
  return Number.isNaN(ms) ? '' : format(new TZDate(ms, fuso), padrao);
}

/** Local hour (0-23) of an instant. */
export function horaLocal(instante: Date, fuso: string): number {
  return new TZDate(instante.getTime(), fuso).getHours();
}

/** yyyymmdd plus n days. */
export function somarDias(yyyymmdd: string, dias: number): string {
  const d = new Date(
    Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8))),
  );
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10).replaceAll('-', '');
}

/** The four shifts of the port. */
export const TURNOS = [
  { codPeriodo: 1, horaInicio: 7, horaFim: 13 },
  { codPeriodo: 2, horaInicio: 13, horaFim: 19 },
  { codPeriodo: 3, horaInicio: 19, horaFim: 1 },
  { codPeriodo: 4, horaInicio: 1, horaFim: 7 },
] as const;
