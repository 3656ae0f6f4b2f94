import os from 'node:os';
import type { Resumo } from '../carga.ts';
import { atualizarBenchmarks } from '../docs-benchmarks.ts';
import { COMMIT, type NomeBanco, OPCOES } from '../escalacao/opcoes.ts';
import { ALVOS, type Alvo, f0, f1, tabelaFase } from '../escalacao/relatorio.ts';
import type { DoisServidores, Latencias, Rodada } from './cenario.ts';

/** bench:ao-vivo's targets (issue 15) and tables, to the console and docs/benchmarks.md ("Live"). */

export const ALVOS_AO_VIVO = { memoriaMiB: 700, chegadaMs: 1000, fracao: 0.99 };

export interface ResultadoAoVivo {
  banco: NomeBanco;
  sem: Rodada;
  com: Rodada;
}

/** The rush's own targets (bench:escalacao's, but peak memory, which has its own here). */
function alvosCorrida(r: Rodada, rotulo: string): Alvo[] {
  const rush = r.rush;
  const erros = Object.values(rush.endpoints).reduce((a, e) => a + e.erros, 0) + rush.falhas.length;
  const pior = Object.entries(rush.endpoints)
    .filter(([n]) => n !== 'POST /api/login')
    .sort((a, b) => b[1].p99 - a[1].p99)[0];
  return [
    {
      descricao: `${rotulo}: corrida de ${OPCOES.trabalhadores} em ≤ ${ALVOS.rushS} s, sem erros`,
      medido: `${f1(rush.duracaoMs / 1000)} s, ${rush.extra?.fluxosCompletos ?? 0} visitas completas, ${erros} erros`,
      ok:
        rush.duracaoMs <= ALVOS.rushS * 1000 &&
        rush.extra?.fluxosCompletos === OPCOES.trabalhadores &&
        erros === 0,
    },
    {
      descricao: `${rotulo}: p99 < ${ALVOS.p99Ms} ms (exceto login)`,
      medido: pior ? `pior: ${pior[0]} ${f1(pior[1].p99)} ms` : '-',
      ok: !!pior && pior[1].p99 < ALVOS.p99Ms,
    },
  ];
}

const textoLat = (l: Latencias) =>
  `p50 ${f0(l.p50)} / p95 ${f0(l.p95)} / p99 ${f0(l.p99)} / máx ${f0(l.max)} ms; ${(l.ate1s * 100).toFixed(2)} % em ≤ 1 s (${l.n} pares mudança × fluxo)`;

export function alvosAoVivo(res: ResultadoAoVivo): Alvo[] {
  const { com } = res;
  const picoMiB = Math.max(com.picoRssMiB, com.hwmMiB);
  const rec = com.recebido;
  const chegou = (l: Latencias | undefined) => !!l && l.n > 0 && l.ate1s >= ALVOS_AO_VIVO.fracao;
  const lista: Alvo[] = [
    {
      descricao: `memória do servidor < ${ALVOS_AO_VIVO.memoriaMiB} MiB com ${com.fluxos} fluxos abertos durante a corrida`,
      medido: `pico ${f0(picoMiB)} MiB (RSS amostrado ${f0(com.picoRssMiB)}, VmHWM ${f0(com.hwmMiB)}); RSS ao subir ${f0(com.rssInicialMiB)}, com os fluxos abertos ${f0(com.rssComFluxosMiB)} MiB`,
      ok: picoMiB < ALVOS_AO_VIVO.memoriaMiB,
    },
    ...alvosCorrida(res.sem, 'sem fluxos'),
    ...alvosCorrida(com, 'com fluxos'),
    {
      descricao: 'escolha → contagens em 99 % dos fluxos em ≤ 1 s',
      medido: rec ? textoLat(rec.contagens) : '-',
      ok: chegou(rec?.contagens),
    },
    {
      descricao: 'escolha → aviso de confirmados em 99 % dos fluxos em ≤ 1 s',
      medido: rec ? textoLat(rec.confirmados) : '-',
      ok: chegou(rec?.confirmados),
    },
  ];
  if (rec?.escala)
    lista.push({
      descricao: 'chamada fechada (por outro servidor) → evento `escala` em 99 % dos fluxos em ≤ 1 s',
      medido: textoLat(rec.escala),
      ok: chegou(rec.escala),
    });
  return lista;
}

