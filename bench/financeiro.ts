import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';
import { limitesTurno } from '#common/tempo.ts';
import { semearEquipe } from '#server/modulos/equipe/seed.ts';
import { competenciaCsv, dataCsv, escreverCsvFolha, valorCsv } from '#server/modulos/financeiro/csv-folha.ts';
import { gerarHashSenha } from '#server/modulos/sessao/senhas.ts';
import { abrirBanco } from '#server/plataforma/banco/connection.ts';
import { inserirEmMassa } from '#server/plataforma/banco/dialeto.ts';
import { agoraMs, Cliente, percentil } from './carga.ts';
import { atualizarBenchmarks } from './docs-benchmarks.ts';
import { prepararBanco, semear } from './escalacao/banco.ts';
import { encerrarFilhosAoSinal, iniciarServidor, parar, portaLivre } from './escalacao/filhos.ts';
import { bancosPedidos, COMMIT, inteiro, type NomeBanco, RAIZ } from './escalacao/opcoes.ts';
import { lerStatus } from './escalacao/proc.ts';
import { PRIMEIRO_CODIGO_RUSH } from './seed-rush.ts';

/**
 * `npm run bench:financeiro` (issue 25, docs/decisions/0244): a month of payslips of a Santos-size port — 6,000
 * workers, 5 engagements each, 10 lines per payslip (30,000 documents, 300,000 lines, about 45 MB of CSV) —
 * imported through POST /api/gestao/financeiro/importar into a real server (a child process, production
 * settings) on SQLite and on PostgreSQL, three months in a row (each a new month, its jobs published by the
 * portal so every payslip is reconciled), then the last month again (nothing changes). Meanwhile a worker
 * asks GET /api/avulso/mensagens every 50 ms: its latencies say whether other requests were held up.
 * Options: --db=sqlite|postgres|both, --workers=6000, --runs=3. Only 127.0.0.1.
 */

const TRABALHADORES = inteiro('workers', 6000, 10, 100_000);
const RODADAS = inteiro('runs', 3, 1, 10);
const ENGAJAMENTOS = 5;
const FUSO = 'America/Recife';
const dois = (n: number) => String(n).padStart(2, '0');

interface Rodada {
  rotulo: string;
  ms: number;
  status: number;
  criados: number;
  inalterados: number;
  conciliados: number;
  sondas: number;
  sondaP50: number;
  sondaP99: number;
  sondaMax: number;
  rssMiB: number;
}

/** The month `atras` months before now: its days 1-25 hold the engagements. */
function mes(atras: number): { ano: number; mes: number } {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - atras);
  return { ano: d.getUTCFullYear(), mes: d.getUTCMonth() + 1 };
}

function arquivoDoMes(
  atras: number,
  numeroBase: number,
): { csv: string; trabalhos: Record<string, string | number | null>[] } {
  const { ano, mes: m } = mes(atras);
  const linhas: Record<string, string>[] = [];
  const trabalhos: Record<string, string | number | null>[] = [];
  const emissao = new Date(Date.UTC(ano, m - 1, 28, 13)).toISOString();
  for (let w = 0; w < TRABALHADORES; w++) {
    const cod = String(PRIMEIRO_CODIGO_RUSH + w);
    for (let e = 0; e < ENGAJAMENTOS; e++) {
      const diaN = 1 + ((w + e * 5) % 25);
      const dia = `${ano}-${dois(m)}-${dois(diaN)}`;
      const yyyymmdd = dia.replaceAll('-', '');
      const { inicio, fim } = limitesTurno(yyyymmdd, 7, 13, FUSO);
      const navio = `NAVIO ${(w + e) % 40}`;
      trabalhos.push({
        cod_avulso: cod,
        data_operacao: yyyymmdd,
        hora_inicio: 7,
        hora_fim: 13,
        inicio: inicio.toISOString(),
        fim: fim.toISOString(),
        operador: 'TECON SUAPE',
        navio,
        local_atracacao: 'Cais 3',
        mercadoria: 'Contêineres',
        faina: 'Porão 2',
        cod_funcao: 101,
        funcao: 'Estivador',
        num_escalacao: 8000 + e,
      });
      // Six earnings, two deductions, two lines for information: ten lines.
      const base = 20_000 + ((w * 7 + e * 13) % 10_000);
      const p = [base, Math.round(base / 5), Math.round(base / 6), 1_500, 2_000, 500];
      const d = [Math.round(base * 0.075), 1_000];
      const proventos = p.reduce((s, v) => s + v, 0);
      const descontos = d.reduce((s, v) => s + v, 0);
      const doc = {
        matricula: cod,
        numero: String(numeroBase + e),
        tipo: 'Normal',
        competencia: competenciaCsv(ano, m),
        movimento: dataCsv(dia),
        turno: '07-13',
        operacao: 'Descarga de contêineres',
        operador: 'TECON SUAPE',
        navio,
        porao: '2',
        funcao: 'Estivador',
        sindicato: 'Estivador',
        emissao,
        total_proventos: valorCsv(proventos),
        total_descontos: valorCsv(descontos),
        liquido: valorCsv(proventos - descontos),
      };
      const verbas: [string, string, string, number][] = [
        ['001', 'Salário (MMO)', 'P', p[0] ?? 0],
        ['005', 'Adicional noturno', 'P', p[1] ?? 0],
        ['010', 'Repouso semanal remunerado (RSR)', 'P', p[2] ?? 0],
        ['020', 'Diferença de produção', 'P', p[3] ?? 0],
        ['030', 'Insalubridade', 'P', p[4] ?? 0],
        ['040', 'Vale-transporte', 'P', p[5] ?? 0],
        ['101', 'INSS', 'D', d[0] ?? 0],
        ['150', 'Contribuição sindical', 'D', d[1] ?? 0],
        ['201', 'Férias + 1/3 (provisão)', 'I', Math.round(proventos * 0.1111)],
        ['203', 'FGTS (informativo)', 'I', Math.round(proventos * 0.08)],
      ];
      for (const [codigo, descricao, natureza, valor] of verbas)
        linhas.push({
          ...doc,
          codigo_verba: codigo,
          descricao_verba: descricao,
          referencia_verba: '',
          natureza,
          valor: valorCsv(valor),
        });
    }
  }
  return { csv: escreverCsvFolha('contracheque', linhas), trabalhos };
}

