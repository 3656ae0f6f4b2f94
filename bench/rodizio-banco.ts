import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { limiteDescanso, temDescanso } from '#common/descanso.ts';
import { apurarEscala, lerEntradaRodizio } from '#server/modulos/gestao/apuracao.ts';
import { fecharEscala } from '#server/modulos/gestao/ciclo.ts';
import { publicarEscala } from '#server/modulos/gestao/publicacao.ts';
import { executarRodizio } from '#server/modulos/rodizio/motor.ts';
import { gerarHashSenha } from '#server/modulos/sessao/senhas.ts';
import { abrirBanco, type Banco } from '#server/plataforma/banco/connection.ts';
import { migrar } from '#server/plataforma/banco/migrate.ts';
import type { DbOuTrx } from '#server/plataforma/banco/schema.ts';
import { BarramentoLocal } from '#server/plataforma/eventos/barramento.ts';
import { Eventos } from '#server/plataforma/eventos/index.ts';
import { Aleatorio } from '#server/plataforma/semente/aleatorio.ts';
import { emLotes } from '#server/plataforma/semente/comum.ts';
import { ESCALA_RUSH, SENHA_RUSH, semearRush } from './seed-rush.ts';

/**
 * The rotation's whole path on a real database (docs/decisions/0144): a port seeded like the rush's
 * (bench/seed-rush.ts) whose open call already holds every worker's choices, then, timed, what staff do:
 * close (`fecharEscala`), run the rotation (`apurarEscala`: read offers, choices and eligibility, compute,
 * write engagements, audit and pointers) and publish (`publicarEscala`: engagements become jobs, pointers
 * move). The services are the ones the API calls (engineer "gestao"), without HTTP.
 */

export type NomeBanco = 'sqlite' | 'postgres';

export interface OpcoesCaminho {
  banco: NomeBanco;
  urlPostgres: string;
  dirResultados: string;
  trabalhadores: number;
  ofertasPorCategoria: number;
  escolhasPorAvulso: number;
  /** Runs of the (repeatable) rotation after the first, to see it warm. */
  repeticoes: number;
}

export interface ResultadoCaminho {
  banco: NomeBanco;
  trabalhadores: number;
  ofertas: number;
  escolhas: number;
  escalados: number;
  decisoes: number;
  semeaduraS: number;
  fecharMs: number;
  /** The first rotation run (what staff wait for). */
  apurarMs: number;
  /** Later runs of the same rotation (it is repeatable until published). */
  apurarRepetidoMs: number[];
  /** Split of one more run: reading the input, the engine. The rest of a run is writing. */
  lerMs: number;
  motorMs: number;
  publicarMs: number;
  totalMs: number;
  /**
   * CPU spent by the close → rotation (first run) → publish path: this process (SQLite works inside it) and,
   * on PostgreSQL, the backends serving this benchmark's database. The machine's load stretches wall time,
   * not this: with both cores free the path takes about this long plus the commits' fsyncs.
   */
  cpuProcessoMs: number;
  cpuPostgresMs: number;
}

/** CPU (ms) so far of each PostgreSQL backend whose process title names this database (Linux /proc). */
function cpuBackends(nomeBanco: string | undefined): Map<string, number> {
  const porPid = new Map<string, number>();
  if (!nomeBanco) return porPid;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(nomeBanco)) continue;
      const campos = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command's closing parenthesis.
      porPid.set(pid, (Number(campos[11]) + Number(campos[12])) * 10);
    } catch {
      // The process ended between listing and reading.
    }
  }
  return porPid;
}

/**
 * CPU the backends spent between two readings: per backend alive at the end (new ones from zero). A backend
 * the pool closed in between takes its last moments with it: a slight undercount, never a negative.
 */
function cpuEntre(antes: Map<string, number>, depois: Map<string, number>): number {
  let total = 0;
  for (const [pid, cpu] of depois) total += cpu - (antes.get(pid) ?? 0);
  return total;
}

