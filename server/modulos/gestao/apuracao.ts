import { createHash } from 'node:crypto';
import type { ResumoRodizio } from '#common/api/gestao.ts';
import { type Intervalo, temDescanso } from '#common/descanso.ts';
import type { Banco } from '../../plataforma/banco/connection.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { emVigor } from '../cadastro/index.ts';
import { engajamentosDosAvulsos } from '../escalacao/index.ts';
import type {
  AvulsoRodizio,
  EntradaRodizio,
  EscolhaRodizio,
  FilaRodizio,
  OfertaRodizio,
  PonteiroLista,
  ResultadoRodizio,
} from '../rodizio/index.ts';
import { descreverOferta, estadoAposPublicar, executarRodizio } from '../rodizio/index.ts';
import { codificarDecisao } from './auditoria-gravada.ts';
import { moverEscala, type Passo, recusarTransicao } from './ciclo.ts';
import { linhaEscala } from './repositorio.ts';
import {
  avulsosQueEscolheram,
  diaDaEscala,
  escaladosDaEscala,
  escolhasComHabilitacao,
  impedimentosDosQueEscolheram,
  ofertasDaEscala,
  ponteirosAtuais,
  repescagemDe,
  substituirResultado,
} from './repositorio-rodizio.ts';

/**
 * The rotation step (docs/decisions/0154): read a closed call's offers and choices and the choosers'
 * eligibility as it is now (qualified, rested by common/descanso.ts both ways against every engagement of
 * theirs, published or only rotated in another call (0210), not impeded; shifts not yet ended (0213)), run
 * server/modulos/rodizio (a pure stable matching), store its result with the call: engagements, the audit and
 * the pointers before and after, and the digest of the engagements it read (its base, 0211). Repeatable until
 * published (each run replaces the last one's rows); the same input gives the same result. No HTTP: the
 * benchmark calls it with a database and an instant.
 */

/** The port's rules a run follows (server/config.ts `rodizio`, docs/produto/gestao.md §6). */
export interface RegrasRodizio {
  horasDescanso: number;
  /** One queue per function (default) or per category (docs/decisions/0216). */
  fila?: FilaRodizio;
  /** The run's instant: offers whose shift ended by then engage nobody. Absent: no shift counts as ended. */
  agora?: Date;
  /**
   * The double shift (docs/decisions/0218): the reduced rest, in hours, an agreement allows between a worker's
   * two engagements of this call; after the main pass, a second one over the unfilled vacancies. Absent or
   * null: off.
   */
  dobraHorasDescanso?: number | null;
}

export interface EntradaLida {
  entrada: EntradaRodizio;
  /** Every offer's vacancies (the summary). */
  vagas: number;
  /** Digest of the engagements read for the choosers (docs/decisions/0211). */
  base: string;
  /** Each offer's shift (epoch ms), to store with its engagements. */
  turnos: Map<number, Intervalo>;
  /** The choosers' engagements read (published, or rotated in another call). */
  engajamentosDe: Map<string, Intervalo[]>;
}

/** The span of a call's shifts, for the one range query of engagements. */
export function spanDosTurnos(turnos: Iterable<Intervalo>): Intervalo | undefined {
  let inicio = Number.POSITIVE_INFINITY;
  let fim = Number.NEGATIVE_INFINITY;
  for (const t of turnos) {
    inicio = Math.min(inicio, t.inicio);
    fim = Math.max(fim, t.fim);
  }
  return inicio === Number.POSITIVE_INFINITY ? undefined : { inicio, fim };
}

/**
 * The digest of the engagements a run read (docs/decisions/0211): each distinct (worker, start, end), sorted, so
 * a call going from rotated to published (the same engagement, now also a job) does not change it.
 */
export function digestoEngajamentos(porAvulso: ReadonlyMap<string, readonly Intervalo[]>): string {
  const linhas = new Set<string>();
  for (const [cod, lista] of porAvulso) for (const e of lista) linhas.add(`${cod}|${e.inicio}|${e.fim}`);
  const hash = createHash('sha256');
  for (const l of [...linhas].sort()) hash.update(`${l}\n`);
  return hash.digest('hex');
}

/** The choosers' engagements (published, or rotated in another call) near the call's shifts. */
export async function engajamentosDosQueEscolheram(
  db: DbOuTrx,
  numEscalacao: number,
  turnos: Iterable<Intervalo>,
  horasDescanso: number,
): Promise<Map<string, Intervalo[]>> {
  const span = spanDosTurnos(turnos);
  if (!span) return new Map();
  return engajamentosDosAvulsos(
    db,
    { daEscala: numEscalacao },
    numEscalacao,
    span.inicio,
    span.fim,
    horasDescanso,
  );
}

