import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiSessao } from '#common/api/sessao.ts';
import { gerarHashSenha } from '#server/modulos/sessao/senhas.ts';
import { abrirBanco } from '#server/plataforma/banco/connection.ts';
import { migrar } from '#server/plataforma/banco/migrate.ts';
import { Cliente, executarUsuarios, type Resumo, resumir } from './carga.ts';
import { prepararBanco } from './escalacao/banco.ts';
import {
  encerrarFilhosAoSinal,
  filhosVivos,
  iniciarServidor,
  limpeza,
  parar,
  portaLivre,
} from './escalacao/filhos.ts';
import { bancosPedidos, inteiro, type NomeBanco, RESULTADOS } from './escalacao/opcoes.ts';
import { type Cpu, medidorCpu } from './escalacao/proc.ts';
import { entrarComSenha, Medicao, medir, type Trabalhador } from './escalacao/trabalhador.ts';
import { entrarComPasskey, semearPasskeys } from './passkeys.ts';
import { PRIMEIRO_CODIGO_RUSH, SENHA_RUSH, semearRush } from './seed-rush.ts';

/**
 * `npm run bench:login`: login throughput with the password (Argon2id, m=19 MiB, t=2) against a passkey
 * (ES256 signature checked by @simplewebauthn/server), on the real server and database (docs/decisions/0229).
 * Per database: seed N workers, each with a passkey, start `server/main.ts` on 127.0.0.1, log every worker in
 * once with the password, then once with the passkey (two calls: options, then the signed answer), at the
 * same concurrency; report logins per second, latency and the server's CPU per login.
 *
 * Options (env or --name=value): BENCH_DB=sqlite|postgres|both, BENCH_LOGINS=2000, BENCH_CONCURRENCY=64.
 * Results in bench/results/login-*.json; docs/benchmarks.md is left as it is.
 */
const LOGINS = inteiro('logins', 2000, 10, 50_000);
const CONCORRENCIA = inteiro('concurrency', 64, 1, 1000);

interface Fase {
  nome: string;
  logins: number;
  erros: number;
  segundos: number;
  loginsPorSegundo: number;
  p50: number;
  p95: number;
  p99: number;
  cpu: Cpu;
  /** Server CPU per login, ms (and PostgreSQL's, when it is the database). */
  cpuServidorMsPorLogin: number;
  cpuPostgresMsPorLogin: number;
  endpoints: Record<string, Resumo>;
}