function cpuProcesso(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

const HORAS_DESCANSO = 11;
const POR = '900002';

async function criarBanco(o: OpcoesCaminho, id: string) {
  const dataDir = path.join(o.dirResultados, `rodizio-${o.banco}-${id}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  if (o.banco === 'sqlite') {
    return {
      banco: abrirBanco({ url: undefined, arquivoSqlite: path.join(dataDir, 'portal-tpa.sqlite') }),
      nome: undefined,
      apagar: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const nome = `portal_tpa_rodizio_${id}`;
  const admin = new pg.Client({ connectionString: o.urlPostgres });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${nome}`);
  await admin.end();
  const u = new URL(o.urlPostgres);
  u.pathname = `/${nome}`;
  return {
    banco: abrirBanco({ url: u.toString(), arquivoSqlite: path.join(dataDir, 'nao-usado.sqlite') }),
    nome,
    apagar: async () => {
      const c = new pg.Client({ connectionString: o.urlPostgres });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every worker's choices in the open call, as POST /api/vagas would have left them: `escolhasPorAvulso`
 * offers of functions the worker holds and is rested for (multifunctional workers' capatazia functions too),
 * preferences numbered per category in the order chosen, typing times over the last four hours.
 */
async function semearEscolhas(
  db: DbOuTrx,
  numEscalacao: number,
  porAvulso: number,
  agora: Date,
): Promise<number> {
  const rnd = new Aleatorio(1616);
  const ofertas = await db
    .selectFrom('oferta as o')
    .innerJoin('requisicao as r', 'r.num_requisicao', 'o.num_requisicao')
    .select(['o.seq_categoria', 'o.cod_funcao', 'o.cod_categoria', 'r.inicio', 'r.fim'])
    .where('o.num_escalacao', '=', numEscalacao)
    .orderBy('o.seq_categoria')
    .execute();
  const porFuncao = new Map<number, typeof ofertas>();
  let inicioMin = Number.POSITIVE_INFINITY;
  for (const o of ofertas) {
    porFuncao.set(o.cod_funcao, [...(porFuncao.get(o.cod_funcao) ?? []), o]);
    inicioMin = Math.min(inicioMin, Date.parse(o.inicio));
  }
  const habilitacoes = await db
    .selectFrom('habilitacao')
    .select(['cod_avulso', 'cod_funcao'])
    .orderBy('cod_avulso')
    .orderBy('cod_funcao')
    .execute();
  const trabalhos = await db
    .selectFrom('trabalho')
    .select(['cod_avulso', 'inicio', 'fim'])
    .where('fim', '>', new Date(limiteDescanso(inicioMin, HORAS_DESCANSO)).toISOString())
    .execute();
  const engajamentos = new Map<string, { inicio: number; fim: number }[]>();
  for (const t of trabalhos) {
    engajamentos.set(t.cod_avulso, [
      ...(engajamentos.get(t.cod_avulso) ?? []),
      { inicio: Date.parse(t.inicio), fim: Date.parse(t.fim) },
    ]);
  }
  const funcoesDe = new Map<string, number[]>();
  for (const h of habilitacoes)
    funcoesDe.set(h.cod_avulso, [...(funcoesDe.get(h.cod_avulso) ?? []), h.cod_funcao]);

  const linhas: {
    num_escalacao: number;
    cod_categoria: number;
    seq_categoria: number;
    cod_avulso: string;
    preferencia: number;
    hora_digitacao: string;
  }[] = [];
  for (const [codAvulso, funcoes] of funcoesDe) {
    const meus = engajamentos.get(codAvulso) ?? [];
    const candidatas = funcoes.flatMap((f) => porFuncao.get(f) ?? []);
    const escolhidas = new Set<number>();
    const preferencia = new Map<number, number>();
    let t = agora.getTime() - rnd.inteiro(10_000, 4 * 3_600_000);
    // Random picks among the candidates, skipping those without rest (the POST would refuse them).
    for (let tentativa = 0; escolhidas.size < porAvulso && tentativa < porAvulso * 20; tentativa++) {
      const o = candidatas[rnd.inteiro(0, candidatas.length - 1)];
      if (!o || escolhidas.has(o.seq_categoria)) continue;
      if (!temDescanso({ inicio: Date.parse(o.inicio), fim: Date.parse(o.fim) }, meus, HORAS_DESCANSO))
        continue;
      escolhidas.add(o.seq_categoria);
      const pref = (preferencia.get(o.cod_categoria) ?? 0) + 1;
      preferencia.set(o.cod_categoria, pref);
      t += rnd.inteiro(500, 20_000);
      linhas.push({
        num_escalacao: numEscalacao,
        cod_categoria: o.cod_categoria,
        seq_categoria: o.seq_categoria,
        cod_avulso: codAvulso,
        preferencia: pref,
        hora_digitacao: new Date(Math.min(t, agora.getTime() - 1000)).toISOString(),
      });
    }
  }
  await emLotes(linhas, 1000, (lote) => db.insertInto('escolha').values(lote).execute());
  return linhas.length;
}

async function semear(banco: Banco, o: OpcoesCaminho, agora: Date) {
  await migrar(banco.db);
  const senhaHash = await gerarHashSenha(SENHA_RUSH);
  return banco.db.transaction().execute(async (trx) => {
    const resumo = await semearRush(trx, {
      trabalhadores: o.trabalhadores,
      ofertasPorCategoria: o.ofertasPorCategoria,
      senhaHash,
      agora,
      fuso: 'America/Recife',
    });
    // The rush's call is open by its flag; the call's life (gestao's migration) wants its state too.
    await trx
      .updateTable('escala')
      .set({ situacao: 'aberta', aberta: 1, aberta_em: agora.toISOString(), aberta_por: POR })
      .where('num_escalacao', '=', ESCALA_RUSH)
      .execute();
    const escolhas = await semearEscolhas(trx, ESCALA_RUSH, o.escolhasPorAvulso, agora);
    return { ...resumo, escolhas };
  });
}

export async function medirCaminho(o: OpcoesCaminho, id: string): Promise<ResultadoCaminho> {
  const { banco, nome, apagar } = await criarBanco(o, id);
  try {
    const agora = new Date();
    const t0 = performance.now();
    const semeado = await semear(banco, o, agora);
    const semeaduraS = (performance.now() - t0) / 1000;
    // Fresh tables: PostgreSQL plans with statistics, as it would have them after autovacuum on a real day.
    if (banco.dialeto === 'postgres') await sql`analyze`.execute(banco.db);

    const passo = { numEscalacao: ESCALA_RUSH, agora: new Date(agora.getTime() + 60_000), por: POR };
    // Nobody listens here: the benchmark measures the steps themselves.
    const eventos = new Eventos(new BarramentoLocal(), (erro) => console.error(erro));
    const cpu0 = cpuProcesso();
    const pg0 = cpuBackends(nome);
    const a = performance.now();
    await fecharEscala(banco, (unidade) => banco.db.transaction().execute(unidade), passo, eventos);
    const b = performance.now();
    const resumo = await apurarEscala(banco, { ...passo, horasDescanso: HORAS_DESCANSO });
    const c = performance.now();
    const cpu1 = cpuProcesso();
    const pg1 = cpuBackends(nome);
    const apurarRepetidoMs: number[] = [];
    for (let i = 0; i < o.repeticoes; i++) {
      const x = performance.now();
      await apurarEscala(banco, { ...passo, horasDescanso: HORAS_DESCANSO });
      apurarRepetidoMs.push(performance.now() - x);
    }
    const l0 = performance.now();
    const { entrada } = await lerEntradaRodizio(banco.db, ESCALA_RUSH, {
      horasDescanso: HORAS_DESCANSO,
      agora: passo.agora,
    });
    const l1 = performance.now();
    executarRodizio(entrada);
    const l2 = performance.now();
    const cpu2 = cpuProcesso();
    const pg2 = cpuBackends(nome);
    const p0 = performance.now();
    const publicado = await publicarEscala(
      banco,
      {
        ...passo,
        horasDescanso: HORAS_DESCANSO,
        fusoHorario: 'America/Recife',
      },
      eventos,
    );
    const p1 = performance.now();
    const cpu3 = cpuProcesso();
    const pg3 = cpuBackends(nome);
    if (publicado.trabalhos !== resumo.escalados) {
      throw new Error(`publicados ${publicado.trabalhos} trabalhos, escalados ${resumo.escalados}`);
    }
    return {
      banco: o.banco,
      trabalhadores: semeado.trabalhadores,
      ofertas: Object.values(semeado.ofertas).reduce((s, n) => s + n, 0),
      escolhas: semeado.escolhas,
      escalados: resumo.escalados,
      decisoes: resumo.avulsosComEscolhas,
      semeaduraS,
      fecharMs: b - a,
      apurarMs: c - b,
      apurarRepetidoMs,
      lerMs: l1 - l0,
      motorMs: l2 - l1,
      publicarMs: p1 - p0,
      totalMs: b - a + (c - b) + (p1 - p0),
      cpuProcessoMs: cpu1 - cpu0 + (cpu3 - cpu2),
      cpuPostgresMs: cpuEntre(pg0, pg1) + cpuEntre(pg2, pg3),
    };
  } finally {
    await banco.fechar();
    await apagar();
  }
}

export async function postgresAlcancavel(url: string): Promise<boolean> {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) {
    throw new Error(`O benchmark só fala com 127.0.0.1 (recebido ${host}).`);
  }
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}