/** The rotation's input as the database holds it now. */
export async function lerEntradaRodizio(
  db: DbOuTrx,
  numEscalacao: number,
  regras: RegrasRodizio,
): Promise<EntradaLida> {
  const { horasDescanso } = regras;
  // Eligibility is checked again at every run, on the call's day (issue 30).
  const dia = await diaDaEscala(db, numEscalacao);
  const [ofertas, escolhas, avulsos, impedimentos, ponteiros] = await Promise.all([
    ofertasDaEscala(db, numEscalacao),
    escolhasComHabilitacao(db, numEscalacao, dia),
    avulsosQueEscolheram(db, numEscalacao, dia),
    impedimentosDosQueEscolheram(db, numEscalacao, dia),
    ponteirosAtuais(db),
  ]);
  const turnos = new Map(
    ofertas.map((o) => [o.seq_categoria, { inicio: Date.parse(o.inicio), fim: Date.parse(o.fim) }]),
  );
  const engajamentosDe = await engajamentosDosQueEscolheram(db, numEscalacao, turnos.values(), horasDescanso);
  // A second round is for the workers its published call did not engage (docs/decisions/0217).
  const principal = await repescagemDe(db, numEscalacao);
  const jaEscalados = principal === null ? new Set<string>() : await escaladosDaEscala(db, principal);
  const motivo = new Map<string, string>();
  for (const i of impedimentos) if (!motivo.has(i.cod_avulso)) motivo.set(i.cod_avulso, i.mensagem);
  const agora = regras.agora?.getTime();

  const ofertasRodizio: OfertaRodizio[] = ofertas.map((o) => ({
    id: o.seq_categoria,
    codFuncao: o.cod_funcao,
    codCategoria: o.cod_categoria,
    capacidade: o.num_vagas,
    descricao: descreverOferta({
      nomeNavio: o.nome_navio,
      numPorao: o.num_porao,
      codFuncao: o.cod_funcao,
      dataOperacao: o.data_operacao,
      horaInicio: o.hora_inicio,
      horaFim: o.hora_fim,
    }),
    ...(agora !== undefined && Date.parse(o.fim) <= agora ? { encerrada: true } : {}),
  }));
  const avulsosRodizio: AvulsoRodizio[] = avulsos.map((a) => {
    const impedido =
      a.impedimento === 1 ||
      a.afastamento_definitivo === 1 ||
      (a.situacao ?? 'ativo') !== 'ativo' ||
      emVigor(a.impedido_cadastro);
    return {
      codAvulso: a.cod_avulso,
      numChamada: a.num_chamada,
      artigo: a.artigo === 54 ? 54 : 55,
      impedido,
      motivoImpedimento: impedido ? (motivo.get(a.cod_avulso) ?? null) : null,
      ...(jaEscalados.has(a.cod_avulso) ? { jaEscalado: true } : {}),
    };
  });
  const escolhasRodizio: EscolhaRodizio[] = escolhas.map((e) => {
    const turno = turnos.get(e.seq_categoria);
    return {
      codAvulso: e.cod_avulso,
      ofertaId: e.seq_categoria,
      preferencia: e.preferencia,
      horaDigitacao: e.hora_digitacao,
      habilitado: turno !== undefined && e.habilitada !== null,
      comDescanso:
        turno !== undefined && temDescanso(turno, engajamentosDe.get(e.cod_avulso) ?? [], horasDescanso),
    };
  });
  return {
    entrada: {
      ofertas: ofertasRodizio,
      avulsos: avulsosRodizio,
      escolhas: escolhasRodizio,
      ponteiros: ponteiros.map((p) => ({
        codFuncao: p.cod_funcao,
        registro: p.registro,
        cadastro: p.cadastro,
        registroAvulso: p.registro_avulso,
        cadastroAvulso: p.cadastro_avulso,
      })),
      horasDescanso,
      ...(regras.fila ? { fila: regras.fila } : {}),
    },
    vagas: ofertas.reduce((s, o) => s + o.num_vagas, 0),
    base: digestoEngajamentos(engajamentosDe),
    turnos,
    engajamentosDe,
  };
}

/** A computed rotation, with the input it came from (the audit stores what its sentences name). */
export interface RodizioCalculado {
  resultado: ResultadoRodizio;
  entrada: EntradaRodizio;
  base: string;
  turnos: Map<number, Intervalo>;
  /** The double shift's pass, when the port has one (docs/decisions/0218). */
  dobra?: { resultado: ResultadoRodizio; horas: number };
}

/**
 * The double shift's pass (docs/decisions/0218): the offers the main pass left with vacancies, for the workers
 * who chose them, ranked by the same rotation continuing from the main pass's pointers. A choice is valid when it
 * was valid in the main pass but for the rest, the full rest holds against every other engagement of the
 * worker, and the reduced rest holds against the worker's engagement of the main pass. Stability makes it
 * engage only workers the main pass engaged (anyone else who validly chose a leftover vacancy would have got it).
 */
