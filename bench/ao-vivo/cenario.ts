import { type ChildProcess, fork } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { apiEscalacao } from '#common/api/escalacao.ts';
import { apiSessao } from '#common/api/sessao.ts';
import { relogioSistema } from '#server/clock.ts';
import { carregarConfig } from '#server/config.ts';
import { criarSessao } from '#server/plataforma/autenticacao/sessoes.ts';
import { abrirBanco } from '#server/plataforma/banco/connection.ts';
import { CANAL } from '#server/plataforma/eventos/barramento.ts';
import { Aleatorio } from '#server/plataforma/semente/aleatorio.ts';
import { agoraMs, Cliente, executarUsuarios } from '../carga.ts';
import { prepararBanco, semear } from '../escalacao/banco.ts';
import { corrida, type Fase } from '../escalacao/cenario.ts';
import { type Filho, filhosVivos, iniciarServidor, limpeza, parar, portaLivre } from '../escalacao/filhos.ts';
import { inteiro, type NomeBanco, OPCOES, opcao } from '../escalacao/opcoes.ts';
import { cpuProcesso, lerStatus, medidorCpu } from '../escalacao/proc.ts';
import {
  alternar,
  categoriaDoCorpo,
  Medicao,
  medir,
  ofertasDaCategoria,
  type Trabalhador,
} from '../escalacao/trabalhador.ts';
import { PRIMEIRO_CODIGO_RUSH, type ResumoRush } from '../seed-rush.ts';
import { Histograma, type HistogramaSerializado, type Mudanca, type ResultadoChegadas } from './chegadas.ts';
import type { PedidoFluxos, RespostaFluxos } from './fluxos.ts';

/**
 * The two measurements of bench:ao-vivo (docs/decisions/0170): the rush with and without thousands of open
 * streams on one server, and the way from server A to the streams of server B on one PostgreSQL.
 */

export const OPCOES_AO_VIVO = {
  /** Open streams during the rush (one session each). */
  fluxos: inteiro('streams', 6000, 1, 100_000),
  /** Child processes holding them. */
  processosFluxos: inteiro('stream-processes', 2, 1, 8),
  modo: opcao('mode') ?? 'both',
  fluxosB: inteiro('streams-b', 1000, 1, 100_000),
  escolhasA: inteiro('choices-a', 1000, 10, 100_000),
};
if (!['1', '2', 'both'].includes(OPCOES_AO_VIVO.modo)) throw new Error('--mode: 1, 2 ou both');

/** Every server of the bench: no per-address connection cap (all streams come from 127.0.0.1). */
const ENV_SERVIDOR = { CONEXOES_POR_ENDERECO: '0' };

export interface Latencias {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Share of the (change, stream) pairs that arrived within 1 s. */
  ate1s: number;
  antes: number;
}
export function latencias(h: Histograma): Latencias {
  let max = 0;
  h.baldes.forEach((v, i) => {
    if (v > 0) max = i;
  });
  return {
    n: h.n,
    p50: h.percentil(50),
    p95: h.percentil(95),
    p99: h.percentil(99),
    max,
    ate1s: h.fracaoAte(1000),
    antes: h.antes,
  };
}

export interface Recebido {
  contagens: Latencias;
  confirmados: Latencias;
  /** Diagnostics: counts taken → arrival, and the spacing of a stream's pictures (ResultadoChegadas). */
  entrega?: Latencias;
  espacamento?: Latencias;
  /** The holders' own event-loop delay (the worst holder), ms. */
  atrasoLacoFluxos?: { p99: number; max: number };
  escala: Latencias | undefined;
  mudancas: number;
  semMensagem: number;
  faltaram: number;
  terminados: number;
  eventos: number;
  bytes: number;
}