export function alvosDois(res: DoisServidores): Alvo[] {
  const ok = (l: Latencias) => l.n > 0 && l.p99 <= ALVOS_AO_VIVO.chegadaMs;
  const lista: Alvo[] = [
    {
      descricao: 'escolha em A → contagens nos fluxos de B: p50/p95/p99 ≤ 1 s',
      medido: textoLat(res.recebido.contagens),
      ok: ok(res.recebido.contagens),
    },
    {
      descricao: 'escolha em A → aviso de confirmados nos fluxos de B: p50/p95/p99 ≤ 1 s',
      medido: textoLat(res.recebido.confirmados),
      ok: ok(res.recebido.confirmados),
    },
  ];
  if (res.recebido.escala)
    lista.push({
      descricao: 'chamada fechada → evento `escala` nos fluxos de B: p99 ≤ 1 s',
      medido: textoLat(res.recebido.escala),
      ok: ok(res.recebido.escala),
    });
  return lista;
}

const razao = (a: number, b: number) => (b > 0 && Number.isFinite(a) ? (a / b).toFixed(2) : '-');

/** With streams ÷ without, per endpoint of the rush: the machine is shared, ratios within one run compare. */
export function tabelaRazoes(sem: Rodada, com: Rodada): string[] {
  const linhas = [
    '| Corrida: com fluxos ÷ sem fluxos | sem | com | razão |',
    '|---|---:|---:|---:|',
    `| duração (s) | ${f1(sem.rush.duracaoMs / 1000)} | ${f1(com.rush.duracaoMs / 1000)} | ${razao(com.rush.duracaoMs, sem.rush.duracaoMs)} |`,
    `| CPU do servidor por requisição (ms) | ${sem.rush.cpuMsPorRequisicao.toFixed(2)} | ${com.rush.cpuMsPorRequisicao.toFixed(2)} | ${razao(com.rush.cpuMsPorRequisicao, sem.rush.cpuMsPorRequisicao)} |`,
    `| CPU do servidor (núcleos) | ${sem.rush.cpu.servidor.toFixed(2)} | ${com.rush.cpu.servidor.toFixed(2)} | ${razao(com.rush.cpu.servidor, sem.rush.cpu.servidor)} |`,
    `| outros processos (núcleos) | ${sem.rush.cpu.outros.toFixed(2)} | ${com.rush.cpu.outros.toFixed(2)} | ${razao(com.rush.cpu.outros, sem.rush.cpu.outros)} |`,
    `| pico RSS do servidor (MiB) | ${f0(Math.max(sem.picoRssMiB, sem.hwmMiB))} | ${f0(Math.max(com.picoRssMiB, com.hwmMiB))} | ${razao(Math.max(com.picoRssMiB, com.hwmMiB), Math.max(sem.picoRssMiB, sem.hwmMiB))} |`,
  ];
  for (const [nome, e] of Object.entries(com.rush.endpoints)) {
    const s: Resumo | undefined = sem.rush.endpoints[nome];
    if (!s) continue;
    linhas.push(`| ${nome} p99 (ms) | ${f1(s.p99)} | ${f1(e.p99)} | ${razao(e.p99, s.p99)} |`);
  }
  return linhas;
}

const tabelaAlvos = (lista: Alvo[]) => [
  '| Alvo | Medido | |',
  '|---|---|---|',
  ...lista.map((a) => `| ${a.descricao} | ${a.medido} | ${a.ok ? 'atinge' : '**não atinge**'} |`),
];

