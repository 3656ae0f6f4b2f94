import os from 'node:os';

/**
 * Imported first by server/main.ts, before anything can use libuv's thread pool. Argon2id runs there
 * (server/services/senhas.ts), so the pool's size is how many logins are hashed at once: one thread per
 * core (docs/decisions/0072-processo-do-servidor.md). More threads only add 19 MiB per hash in flight and
 * take CPU from the event loop; fewer leave a core idle during a rush of logins. A value set in the
 * environment wins.
 */
process.env.UV_THREADPOOL_SIZE ??= String(Math.max(2, os.availableParallelism()));