/** The processes holding the streams. */
class Fluxos {
  private readonly filhos: ChildProcess[];
  constructor(processos: number) {
    this.filhos = Array.from({ length: processos }, () => {
      const p = fork(path.join(import.meta.dirname, 'fluxos.ts'), [], {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        execArgv: ['--disable-warning=ExperimentalWarning', '--max-old-space-size=2048'],
      });
      filhosVivos.add(p);
      return p;
    });
  }
  private pedir<T extends RespostaFluxos['tipo']>(
    filho: ChildProcess,
    pedido: PedidoFluxos,
    espera: T,
  ): Promise<Extract<RespostaFluxos, { tipo: T }>> {
    return new Promise((resolve, reject) => {
      const aoMsg = (r: RespostaFluxos) => {
        if (r.tipo !== espera) return;
        filho.off('message', aoMsg);
        filho.off('exit', aoSair);
        resolve(r as Extract<RespostaFluxos, { tipo: T }>);
      };
      const aoSair = (c: number | null) => reject(new Error(`processo dos fluxos saiu (${c})`));
      filho.on('message', aoMsg);
      filho.once('exit', aoSair);
      filho.send(pedido);
    });
  }
  async abrir(porta: number, tokens: string[]) {
    const partes = this.filhos.map((_, i) => tokens.filter((_, j) => j % this.filhos.length === i));
    const r = await Promise.all(
      this.filhos.map((f, i) => this.pedir(f, { tipo: 'abrir', porta, tokens: partes[i] ?? [] }, 'abertos')),
    );
    return {
      abertos: r.reduce((a, x) => a + x.abertos, 0),
      falhas: r.reduce((a, x) => a + x.falhas, 0),
      exemplos: r.flatMap((x) => x.exemplos),
      ms: Math.max(...r.map((x) => x.ms)),
    };
  }
  /** CPU seconds the holders used so far. */
  cpu(): number {
    return this.filhos.reduce((a, f) => a + (f.pid ? cpuProcesso(f.pid) : 0), 0);
  }
  marcarEscala(desde: number) {
    for (const f of this.filhos) f.send({ tipo: 'marcarEscala', desde } satisfies PedidoFluxos);
  }
  async resumo(mudancas: Mudanca[], confirmadaEscala: number | undefined): Promise<Recebido> {
    const r = await Promise.all(
      this.filhos.map((f) => this.pedir(f, { tipo: 'resumo', mudancas }, 'resumo')),
    );
    const juntar = (k: 'contagens' | 'confirmados' | 'entrega' | 'espacamento') => {
      const h = new Histograma();
      for (const x of r) h.juntar(x.chegadas[k] as HistogramaSerializado);
      return latencias(h);
    };
    let escala: Latencias | undefined;
    if (confirmadaEscala !== undefined) {
      const h = new Histograma();
      for (const x of r)
        for (const t of (x.chegadas as ResultadoChegadas).escala) h.registrar(t - confirmadaEscala);
      escala = latencias(h);
    }
    return {
      contagens: juntar('contagens'),
      confirmados: juntar('confirmados'),
      entrega: juntar('entrega'),
      espacamento: juntar('espacamento'),
      atrasoLacoFluxos: {
        p99: Math.max(...r.map((x) => x.atrasoLaco.p99)),
        max: Math.max(...r.map((x) => x.atrasoLaco.max)),
      },
      escala,
      mudancas: mudancas.length,
      semMensagem: r.reduce((a, x) => a + x.chegadas.semMensagem, 0) / r.length,
      faltaram: r.reduce((a, x) => a + x.chegadas.faltaram, 0),
      terminados: r.reduce((a, x) => a + x.terminados, 0),
      eventos: r.reduce((a, x) => a + x.eventos, 0),
      bytes: r.reduce((a, x) => a + x.bytes, 0),
    };
  }
  async fechar() {
    await Promise.all(
      this.filhos.map(
        (f) =>
          new Promise<void>((resolve) => {
            if (f.exitCode !== null) return resolve();
            f.once('exit', () => resolve());
            f.send({ tipo: 'fechar' } satisfies PedidoFluxos);
          }),
      ),
    );
    for (const f of this.filhos) filhosVivos.delete(f);
  }
}