async function prepararPorto(url: string | undefined, dataDir: string, meses: number) {
  const banco = abrirBanco({ url, arquivoSqlite: path.join(dataDir, 'portal-tpa.sqlite') });
  const arquivos: string[] = [];
  try {
    const senha = await gerarHashSenha('123456');
    await banco.db.transaction().execute(async (trx) => {
      await semearEquipe(trx, senha);
      for (let i = 1; i <= meses; i++) {
        const { csv, trabalhos } = arquivoDoMes(i, 100_000 * i);
        await inserirEmMassa(
          trx,
          'trabalho',
          {
            cod_avulso: 'text',
            data_operacao: 'text',
            hora_inicio: 'integer',
            hora_fim: 'integer',
            inicio: 'text',
            fim: 'text',
            operador: 'text',
            navio: 'text',
            local_atracacao: 'text',
            mercadoria: 'text',
            faina: 'text',
            cod_funcao: 'integer',
            funcao: 'text',
            num_escalacao: 'integer',
          },
          trabalhos,
        );
        const arquivo = path.join(dataDir, `folha-${i}.csv`);
        writeFileSync(arquivo, csv);
        arquivos.push(arquivo);
      }
    });
  } finally {
    await banco.fechar();
  }
  return arquivos;
}

async function entrar(cliente: Cliente, codAvulso: string) {
  const config = await cliente.requisitar('GET', '/api/config', {});
  const xsrf = config.cookies.map((c) => /^XSRF-TOKEN=([^;]+)/.exec(c)?.[1]).find(Boolean) ?? '';
  const r = await cliente.requisitar(
    'POST',
    '/api/login',
    { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    JSON.stringify({ login: codAvulso, password: '123456' }),
  );
  const token = (JSON.parse(r.corpo.toString()) as { token?: string }).token;
  if (r.status !== 200 || !token)
    throw new Error(`login de ${codAvulso}: ${r.status} ${r.corpo.toString().slice(0, 200)}`);
  return { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf, 'x-access-token': token };
}

/** One POST of a file with the probe running; its own socket (node:http, the file as the body). */
async function importar(
  porta: number,
  cab: Record<string, string>,
  arquivo: string,
  sonda: Cliente,
  cabSonda: Record<string, string>,
  pid: number,
  rotulo: string,
): Promise<Rodada> {
  const corpo = readFileSync(arquivo);
  const latencias: number[] = [];
  let ativo = true;
  let rssMiB = 0;
  const sondar = (async () => {
    while (ativo) {
      const r = await sonda.requisitar('GET', '/api/avulso/mensagens', cabSonda);
      if (r.status !== 200) throw new Error(`sonda ${r.status}`);
      latencias.push(r.ms);
      rssMiB = Math.max(rssMiB, Math.round((lerStatus(pid)?.rssKiB ?? 0) / 1024));
      await esperar(50);
    }
  })();
  const inicio = agoraMs();
  const http = await import('node:http');
  const resposta = await new Promise<{ status: number; corpo: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: porta,
        method: 'POST',
        path: '/api/gestao/financeiro/importar?tipo=contracheque',
        headers: { ...cab, 'content-type': 'text/csv', 'content-length': corpo.length },
      },
      (res) => {
        const partes: Buffer[] = [];
        res.on('data', (p: Buffer) => partes.push(p));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, corpo: Buffer.concat(partes).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(300_000, () => req.destroy(new Error('importação: tempo esgotado')));
    req.on('error', reject);
    req.end(corpo);
  });
  const ms = agoraMs() - inicio;
  ativo = false;
  await sondar;
  const dados = (
    JSON.parse(resposta.corpo) as { dados?: { criados: number; inalterados: number; conciliados: number } }
  ).dados;
  if (resposta.status !== 200 || !dados)
    throw new Error(`importação ${resposta.status}: ${resposta.corpo.slice(0, 400)}`);
  const ordenadas = [...latencias].sort((a, b) => a - b);
  return {
    rotulo,
    ms: Math.round(ms),
    status: resposta.status,
    criados: dados.criados,
    inalterados: dados.inalterados,
    conciliados: dados.conciliados,
    sondas: latencias.length,
    sondaP50: Math.round(percentil(ordenadas, 50)),
    sondaP99: Math.round(percentil(ordenadas, 99)),
    sondaMax: Math.round(ordenadas.at(-1) ?? 0),
    rssMiB,
  };
}

