import { access, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';

/**
 * Imported first by server/main.ts, before anything can use libuv's thread pool. Argon2id runs there
 * (server/modulos/sessao/senhas.ts), so the pool's size is how many logins are hashed at once: one thread per
 * core (docs/decisions/0072-processo-do-servidor.md). More threads only add 19 MiB per hash in flight and
 * take CPU from the event loop; fewer leave a core idle during a rush of logins. A value set in the
 * environment wins.
 */
process.env.UV_THREADPOOL_SIZE ??= String(Math.max(2, os.availableParallelism()));

/**
 * Runs libuv's thread pool `nice` steps below the event loop (docs/decisions/0028-hash-abaixo-do-laco.md):
 * in a rush of logins the Argon2id hashes would otherwise take the cores from the calls that choose offers in
 * equal turns; below it they use every cycle the event loop leaves and yield as soon as a request arrives.
 *
 * Linux only, where a nice value belongs to each thread (elsewhere it would lower the whole process). libuv
 * starts all its pool threads on the pool's first use and names them `libuv-worker`; this starts the pool and
 * lowers each of them. Answers how many threads it lowered.
 */
export async function baixarPrioridadeDoPool(nice: number): Promise<number> {
  if (process.platform !== 'linux' || nice === 0) return 0;
  await access('.'); // a first task for the pool: its threads exist from here on
  const alvo = Math.min(19, os.getPriority() + nice);
  let baixadas = 0;
  for (const tid of await readdir('/proc/self/task')) {
    const nome = await readFile(`/proc/self/task/${tid}/comm`, 'utf8').catch(() => '');
    if (nome.trim() !== 'libuv-worker') continue;
    os.setPriority(Number(tid), alvo);
    baixadas++;
  }
  return baixadas;
}