/** One session per worker, written as a login writes it (the streams' phones logged in before the call). */
async function criarSessoes(url: string | undefined, dataDir: string, codigos: string[]): Promise<string[]> {
  const banco = abrirBanco({ url, arquivoSqlite: path.join(dataDir, 'portal-tpa.sqlite') });
  try {
    const config = carregarConfig({});
    return await banco.db.transaction().execute(async (trx) => {
      const tokens: string[] = [];
      for (const cod of codigos) tokens.push(await criarSessao(trx, config, relogioSistema, cod, false));
      return tokens;
    });
  } finally {
    await banco.fechar();
  }
}

/**
 * Closes the call as another server would (PostgreSQL only): the row, then the bus's notice that its state
 * changed. Returns when the notice was acknowledged by the database.
 */
async function fecharEscala(url: string, numEscalacao: number): Promise<number> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `update escala set aberta = 0, situacao = 'fechada', fechada_em = $2 where num_escalacao = $1`,
      [numEscalacao, new Date().toISOString()],
    );
    const aviso = { tipo: 'escala', numEscalacao, motivo: 'estado', origem: 'local' };
    await c.query('select pg_notify($1, $2)', [
      CANAL,
      JSON.stringify({ s: 'bench-ao-vivo', m: [{ tipo: 'escalacao', aviso }] }),
    ]);
    return Date.now();
  } finally {
    await c.end();
  }
}

const pausa = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Longer than the counts' coalescing period: the last messages of a run are out. */
const ASSENTAR_MS = 2_500;

export interface Rodada {
  fluxos: number;
  abertura?: { abertos: number; falhas: number; exemplos: string[]; ms: number };
  rush: Fase;
  /** Server RSS: once listening, after the streams opened, peak over the run (sampled), VmHWM. */
  rssInicialMiB: number;
  rssComFluxosMiB: number;
  picoRssMiB: number;
  hwmMiB: number;
  recebido?: Recebido;
  /** Cores the stream holders used during the rush (part of "outros processos" in the rush's table). */
  cpuFluxos: number;
  loadavg: number[];
}

/** One server, one fresh database: optionally `fluxos` open streams, then the rush. */
export async function rodada(banco: NomeBanco, id: string, fluxos: number): Promise<Rodada> {
  const loadavg = os.loadavg();
  const { url, dataDir, apagar } = await prepararBanco(banco, id);
  limpeza.pendente = apagar;
  let servidor: Filho | undefined;
  let grupo: Fluxos | undefined;
  let amostrador: NodeJS.Timeout | undefined;
  try {
    console.log(`\n[${banco}] semeando ${OPCOES.trabalhadores} trabalhadores…`);
    const semeadura = await semear(url, dataDir);
    const codigos = Array.from({ length: Math.min(fluxos, semeadura.trabalhadores) }, (_, i) =>
      String(PRIMEIRO_CODIGO_RUSH + i),
    );
    const tokens = fluxos > 0 ? await criarSessoes(url, dataDir, codigos) : [];
    servidor = await iniciarServidor(banco, url, dataDir, await portaLivre(), ENV_SERVIDOR);
    filhosVivos.add(servidor.proc);
    const pid = servidor.proc.pid as number;
    const rssInicialMiB = (lerStatus(pid)?.rssKiB ?? 0) / 1024;
    let pico = 0;
    amostrador = setInterval(() => {
      const s = lerStatus(pid);
      if (s && s.rssKiB > pico) pico = s.rssKiB;
    }, 200);
    let abertura: Rodada['abertura'];
    if (fluxos > 0) {
      grupo = new Fluxos(OPCOES_AO_VIVO.processosFluxos);
      console.log(`[${banco}] abrindo ${tokens.length} fluxos…`);
      abertura = await grupo.abrir(servidor.porta, tokens);
      console.log(
        `[${banco}] ${abertura.abertos} fluxos abertos em ${(abertura.ms / 1000).toFixed(1)} s` +
          (abertura.falhas ? `, ${abertura.falhas} falhas: ${abertura.exemplos.join(' | ')}` : ''),
      );
    }
    const rssComFluxosMiB = (lerStatus(pid)?.rssKiB ?? 0) / 1024;
    const cliente = new Cliente(servidor.porta, OPCOES.concorrencia + 4);
    const mudancas: Mudanca[] = [];
    const cpuFluxos0 = grupo?.cpu() ?? 0;
    const { fase: rush } = await corrida(
      banco,
      cliente,
      semeadura,
      () => medidorCpu(() => [pid]),
      () => pico / 1024,
      (codCategoria, seqCategoria, enviadaMs, confirmadaMs) =>
        mudancas.push({ codCategoria, seqCategoria, enviadaMs, confirmadaMs }),
    );
    cliente.fechar();
    const cpuFluxos = grupo ? (grupo.cpu() - cpuFluxos0) / (rush.duracaoMs / 1000) : 0;
    let recebido: Recebido | undefined;
    if (grupo) {
      await pausa(ASSENTAR_MS);
      let confirmadaEscala: number | undefined;
      if (banco === 'postgres' && url) {
        grupo.marcarEscala(Date.now());
        confirmadaEscala = await fecharEscala(url, semeadura.numEscalacao);
        await pausa(ASSENTAR_MS);
      }
      recebido = await grupo.resumo(mudancas, confirmadaEscala);
    }
    clearInterval(amostrador);
    amostrador = undefined;
    const hwmMiB = (lerStatus(pid)?.hwmKiB ?? 0) / 1024;
    return {
      fluxos,
      abertura,
      rush,
      rssInicialMiB,
      rssComFluxosMiB,
      picoRssMiB: pico / 1024,
      hwmMiB,
      recebido,
      cpuFluxos,
      loadavg,
    };
  } finally {
    if (amostrador) clearInterval(amostrador);
    await grupo?.fechar();
    await parar(servidor);
    limpeza.pendente = undefined;
    await apagar().catch((e: unknown) => console.error(`falha ao apagar o banco do benchmark: ${String(e)}`));
  }
}