async function rodarBanco(banco: NomeBanco): Promise<{ banco: NomeBanco; rodadas: Rodada[]; mb: number }> {
  const id = `fin${process.pid}`;
  const destino = await prepararBanco(banco, id);
  let filho: Awaited<ReturnType<typeof iniciarServidor>> | undefined;
  try {
    console.log(`[${banco}] semeando ${TRABALHADORES} trabalhadores…`);
    await semear(destino.url, destino.dataDir);
    const arquivos = await prepararPorto(destino.url, destino.dataDir, RODADAS);
    const mb = readFileSync(arquivos[0] ?? '').length / 1e6;
    filho = await iniciarServidor(banco, destino.url, destino.dataDir, await portaLivre());
    const pid = filho.proc.pid ?? 0;
    const cliente = new Cliente(filho.porta, 2);
    const sonda = new Cliente(filho.porta, 2);
    const cab = await entrar(cliente, '900004');
    const cabSonda = await entrar(sonda, String(PRIMEIRO_CODIGO_RUSH));
    const rodadas: Rodada[] = [];
    for (const [i, arquivo] of arquivos.entries()) {
      const r = await importar(filho.porta, cab, arquivo, sonda, cabSonda, pid, `mês ${i + 1} (novo)`);
      console.log(`[${banco}]`, r);
      rodadas.push(r);
    }
    const ultimo = arquivos.at(-1) ?? '';
    const de = await importar(filho.porta, cab, ultimo, sonda, cabSonda, pid, 'o último de novo (nada muda)');
    console.log(`[${banco}]`, de);
    rodadas.push(de);
    cliente.fechar();
    sonda.fechar();
    return { banco, rodadas, mb };
  } finally {
    await parar(filho);
    await destino.apagar();
  }
}

function mediana(valores: number[]): number {
  const o = [...valores].sort((a, b) => a - b);
  return o[Math.floor(o.length / 2)] ?? 0;
}

async function main() {
  encerrarFilhosAoSinal();
  const carga = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  const resultados = [];
  for (const banco of await bancosPedidos()) resultados.push(await rodarBanco(banco));
  const cargaFim = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
  const linhas = [
    `### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${COMMIT}`,
    '',
    `${TRABALHADORES} trabalhadores × ${ENGAJAMENTOS} contracheques × 10 linhas (${TRABALHADORES * ENGAJAMENTOS} documentos, ${TRABALHADORES * ENGAJAMENTOS * 10} linhas, ${resultados[0]?.mb.toFixed(1)} MB por arquivo). Carga da máquina (1/5/15 min): ${carga} no início, ${cargaFim} no fim; ${os.availableParallelism()} núcleos.`,
    '',
    '| banco | rodada | tempo (ms) | criados | inalterados | conciliados | sonda p50 / p99 / máx (ms) | RSS máx (MiB) |',
    '|---|---|---:|---:|---:|---:|---|---:|',
  ];
  for (const { banco, rodadas } of resultados) {
    for (const r of rodadas)
      linhas.push(
        `| ${banco} | ${r.rotulo} | ${r.ms} | ${r.criados} | ${r.inalterados} | ${r.conciliados} | ${r.sondaP50} / ${r.sondaP99} / ${r.sondaMax} (${r.sondas} pedidos) | ${r.rssMiB} |`,
      );
    const novos = rodadas.filter((r) => r.criados > 0).map((r) => r.ms);
    linhas.push(`| ${banco} | **mediana dos meses novos** | **${mediana(novos)}** | | | | | |`);
  }
  const texto = linhas.join('\n');
  console.log(`\n${texto}\n`);
  writeFileSync(path.join(RAIZ, 'bench', 'results', `financeiro-${Date.now()}.md`), `${texto}\n`);
  if (process.env.BENCH_DOCS !== '0') atualizarDocs(texto);
}

/** The run's block between its marks in docs/benchmarks.md (the rest of the section is written by hand). */
function atualizarDocs(texto: string) {
  atualizarBenchmarks([['financeiro', [texto]]]);
}

await main();
