import { readdirSync, readFileSync } from 'node:fs';
import { agoraMs } from '../carga.ts';

/** Memory and CPU of the processes involved, read from Linux's /proc. */

export const HZ = 100;
export function lerStatus(pid: number): { rssKiB: number; hwmKiB: number } | undefined {
  try {
    const s = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (campo: string) => Number(new RegExp(`${campo}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
    return { rssKiB: kib('VmRSS'), hwmKiB: kib('VmHWM') };
  } catch {
    return undefined;
  }
}
/** utime + stime of a process (all its threads), in seconds. */
export function cpuProcesso(pid: number): number {
  try {
    const s = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const campos = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(campos[11]) + Number(campos[12])) / HZ;
  } catch {
    return 0;
  }
}
/** Busy CPU seconds of the whole machine (all cores). */
export function cpuMaquina(): number {
  const linha = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const v = linha.trim().split(/\s+/).slice(1).map(Number);
  const ocioso = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
  return (total - ocioso) / HZ;
}

export interface Cpu {
  /** Average cores busy during the phase. */
  servidor: number;
  gerador: number;
  /** Every PostgreSQL process, whichever database it serves. */
  postgres: number;
  outros: number;
  maquina: number;
}
/** CPU seconds of every PostgreSQL process (all databases: the other engineers' tests use it too). */
export function cpuPostgres(): Map<number, number> {
  const m = new Map<number, number>();
  for (const nome of readdirSync('/proc')) {
    if (!/^\d+$/.test(nome)) continue;
    try {
      const s = readFileSync(`/proc/${nome}/stat`, 'utf8');
      if (!s.includes('(postgres)')) continue;
      m.set(Number(nome), cpuProcesso(Number(nome)));
    } catch {
      // the process ended meanwhile
    }
  }
  return m;
}

export function medidorCpu(pids: () => number[]) {
  const ini = {
    srv: pids().reduce((a, p) => a + cpuProcesso(p), 0),
    ger: process.cpuUsage(),
    maq: cpuMaquina(),
    pg: cpuPostgres(),
    t: agoraMs(),
  };
  return (): Cpu => {
    const s = (agoraMs() - ini.t) / 1000;
    const srv = pids().reduce((a, p) => a + cpuProcesso(p), 0) - ini.srv;
    const u = process.cpuUsage(ini.ger);
    const ger = (u.user + u.system) / 1e6;
    const maq = cpuMaquina() - ini.maq;
    let pg = 0;
    for (const [pid, cpu] of cpuPostgres()) pg += cpu - (ini.pg.get(pid) ?? 0);
    return {
      servidor: srv / s,
      gerador: ger / s,
      postgres: pg / s,
      outros: Math.max(0, maq - srv - ger - pg) / s,
      maquina: maq / s,
    };
  };
}
