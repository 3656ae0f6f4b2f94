import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiEscalaAberta } from '#common/api/escala-aberta.ts';
import { apiEscalacao } from '#common/api/escalacao.ts';
import { Aleatorio } from '#server/plataforma/semente/aleatorio.ts';
import { agoraMs, Cliente, executarUsuarios, type Resumo, resumir } from '../carga.ts';
import { PRIMEIRO_CODIGO_RUSH, type ResumoRush } from '../seed-rush.ts';
import { prepararBanco, semear } from './banco.ts';
import {
  type Filho,
  filhosVivos,
  iniciarRotaNua,
  iniciarServidor,
  limpeza,
  parar,
  portaLivre,
} from './filhos.ts';
import { type NomeBanco, OPCOES, RESULTADOS } from './opcoes.ts';
import { type Cpu, lerStatus, medidorCpu } from './proc.ts';
import { imprimirMemoria, imprimirSql } from './relatorio.ts';
import {
  alternar,
  CABECALHOS_CLIENTE,
  type EstadoRush,
  entrar,
  Medicao,
  medir,
  type OfertaLocal,
  type Trabalhador,
  visita,
} from './trabalhador.ts';

/** The scenario on one database: the rush, then the isolated phases, each measured on its own. */

export interface Fase {
  nome: string;
  duracaoMs: number;
  esgotado: boolean;
  falhas: string[];
  endpoints: Record<string, Resumo>;
  cpu: Cpu;
  picoRssMiB: number;
  /** Server CPU time per request of the phase (ms). */
  cpuMsPorRequisicao: number;
  extra?: Record<string, number | string>;
}

export function fechar(
  nome: string,
  med: Medicao,
  r: { duracaoMs: number; esgotado: boolean; falhas: string[] },
  cpu: Cpu,
  picoRssMiB: number,
): Fase {
  const endpoints: Record<string, Resumo> = {};
  for (const [k, m] of med.porEndpoint) endpoints[k] = resumir(m, r.duracaoMs);
  const n = Object.values(endpoints).reduce((a, e) => a + e.requisicoes, 0);
  // Server CPU per request: a figure the other engineers' load on the shared cores does not distort much.
  const cpuMsPorRequisicao = n > 0 ? (cpu.servidor * r.duracaoMs) / n : 0;
  return { nome, ...r, endpoints, cpu, picoRssMiB, cpuMsPorRequisicao };
}

export interface ResultadoBanco {
  banco: NomeBanco;
  semeadura: ResumoRush & { segundos: number };
  fases: Fase[];
  picoMemoriaMiB: number;
  /** RSS and VmHWM of the server once listening, before any request. */
  rssInicialMiB: number;
  hwmInicialMiB: number;
  corpoVagasBytes: number;
  /** Average bytes of GET /api/vagas on the wire in the rush (compressed for a phone's Accept-Encoding). */
  fioVagasBytes: number;
  rotaNuaRps: number;
  razaoVagas: number;
  loadavgInicio: number[];
  loadavgFim: number[];
}

/**
 * The rush (issue 3): 128 virtual users take every worker in a shuffled order that mixes the categories, each
 * doing the screen's whole visit (bench/escalacao/trabalhador.ts). `aoEscolher` hears every choice the rush
 * makes (bench:ao-vivo times its arrival on the live streams).
 */
export async function corrida(
  banco: NomeBanco,
  cliente: Cliente,
  semeadura: Pick<ResumoRush, 'numEscalacao' | 'trabalhadores'>,
  novaFase: () => () => Cpu,
  picoRssMiB: () => number,
  aoEscolher?: EstadoRush['aoEscolher'],
): Promise<{ fase: Fase; estado: EstadoRush }> {
  console.log(
    `[${banco}] corrida: ${semeadura.trabalhadores} trabalhadores, ${OPCOES.concorrencia} usuários virtuais…`,
  );
  const estado: EstadoRush = {
    numEscalacao: semeadura.numEscalacao,
    completos: [],
    logados: [],
    corposVagas: new Map(),
    semOfertasSuficientes: 0,
    fluxosCompletos: 0,
    aoEscolher,
  };
  const codigos = Array.from({ length: semeadura.trabalhadores }, (_, i) => String(PRIMEIRO_CODIGO_RUSH + i));
  // Arrival order mixes the categories, as a real rush does.
  const ordem = new Aleatorio(42).amostra(codigos, codigos.length);
  let i = 0;
  const med = new Medicao();
  const cpu = novaFase();
  const r = await executarUsuarios(
    OPCOES.concorrencia,
    OPCOES.limiteRushMs,
    () => ordem[i++],
    (cod) => visita(med, cliente, cod, estado),
  );
  const fase = fechar('corrida', med, r, cpu(), picoRssMiB());
  fase.extra = {
    fluxosCompletos: estado.fluxosCompletos,
    semOfertasSuficientes: estado.semOfertasSuficientes,
  };
  console.log(
    `[${banco}] corrida: ${(r.duracaoMs / 1000).toFixed(1)} s, ${estado.fluxosCompletos} fluxos completos`,
  );
  if (r.falhas.length) console.log(`  falhas: ${r.falhas.slice(0, 5).join(' | ')}`);
  return { fase, estado };
}