async function rodar(banco: NomeBanco, id: string): Promise<Fase[]> {
  const { url, dataDir, apagar } = await prepararBanco(banco, id);
  limpeza.pendente = apagar;
  let servidor: Awaited<ReturnType<typeof iniciarServidor>> | undefined;
  try {
    const b = abrirBanco({ url, arquivoSqlite: path.join(dataDir, 'portal-tpa.sqlite') });
    const codigos = Array.from({ length: LOGINS }, (_, i) => String(PRIMEIRO_CODIGO_RUSH + i));
    try {
      await migrar(b.db);
      const senhaHash = await gerarHashSenha(SENHA_RUSH);
      await b.db.transaction().execute(async (trx) => {
        await semearRush(trx, {
          trabalhadores: LOGINS,
          ofertasPorCategoria: 300,
          senhaHash,
          agora: new Date(),
          fuso: 'America/Recife',
        });
        await semearPasskeys(trx, codigos, new Date());
      });
    } finally {
      await b.fechar();
    }
    servidor = await iniciarServidor(banco, url, dataDir, await portaLivre());
    filhosVivos.add(servidor.proc);
    const pid = servidor.proc.pid as number;
    const porta = servidor.porta;
    const cliente = new Cliente(porta, CONCORRENCIA + 4);
    const base: Trabalhador = {
      codAvulso: '',
      xsrf: '',
      token: '',
      codCategoria: 0,
      ofertas: [],
      escolhidas: [],
    };
    const { r } = await medir(new Medicao(), 'config', cliente, base, apiSessao.config, {});
    base.xsrf = r.cookies.map((c) => /^XSRF-TOKEN=([^;]+)/.exec(c)?.[1]).find(Boolean) ?? '';

    const fases: Fase[] = [];
    for (const [nome, login] of [
      [
        'senha (Argon2id)',
        (med: Medicao, t: Trabalhador) => entrarComSenha(med, 'POST /api/login', cliente, t),
      ],
      ['passkey (ES256)', (med: Medicao, t: Trabalhador) => entrarComPasskey(med, cliente, t, porta)],
    ] as const) {
      const med = new Medicao();
      const cpu = medidorCpu(() => [pid]);
      let k = 0;
      let feitos = 0;
      const porLogin: number[] = [];
      const inicio = performance.now();
      const res = await executarUsuarios(
        CONCORRENCIA,
        300_000,
        () => (k < codigos.length ? codigos[k++] : undefined),
        async (cod) => {
          const t0 = performance.now();
          await login(med, { ...base, codAvulso: cod, token: '' });
          porLogin.push(performance.now() - t0);
          feitos++;
        },
      );
      const segundos = (performance.now() - inicio) / 1000;
      const c = cpu();
      const endpoints = Object.fromEntries(
        [...med.porEndpoint].map(([n, m]) => [n, resumir(m, res.duracaoMs)]),
      );
      // A passkey login is two calls (and the phone's signature between them): timed whole.
      porLogin.sort((a, b) => a - b);
      const pct = (p: number) =>
        porLogin[Math.min(porLogin.length - 1, Math.ceil((p / 100) * porLogin.length) - 1)] ?? Number.NaN;
      fases.push({
        nome,
        logins: feitos,
        erros: codigos.length - feitos,
        segundos,
        loginsPorSegundo: feitos / segundos,
        p50: pct(50),
        p95: pct(95),
        p99: pct(99),
        cpu: c,
        cpuServidorMsPorLogin: (c.servidor * segundos * 1000) / Math.max(1, feitos),
        cpuPostgresMsPorLogin: (c.postgres * segundos * 1000) / Math.max(1, feitos),
        endpoints,
      });
      if (res.falhas.length)
        console.log(`  [${banco}] ${nome}: falhas ${res.falhas.slice(0, 3).join(' | ')}`);
    }
    cliente.fechar();
    return fases;
  } finally {
    await parar(servidor);
    await apagar();
    limpeza.pendente = undefined;
  }
}

async function principal() {
  mkdirSync(RESULTADOS, { recursive: true });
  const bancos = await bancosPedidos();
  const id = `${process.pid}_${Date.now().toString(36)}`;
  console.log(
    `bench:login — ${LOGINS} logins por fase, ${CONCORRENCIA} usuários virtuais, ${os.availableParallelism()} núcleos; ` +
      `load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join('/')}`,
  );
  for (const banco of bancos) {
    const fases = await rodar(banco, id);
    console.log(`\n[${banco}]`);
    console.log(
      '| fase | logins/s | p50 ms | p95 ms | p99 ms | CPU do servidor/login | CPU do PostgreSQL/login | erros |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const f of fases) {
      console.log(
        `| ${f.nome} | ${f.loginsPorSegundo.toFixed(0)} | ${f.p50.toFixed(1)} | ${f.p95.toFixed(1)} | ${f.p99.toFixed(1)} | ` +
          `${f.cpuServidorMsPorLogin.toFixed(2)} ms | ${banco === 'postgres' ? `${f.cpuPostgresMsPorLogin.toFixed(2)} ms` : '-'} | ${f.erros} |`,
      );
    }
    writeFileSync(
      path.join(RESULTADOS, `login-${banco}-${id}.json`),
      JSON.stringify({ logins: LOGINS, concorrencia: CONCORRENCIA, fases }, null, 2),
    );
  }
}

encerrarFilhosAoSinal();

await principal();