export interface DoisServidores {
  fluxosB: number;
  abertura: { abertos: number; falhas: number; exemplos: string[]; ms: number };
  escolhas: number;
  /** Choices whose offer another choice of the run also took (their attribution may be early). */
  repetidas: number;
  duracaoMs: number;
  recebido: Recebido;
  loadavg: number[];
}

/**
 * Two servers on one PostgreSQL: streams held on B; choices made through A, each on an offer no other choice
 * of the run takes (so the first counts message listing it is the one that carries it); when each shows in
 * B's counts and confirmed-list messages.
 */
export async function doisServidores(id: string): Promise<DoisServidores> {
  const loadavg = os.loadavg();
  const { url, dataDir, apagar } = await prepararBanco('postgres', id);
  limpeza.pendente = apagar;
  let a: Filho | undefined;
  let b: Filho | undefined;
  let grupo: Fluxos | undefined;
  try {
    console.log(`\n[postgres A→B] semeando ${OPCOES.trabalhadores} trabalhadores…`);
    const semeadura: ResumoRush = await semear(url, dataDir);
    const nFluxos = Math.min(OPCOES_AO_VIVO.fluxosB, semeadura.trabalhadores);
    const tokens = await criarSessoes(
      url,
      dataDir,
      Array.from({ length: nFluxos }, (_, i) => String(PRIMEIRO_CODIGO_RUSH + i)),
    );
    a = await iniciarServidor('postgres', url, dataDir, await portaLivre(), ENV_SERVIDOR);
    filhosVivos.add(a.proc);
    b = await iniciarServidor('postgres', url, dataDir, await portaLivre(), ENV_SERVIDOR);
    filhosVivos.add(b.proc);
    grupo = new Fluxos(1);
    const abertura = await grupo.abrir(b.porta, tokens);
    console.log(`[postgres A→B] ${abertura.abertos} fluxos abertos em B`);

    // The choosers: workers from the end of the list, each five choices as in the rush.
    const clienteA = new Cliente(a.porta, 16);
    const med = new Medicao();
    const nEscolhedores = Math.ceil(OPCOES_AO_VIVO.escolhasA / 5);
    const escolhedores: Trabalhador[] = [];
    const tomadas = new Set<string>();
    let repetidas = 0;
    const planos = new Map<Trabalhador, Trabalhador['ofertas']>();
    const codigosA = Array.from({ length: nEscolhedores }, (_, i) =>
      String(PRIMEIRO_CODIGO_RUSH + semeadura.trabalhadores - 1 - i),
    );
    const tokensA = await criarSessoes(url, dataDir, codigosA);
    for (const [i, cod] of codigosA.entries()) {
      const t: Trabalhador = {
        codAvulso: cod,
        xsrf: '',
        token: tokensA[i] as string,
        codCategoria: 0,
        ofertas: [],
        escolhidas: [],
      };
      const { r } = await medir(med, 'GET /api/config', clienteA, t, apiSessao.config, {});
      t.xsrf = r.cookies.map((c) => /^XSRF-TOKEN=([^;]+)/.exec(c)?.[1]).find(Boolean) ?? '';
      const { dados } = await medir(med, 'GET /api/sessao', clienteA, t, apiSessao.sessao, {});
      t.codCategoria = dados?.codCategoria ?? 0;
      const { r: rv } = await medir(
        med,
        'GET /api/vagas',
        clienteA,
        t,
        apiEscalacao.vagas,
        { query: { numEscalacao: semeadura.numEscalacao } },
        false,
      );
      const cat = categoriaDoCorpo(rv.corpo, t.codCategoria);
      if (!cat) throw new Error(`vagas sem a categoria ${t.codCategoria}`);
      t.ofertas = ofertasDaCategoria(cat);
      const elegiveis = new Aleatorio(Number(cod)).amostra(
        t.ofertas.filter((o) => o.funcao.habilitado && o.funcao.comDescanso && !o.funcao.escolhida),
        t.ofertas.length,
      );
      const livres = elegiveis.filter((o) => !tomadas.has(`${t.codCategoria}/${o.funcao.seqCategoria}`));
      const plano = [...livres, ...elegiveis.filter((o) => !livres.includes(o))].slice(0, 5);
      for (const o of plano) {
        const chave = `${t.codCategoria}/${o.funcao.seqCategoria}`;
        if (tomadas.has(chave)) repetidas++;
        tomadas.add(chave);
      }
      planos.set(t, plano);
      escolhedores.push(t);
    }

    console.log(`[postgres A→B] ${OPCOES_AO_VIVO.escolhasA} escolhas em A…`);
    const mudancas: Mudanca[] = [];
    const passos = escolhedores.flatMap((t) => (planos.get(t) ?? []).map((o) => ({ t, o })));
    let k = 0;
    const inicio = agoraMs();
    await executarUsuarios(
      8,
      OPCOES.limiteFaseMs,
      () => (k < Math.min(passos.length, OPCOES_AO_VIVO.escolhasA) ? k++ : undefined),
      async (j) => {
        const { t, o } = passos[j] as (typeof passos)[number];
        const enviada = Date.now();
        await alternar(med, 'POST /api/vagas', clienteA, t, semeadura.numEscalacao, o, true);
        mudancas.push({
          codCategoria: t.codCategoria,
          seqCategoria: o.funcao.seqCategoria,
          enviadaMs: enviada,
          confirmadaMs: Date.now(),
        });
      },
    );
    const duracaoMs = agoraMs() - inicio;
    clienteA.fechar();
    await pausa(ASSENTAR_MS);
    grupo.marcarEscala(Date.now());
    const confirmadaEscala = url ? await fecharEscala(url, semeadura.numEscalacao) : undefined;
    await pausa(ASSENTAR_MS);
    const recebido = await grupo.resumo(mudancas, confirmadaEscala);
    return {
      fluxosB: nFluxos,
      abertura,
      escolhas: mudancas.length,
      repetidas,
      duracaoMs,
      recebido,
      loadavg,
    };
  } finally {
    await grupo?.fechar();
    await parar(a);
    await parar(b);
    limpeza.pendente = undefined;
    await apagar().catch((e: unknown) => console.error(`falha ao apagar o banco do benchmark: ${String(e)}`));
  }
}