function passeDaDobra(
  entrada: EntradaRodizio,
  principal: ResultadoRodizio,
  turnos: Map<number, Intervalo>,
  engajamentosDe: Map<string, Intervalo[]>,
  horas: number,
): ResultadoRodizio {
  const sobra = new Map<number, number>();
  for (const o of principal.ofertas)
    if (o.capacidade > o.escalados) sobra.set(o.ofertaId, o.capacidade - o.escalados);
  const primeiro = new Map(principal.engajamentos.map((e) => [e.codAvulso, turnos.get(e.ofertaId)]));
  const horasNormais = entrada.horasDescanso ?? 11;
  const escolhas = entrada.escolhas
    .filter((e) => sobra.has(e.ofertaId))
    .map((e) => {
      const turno = turnos.get(e.ofertaId);
      const antes = primeiro.get(e.codAvulso);
      const comDescanso =
        turno !== undefined &&
        temDescanso(turno, engajamentosDe.get(e.codAvulso) ?? [], horasNormais) &&
        (antes === undefined || temDescanso(turno, [antes], horas));
      return { ...e, comDescanso };
    });
  const ofertas = entrada.ofertas
    .filter((o) => sobra.has(o.id))
    .map((o) => ({ ...o, capacidade: sobra.get(o.id) ?? 0 }));
  const ids = new Set(escolhas.map((e) => e.codAvulso));
  return executarRodizio({
    ...entrada,
    ofertas,
    avulsos: entrada.avulsos.filter((a) => ids.has(a.codAvulso)),
    escolhas,
    ponteiros: estadoAposPublicar(principal.ponteiros).map((p) => ({
      codFuncao: p.codFuncao,
      registro: p.registro,
      cadastro: p.cadastro,
      registroAvulso: p.registroAvulso,
      cadastroAvulso: p.cadastroAvulso,
    })),
    horasDescanso: horas,
  });
}

/** The pointers after both passes: the double shift's where it engaged someone from a list, else the main's. */
function ponteirosDosDoisPasses(principal: ResultadoRodizio, dobra: ResultadoRodizio | undefined) {
  if (!dobra) return principal.ponteiros;
  const segundo = new Map(dobra.ponteiros.map((p) => [p.codFuncao, p]));
  return principal.ponteiros.map((p) => {
    const d = segundo.get(p.codFuncao);
    if (!d) return p;
    const lista = (a: PonteiroLista, b: PonteiroLista): PonteiroLista =>
      b.final === b.inicial && b.finalAvulso === b.inicialAvulso
        ? a
        : { ...a, final: b.final, finalAvulso: b.finalAvulso };
    return {
      ...p,
      registro: lista(p.registro, d.registro),
      cadastro: lista(p.cadastro, d.cadastro),
      alcancouCadastro: p.alcancouCadastro || d.alcancouCadastro,
    };
  });
}