export async function rodarBanco(banco: NomeBanco, id: string): Promise<ResultadoBanco> {
  const loadavgInicio = os.loadavg();
  const { url, dataDir, apagar } = await prepararBanco(banco, id);
  limpeza.pendente = apagar;
  let servidor: Filho | undefined;
  let nua: Filho | undefined;
  let amostrador: NodeJS.Timeout | undefined;
  try {
    console.log(`\n[${banco}] semeando ${OPCOES.trabalhadores} trabalhadores…`);
    const semeadura = await semear(url, dataDir);
    console.log(
      `[${banco}] semeado em ${semeadura.segundos.toFixed(1)} s: ${semeadura.trabalhadores} trabalhadores, ` +
        `${semeadura.habilitacoes} habilitações, ${semeadura.trabalhos} trabalhos, ${semeadura.requisicoes} requisições, ofertas ${JSON.stringify(semeadura.ofertas)}`,
    );
    servidor = await iniciarServidor(banco, url, dataDir, await portaLivre());
    filhosVivos.add(servidor.proc);
    const pid = servidor.proc.pid as number;
    const inicial = lerStatus(pid);
    let picoFase = 0;
    amostrador = setInterval(() => {
      const s = lerStatus(pid);
      if (s && s.rssKiB > picoFase) picoFase = s.rssKiB;
    }, 200);
    const cliente = new Cliente(servidor.porta, OPCOES.concorrencia + 4);
    const fases: Fase[] = [];
    const novaFase = () => {
      picoFase = lerStatus(pid)?.rssKiB ?? 0;
      return medidorCpu(() => [pid]);
    };

    // 1. The rush.
    const { fase: rush, estado } = await corrida(banco, cliente, semeadura, novaFase, () => picoFase / 1024);
    fases.push(rush);
    let med: Medicao;
    let cpu: () => Cpu;
    let r: Awaited<ReturnType<typeof executarUsuarios>>;

    const completos = estado.completos;
    // The bare route answers the real body whose size is closest to the rush's average.
    // (uncompressed: the endpoint's bytes/resp. are the wire's, compressed for the phone's Accept-Encoding)
    const guardados = [...estado.corposVagas.values()];
    const mediaVagas = guardados.reduce((s, c) => s + c.length, 0) / Math.max(1, guardados.length);
    const corpoVagas = [...estado.corposVagas.values()].sort(
      (a, b) => Math.abs(a.length - mediaVagas) - Math.abs(b.length - mediaVagas),
    )[0];
    let faseNua: Fase | undefined;

    // 2. GET /api/vagas alone (already logged-in workers, round robin).
    if (completos.length > 0 && corpoVagas) {
      const n = OPCOES.reqIsoladasGet;
      let k = 0;
      med = new Medicao();
      cpu = novaFase();
      r = await executarUsuarios(
        OPCOES.concorrencia,
        OPCOES.limiteFaseMs,
        () => (k < n ? k++ : undefined),
        async (j) => {
          const t = completos[j % completos.length] as Trabalhador;
          await medir(
            med,
            'GET /api/vagas',
            cliente,
            t,
            apiEscalacao.vagas,
            { query: { numEscalacao: estado.numEscalacao } },
            false,
          );
        },
      );
      fases.push(fechar('GET /api/vagas isolado', med, r, cpu(), picoFase / 1024));

      // 3. The bare route, same concurrency and count, a body of the same size.
      const arquivoCorpo = path.join(dataDir, 'corpo-vagas.json');
      writeFileSync(arquivoCorpo, corpoVagas);
      nua = await iniciarRotaNua(arquivoCorpo);
      filhosVivos.add(nua.proc);
      const clienteNua = new Cliente(nua.porta, OPCOES.concorrencia + 4);
      const pidNua = nua.proc.pid as number;
      k = 0;
      med = new Medicao();
      cpu = medidorCpu(() => [pidNua]);
      r = await executarUsuarios(
        OPCOES.concorrencia,
        OPCOES.limiteFaseMs,
        () => (k < n ? k++ : undefined),
        async () => {
          const inicio = agoraMs();
          const resp = await clienteNua.requisitar('GET', '/vagas', CABECALHOS_CLIENTE);
          const ok = resp.status === 200 && resp.corpo.length === corpoVagas.length;
          med
            .medidas('GET /vagas (rota nua)')
            .registrar(inicio, resp.ms, ok, resp.bytesFio, ok ? undefined : `${resp.status}`);
        },
      );
      faseNua = fechar('rota nua', med, r, cpu(), 0);
      faseNua.picoRssMiB = (lerStatus(pidNua)?.hwmKiB ?? 0) / 1024;
      fases.push(faseNua);
      clienteNua.fechar();
      await parar(nua);
      nua = undefined;
    }

    // 4. POST /api/vagas alone: each virtual user owns its workers and alternately clears and re-chooses
    // one of their offers (every request a real, durable write).
    if (completos.length > 0) {
      const np = OPCOES.reqIsoladasPost;
      let feitos = 0;
      med = new Medicao();
      cpu = novaFase();
      const donos = Array.from({ length: OPCOES.concorrencia }, (_, vu) =>
        completos.filter((_, j) => j % OPCOES.concorrencia === vu),
      );
      const passo = new Array<number>(OPCOES.concorrencia).fill(0);
      const limpas = new Map<Trabalhador, OfertaLocal>();
      r = await executarUsuarios(
        OPCOES.concorrencia,
        OPCOES.limiteFaseMs,
        () => (feitos < np ? feitos++ : undefined),
        async (_, vu) => {
          const meus = donos[vu] ?? [];
          const p = passo[vu] ?? 0;
          passo[vu] = p + 1;
          const t = meus[Math.floor(p / 2) % meus.length];
          if (!t) return;
          // Even steps clear the worker's oldest choice; odd steps choose it again (it becomes the newest).
          if (p % 2 === 0) {
            const o = t.ofertas.find((x) => x.chave === t.escolhidas[0]);
            if (!o) return;
            limpas.set(t, o);
            await alternar(med, 'POST /api/vagas', cliente, t, estado.numEscalacao, o, false);
          } else {
            const o = limpas.get(t);
            if (!o || o.funcao.escolhida) return;
            await alternar(med, 'POST /api/vagas', cliente, t, estado.numEscalacao, o, true);
          }
        },
      );
      fases.push(fechar('POST /api/vagas isolado', med, r, cpu(), picoFase / 1024));
    }

    // 5. Logins alone, while one probe reads GET /api/escalaAberta every 50 ms.
    const logados = estado.logados;
    const nl = Math.min(OPCOES.loginsIsolados, logados.length);
    let l = 0;
    med = new Medicao();
    cpu = novaFase();
    let sondando = true;
    const sonda = (async () => {
      const t = { xsrf: '', token: '' };
      while (sondando) {
        await medir(med, 'sonda GET /api/escalaAberta', cliente, t, apiEscalaAberta.escalaAberta, {}).catch(
          () => {},
        );
        await new Promise((res) => setTimeout(res, 50));
      }
    })();
    r = await executarUsuarios(
      OPCOES.concorrencia,
      OPCOES.limiteFaseMs,
      () => (l < nl ? l++ : undefined),
      async (j) => {
        const t = logados[j] as Trabalhador;
        await entrar(med, 'POST /api/login', cliente, { ...t, token: '' });
      },
    );
    sondando = false;
    await sonda;
    fases.push(fechar('logins isolados', med, r, cpu(), picoFase / 1024));

    clearInterval(amostrador);
    amostrador = undefined;
    const picoMemoriaMiB = (lerStatus(pid)?.hwmKiB ?? 0) / 1024;
    cliente.fechar();
    await parar(servidor);
    servidor = undefined;
    if (OPCOES.sqlStats) imprimirSql(path.join(RESULTADOS, `sql-${banco}-${process.pid}.json`));
    if (OPCOES.memStats) imprimirMemoria(path.join(RESULTADOS, `memoria-${banco}-${process.pid}.json`));

    const getIso = fases.find((f) => f.nome === 'GET /api/vagas isolado')?.endpoints['GET /api/vagas'];
    const rotaNuaRps = faseNua?.endpoints['GET /vagas (rota nua)']?.rpsFase ?? 0;
    return {
      banco,
      semeadura,
      fases,
      picoMemoriaMiB,
      rssInicialMiB: (inicial?.rssKiB ?? 0) / 1024,
      hwmInicialMiB: (inicial?.hwmKiB ?? 0) / 1024,
      corpoVagasBytes: corpoVagas?.length ?? 0,
      fioVagasBytes: fases[0]?.endpoints['GET /api/vagas']?.bytesMedio ?? 0,
      rotaNuaRps,
      razaoVagas: getIso && rotaNuaRps > 0 ? getIso.rpsFase / rotaNuaRps : 0,
      loadavgInicio,
      loadavgFim: os.loadavg(),
    };
  } finally {
    if (amostrador) clearInterval(amostrador);
    await parar(nua);
    await parar(servidor);
    limpeza.pendente = undefined;
    await apagar().catch((e: unknown) => console.error(`falha ao apagar o banco do benchmark: ${String(e)}`));
  }
}
