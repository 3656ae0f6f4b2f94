import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { gerarHashSenha } from './modulos/sessao/senhas.ts';
import { baixarPrioridadeDoPool } from './processo.ts';

/** The nice value of each of this process's libuv pool threads (Linux's /proc; field 19 of stat). */
function nicesDoPool(): number[] {
  return readdirSync('/proc/self/task')
    .filter((tid) => readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim() === 'libuv-worker')
    .map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const campos = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(campos[16]);
    });
}

describe('baixarPrioridadeDoPool', () => {
  it('lowers every thread of the pool by the nice asked for, not the event loop, and hashing still works', async () => {
    const doLaco = os.getPriority();
    const baixadas = await baixarPrioridadeDoPool(7);
    const nices = nicesDoPool();
    expect(baixadas).toBeGreaterThan(0);
    expect(nices).toHaveLength(baixadas);
    expect(new Set(nices)).toEqual(new Set([Math.min(19, doLaco + 7)]));
    expect(os.getPriority()).toBe(doLaco);
    await expect(gerarHashSenha('123456')).resolves.toMatch(/^\$argon2id\$/);
    // Called again (another app in the same process), it sets the same value instead of adding to it.
    await baixarPrioridadeDoPool(7);
    expect(new Set(nicesDoPool())).toEqual(new Set([Math.min(19, doLaco + 7)]));
  });

  it('leaves the pool alone when asked for 0', async () => {
    await expect(baixarPrioridadeDoPool(0)).resolves.toBe(0);
  });
});
