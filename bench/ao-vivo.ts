import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { doisServidores, OPCOES_AO_VIVO, rodada } from './ao-vivo/cenario.ts';
import {
  alvosAoVivo,
  alvosDois,
  atualizarDocs,
  type ResultadoAoVivo,
  relatorioAoVivo,
  relatorioDois,
} from './ao-vivo/relatorio.ts';
import { encerrarFilhosAoSinal } from './escalacao/filhos.ts';
import { bancosPedidos, OPCOES, RESULTADOS } from './escalacao/opcoes.ts';

/**
 * `npm run bench:ao-vivo`: the live streams of issue 15 under load (docs/decisions/0170-benchmark-ao-vivo.md).
 * 1. Per database, two fresh Santos-size runs of the rush of issue 3 (bench/escalacao): without streams, then
 *    with `--streams` (6,000) open event streams, one session each, held by `--stream-processes` (2) child
 *    processes; the server's RSS (/proc), the rush's targets side by side as ratios, and when every choice
 *    of the rush arrived on every stream (counts and confirmed-list messages); on PostgreSQL, the call closed
 *    by another server at the end (the `escala` message on every stream).
 * 2. PostgreSQL: two servers on one database; `--streams-b` (1,000) streams on B, `--choices-a` (1,000)
 *    choices through A; when each reaches B's streams.
 *
 * Options (env BENCH_… or --name=value): --db=sqlite|postgres|both, --mode=1|2|both, --streams,
 * --stream-processes, --streams-b, --choices-a, --docs=0, and bench:escalacao's (--workers, --concurrency,
 * --offers, --server-env, --postgres-url…). Every server runs with CONEXOES_POR_ENDERECO=0 (all the streams
 * come from 127.0.0.1).
 */

async function principal() {
  mkdirSync(RESULTADOS, { recursive: true });
  const bancos = await bancosPedidos();
  const id = `${process.pid}_${Date.now().toString(36)}`;
  const quando = new Date().toISOString().slice(0, 16).replace('T', ' ');
  console.log(
    `bench:ao-vivo — bancos ${bancos.join(', ')}; modo ${OPCOES_AO_VIVO.modo}; ${OPCOES_AO_VIVO.fluxos} fluxos; ` +
      `${OPCOES.trabalhadores} trabalhadores; load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join('/')}`,
  );
  const blocos: [string, string[]][] = [];
  let falhou = false;
  if (OPCOES_AO_VIVO.modo !== '2') {
    for (const banco of bancos) {
      const sem = await rodada(banco, `${id}_sem`, 0);
      const com = await rodada(banco, `${id}_com`, OPCOES_AO_VIVO.fluxos);
      const res: ResultadoAoVivo = { banco, sem, com };
      const linhas = relatorioAoVivo(res, quando);
      console.log(`\n${linhas.join('\n')}`);
      blocos.push([banco, linhas]);
      writeFileSync(path.join(RESULTADOS, `ao-vivo-${banco}-${id}.json`), JSON.stringify(res, null, 2));
      falhou ||= alvosAoVivo(res).some((a) => !a.ok);
    }
  }
  if (OPCOES_AO_VIVO.modo !== '1') {
    if (!bancos.includes('postgres')) console.warn('Dois servidores pedem o PostgreSQL: modo 2 não roda.');
    else {
      const res = await doisServidores(`${id}_ab`);
      const linhas = relatorioDois(res, quando);
      console.log(`\n${linhas.join('\n')}`);
      blocos.push(['dois-servidores', linhas]);
      writeFileSync(path.join(RESULTADOS, `ao-vivo-dois-${id}.json`), JSON.stringify(res, null, 2));
      falhou ||= alvosDois(res).some((a) => !a.ok);
    }
  }
  if (OPCOES.docs) {
    atualizarDocs(blocos);
    console.log('docs/benchmarks.md atualizado.');
  }
  process.exitCode = falhou ? 1 : 0;
}

encerrarFilhosAoSinal();

await principal();