const la = (x: number[]) => x.map((v) => v.toFixed(2)).join('/');

export function relatorioAoVivo(res: ResultadoAoVivo, quando: string): string[] {
  const { sem, com } = res;
  const rec = com.recebido;
  return [
    `### ${res.banco === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: ${com.fluxos} fluxos durante a corrida — ${quando}`,
    '',
    `Commit ${COMMIT}, Node ${process.version}, ${os.cpus().length} núcleos, ${OPCOES.concorrencia} usuários virtuais, ` +
      `${OPCOES.trabalhadores} trabalhadores; load average ${la(sem.loadavg)} (sem fluxos), ${la(com.loadavg)} (com). ` +
      (com.abertura
        ? `Fluxos: ${com.abertura.abertos} abertos em ${f1(com.abertura.ms / 1000)} s (${com.abertura.falhas} falhas), ` +
          `${f1(((com.rssComFluxosMiB - com.rssInicialMiB) * 1024) / Math.max(1, com.abertura.abertos))} KiB de RSS por fluxo ocioso, ` +
          `${com.cpuFluxos.toFixed(2)} núcleo nos processos que os seguram durante a corrida (contado em "outros processos"); `
        : '') +
      (rec
        ? `${rec.mudancas} escolhas medidas (${rec.semMensagem} sem mensagem), ${rec.eventos} eventos recebidos ` +
          `(${f1(rec.bytes / 1024 / 1024)} MiB), ${rec.faltaram} pares sem a mensagem, ${rec.terminados} fluxos terminados pelo servidor.`
        : ''),
    ...(rec?.entrega && rec.espacamento
      ? [
          '',
          `Diagnóstico (decisão 0173): das contagens tomadas pelo servidor (\`em\`) à chegada no fluxo, p50 ` +
            `${rec.entrega.p50} / p95 ${rec.entrega.p95} / p99 ${rec.entrega.p99} / máx ${rec.entrega.max} ms; ` +
            `entre duas fotos seguidas de uma categoria num fluxo, p50 ${rec.espacamento.p50} / p99 ` +
            `${rec.espacamento.p99} / máx ${rec.espacamento.max} ms` +
            (rec.atrasoLacoFluxos
              ? `; atraso do laço dos processos que seguram os fluxos, p99 ${f1(rec.atrasoLacoFluxos.p99)} / ` +
                `máx ${f1(rec.atrasoLacoFluxos.max)} ms.`
              : '.'),
        ]
      : []),
    '',
    ...tabelaAlvos(alvosAoVivo(res)),
    '',
    ...tabelaRazoes(sem, com),
    '',
    ...tabelaFase({ ...com.rush, nome: 'corrida com fluxos' }),
    ...tabelaFase({ ...sem.rush, nome: 'corrida sem fluxos' }),
  ];
}

export function relatorioDois(res: DoisServidores, quando: string): string[] {
  const rec = res.recebido;
  return [
    `### PostgreSQL: dois servidores, escolhas em A, fluxos em B — ${quando}`,
    '',
    `Commit ${COMMIT}; ${res.fluxosB} fluxos em B (${res.abertura.falhas} falhas ao abrir), ${res.escolhas} escolhas em A ` +
      `por 8 usuários virtuais em ${f1(res.duracaoMs / 1000)} s (${res.repetidas} em ofertas já escolhidas na rodada), ` +
      `${rec.semMensagem} sem mensagem, ${rec.faltaram} pares sem a mensagem, ${rec.terminados} fluxos terminados; ` +
      `load average ${la(res.loadavg)}.`,
    '',
    ...tabelaAlvos(alvosDois(res)),
    '',
  ];
}

export function atualizarDocs(blocos: [string, string[]][]): void {
  atualizarBenchmarks(blocos.map(([nome, linhas]) => [`ao-vivo:${nome}`, linhas]));
}