/** Replaces the call's stored result with this one: engagements, the audit as codes, the pointers, the base. */
async function gravarResultado(trx: DbOuTrx, numEscalacao: number, c: RodizioCalculado): Promise<void> {
  const { resultado: r, entrada } = c;
  const horas = entrada.horasDescanso ?? 11;
  const ultimo = new Map(r.ofertas.map((o) => [o.ofertaId, o.ultimoEscalado]));
  const motivoImpedimento = new Map(
    entrada.avulsos.filter((a) => a.impedido).map((a) => [a.codAvulso, a.motivoImpedimento ?? null]),
  );
  const iso = (ms: number | undefined) => new Date(ms ?? 0).toISOString();
  const escaladosNaOferta = new Map(r.ofertas.map((o) => [o.ofertaId, o.escalados]));
  const linha = (e: ResultadoRodizio['engajamentos'][number], passe: number, ordem: number) => ({
    num_escalacao: numEscalacao,
    cod_avulso: e.codAvulso,
    seq_categoria: e.ofertaId,
    preferencia: ordem,
    num_chamada: e.numChamada,
    inicio: iso(c.turnos.get(e.ofertaId)?.inicio),
    fim: iso(c.turnos.get(e.ofertaId)?.fim),
    // The double shift's engaged come after the main pass's in the offer's list.
    posicao: (passe === 2 ? (escaladosNaOferta.get(e.ofertaId) ?? 0) : 0) + e.posicaoNaOferta,
    passe,
  });
  // The double shift's engagement by worker, with its place in the worker's whole list.
  const ordemNaLista = new Map(
    r.decisoes.flatMap((d) => d.escolhas.map((x) => [`${d.codAvulso}|${x.ofertaId}`, x.ordem] as const)),
  );
  const dobraDe = new Map(
    (c.dobra?.resultado.engajamentos ?? []).map((e) => [
      e.codAvulso,
      { engajamento: e, ordem: ordemNaLista.get(`${e.codAvulso}|${e.ofertaId}`) ?? e.ordem },
    ]),
  );
  await substituirResultado(trx, numEscalacao, {
    engajamentos: [
      ...r.engajamentos.map((e) => linha(e, 1, e.ordem)),
      ...[...dobraDe.values()].map(({ engajamento, ordem }) => linha(engajamento, 2, ordem)),
    ],
    ofertas: entrada.ofertas.map((o) => ({
      num_escalacao: numEscalacao,
      seq_categoria: o.id,
      descricao: o.descricao,
      ultimo_escalado: ultimo.get(o.id) ?? null,
    })),
    decisoes: r.decisoes.map((d) => ({
      num_escalacao: numEscalacao,
      cod_avulso: d.codAvulso,
      escalado: d.resultado === 'escalado' ? 1 : 0,
      decisao: codificarDecisao(
        d,
        horas,
        motivoImpedimento.get(d.codAvulso),
        dobraDe.has(d.codAvulso) && c.dobra
          ? {
              ofertaId: dobraDe.get(d.codAvulso)?.engajamento.ofertaId ?? 0,
              ordem: dobraDe.get(d.codAvulso)?.ordem ?? 0,
              horas: c.dobra.horas,
            }
          : undefined,
      ),
    })),
    ponteiros: ponteirosDosDoisPasses(r, c.dobra?.resultado).map((p) => ({
      num_escalacao: numEscalacao,
      cod_funcao: p.codFuncao,
      registro_inicial: p.registro.inicial,
      registro_final: p.registro.final,
      cadastro_inicial: p.cadastro.inicial,
      cadastro_final: p.cadastro.final,
      alcancou_cadastro: p.alcancouCadastro ? 1 : 0,
      registro_inicial_avulso: p.registro.inicialAvulso,
      registro_final_avulso: p.registro.finalAvulso,
      cadastro_inicial_avulso: p.cadastro.inicialAvulso,
      cadastro_final_avulso: p.cadastro.finalAvulso,
    })),
    base: c.base,
  });
}

/** Reads the input and runs the matching (no write): the first half of a run, also the benchmark's. */
export async function calcularRodizio(
  db: DbOuTrx,
  numEscalacao: number,
  regras: RegrasRodizio,
): Promise<RodizioCalculado & { vagas: number }> {
  const { entrada, vagas, base, turnos, engajamentosDe } = await lerEntradaRodizio(db, numEscalacao, regras);
  const resultado = executarRodizio(entrada);
  const horas = regras.dobraHorasDescanso;
  if (!horas) return { resultado, entrada, vagas, base, turnos };
  const dobra = { resultado: passeDaDobra(entrada, resultado, turnos, engajamentosDe, horas), horas };
  return { resultado, entrada, vagas, base, turnos, dobra };
}

/**
 * The second half, inside the caller's transaction: the state moves first (on PostgreSQL that UPDATE
 * locks the call's row, so a concurrent run waits and then replaces this one, and a publish in between
 * makes the later run find the call published and stop), then the result replaces the last one.
 */
export async function gravarRodizio(trx: DbOuTrx, passo: Passo, calculado: RodizioCalculado): Promise<void> {
  if (!(await moverEscala(trx, passo, ['fechada', 'apurada'], 'apurada', 'apurada'))) {
    await recusarTransicao(trx, passo.numEscalacao);
  }
  await gravarResultado(trx, passo.numEscalacao, calculado);
}

/** Runs the rotation of a closed (or already run) call and stores it; answers the summary with its time. */
export async function apurarEscala(
  banco: Banco,
  passo: Passo & Omit<RegrasRodizio, 'agora'>,
): Promise<ResumoRodizio> {
  const inicio = performance.now();
  const escala = await linhaEscala(banco.db, passo.numEscalacao);
  if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  if (escala.situacao !== 'fechada' && escala.situacao !== 'apurada') {
    await recusarTransicao(banco.db, passo.numEscalacao);
  }
  const calculado = await calcularRodizio(banco.db, passo.numEscalacao, { ...passo, agora: passo.agora });
  const { resultado, vagas } = calculado;
  await banco.db.transaction().execute((trx) => gravarRodizio(trx, passo, calculado));
  const escalados = resultado.engajamentos.length + (calculado.dobra?.resultado.engajamentos.length ?? 0);
  return {
    numEscalacao: passo.numEscalacao,
    vagas,
    escalados,
    vagasNaoPreenchidas: vagas - escalados,
    avulsosComEscolhas: resultado.decisoes.length,
    naoEscalados: resultado.decisoes.filter((d) => d.resultado !== 'escalado').length,
    duracaoMs: Math.round(performance.now() - inicio),
  };
}
