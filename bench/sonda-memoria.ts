import { writeFileSync } from 'node:fs';

/**
 * Diagnostic of bench:escalacao (BENCH_MEM_STATS=1), preloaded into the server child with --import: samples
 * process.memoryUsage() every 100 ms and writes, at exit, each field's peak and the samples (MiB) to
 * BENCH_MEM_STATS_FILE, to tell V8's heap from Buffers and native memory.
 */
const MiB = 1024 * 1024;
const amostras: number[][] = [];
const picos: Record<string, number> = {};
const t0 = performance.now();
const timer = setInterval(() => {
  const m = process.memoryUsage();
  const linha = [performance.now() - t0, m.rss, m.heapTotal, m.heapUsed, m.external, m.arrayBuffers].map(
    (v, i) => (i === 0 ? Math.round(v) : Math.round(v / MiB)),
  );
  amostras.push(linha);
  for (const [k, v] of Object.entries(m)) picos[k] = Math.max(picos[k] ?? 0, Math.round(v / MiB));
}, 100);
timer.unref();

process.on('exit', () => {
  const arquivo = process.env.BENCH_MEM_STATS_FILE;
  if (arquivo)
    writeFileSync(
      arquivo,
      JSON.stringify({
        picos,
        colunas: ['ms', 'rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'],
        amostras,
      }),
    );
});
