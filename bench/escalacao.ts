import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ResultadoBanco } from './escalacao/cenario.ts';
import { rodarBanco } from './escalacao/cenario.ts';
import { encerrarFilhosAoSinal } from './escalacao/filhos.ts';
import { bancosPedidos, OPCOES, RESULTADOS } from './escalacao/opcoes.ts';
import { alvos, atualizarDocs, relatorio } from './escalacao/relatorio.ts';

/**
 * `npm run bench:escalacao`: the rush of issue 3 against the real server and database
 * (docs/decisions/0070-benchmark-escalacao.md). Per database: seed a fresh Santos-size port, start
 * `node server/main.ts` as a child on 127.0.0.1, run the rush (every worker: config, login, open call,
 * offers, five choices one by one, confirmed list), then isolated phases for the throughput targets
 * (GET /api/vagas vs a bare Fastify route with a body of the same size, POST /api/vagas, logins while a
 * probe measures other calls), read the child's peak memory, stop everything, drop the database.
 *
 * Options (env or --name=value): BENCH_DB=sqlite|postgres|both, BENCH_WORKERS=6000,
 * BENCH_CONCURRENCY=128, BENCH_OFFERS=330 (per category), BENCH_PASSKEYS=0 (percent of the workers who log in
 * with a passkey, bench/passkeys.ts), BENCH_UV_THREADPOOL and BENCH_HASH_NICE (the
 * server's UV_THREADPOOL_SIZE and HASH_NICE; unset: its defaults),
 * BENCH_POSTGRES_URL (else TEST_POSTGRES_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * BENCH_CPU_PROF=1 (V8 CPU profile of the server into bench/results/prof), BENCH_DOCS=0 (don't touch
 * docs/benchmarks.md).
 *
 * Parts (bench/escalacao/): opcoes.ts (options and what describes the run), proc.ts (/proc sampling),
 * filhos.ts (child processes), banco.ts (the run's database), trabalhador.ts (the virtual worker),
 * cenario.ts (the phases), relatorio.ts (targets and tables).
 */

async function principal() {
  mkdirSync(RESULTADOS, { recursive: true });
  const bancos = await bancosPedidos();
  const id = `${process.pid}_${Date.now().toString(36)}`;
  const quando = new Date().toISOString().slice(0, 16).replace('T', ' ');
  console.log(
    `bench:escalacao — bancos ${bancos.join(', ')}; ${OPCOES.trabalhadores} trabalhadores; ${OPCOES.concorrencia} usuários virtuais; ` +
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join('/')}`,
  );
  const resultados: ResultadoBanco[] = [];
  for (const banco of bancos) {
    const res = await rodarBanco(banco, id);
    resultados.push(res);
    console.log(`\n${relatorio(res, quando).join('\n')}`);
    writeFileSync(
      path.join(RESULTADOS, `escalacao-${banco}-${id}.json`),
      JSON.stringify({ opcoes: OPCOES, ...res }, null, 2),
    );
  }
  if (OPCOES.docs) {
    atualizarDocs(resultados, quando);
    console.log('docs/benchmarks.md atualizado.');
  }
  const falhou = resultados.some((r) => alvos(r).some((a) => !a.ok));
  process.exitCode = falhou ? 1 : 0;
}

encerrarFilhosAoSinal();

await principal();
