import type { ResumoRodizio } from '#common/api/gestao.ts';
import { limiteDescanso, temDescanso } from '#common/descanso.ts';
import type { Banco } from '../../plataforma/banco/connection.ts';
import { inserirEmMassa } from '../../plataforma/banco/dialeto.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { descreverOferta } from '../rodizio/auditoria.ts';
import { executarRodizio } from '../rodizio/motor.ts';
import type {
  AvulsoRodizio,
  EntradaRodizio,
  EscolhaRodizio,
  OfertaRodizio,
  ResultadoRodizio,
} from '../rodizio/tipos.ts';
import { codificarDecisao } from './auditoria-gravada.ts';
import { moverEscala, type Passo, recusarTransicao } from './ciclo.ts';
import { linhaEscala } from './repositorio.ts';

/**
 * The rotation step (docs/decisions/0154): read a closed call's offers and choices and the choosers'
 * eligibility as it is now (qualified, rested by common/descanso.ts, not impeded), run server/modulos/rodizio (a pure
 * stable matching, engineer "motor"), store its result with the call: engagements, the audit and the
 * pointers before and after. Repeatable until published (each run replaces the last one's rows); the same
 * input gives the same result. No HTTP: the benchmark calls it with a database and an instant.
 */

export interface EntradaLida {
  entrada: EntradaRodizio;
  /** Every offer's vacancies (the summary). */
  vagas: number;
}

/** The rotation's input as the database holds it now. */
export async function lerEntradaRodizio(
  db: DbOuTrx,
  numEscalacao: number,
  horasDescanso: number,
): Promise<EntradaLida> {
  const [ofertas, escolhas, avulsos, impedimentos, ponteiros] = await Promise.all([
    db
      .selectFrom('oferta as o')
      .innerJoin('requisicao as r', 'r.num_requisicao', 'o.num_requisicao')
      .select([
        'o.seq_categoria',
        'o.cod_funcao',
        'o.cod_categoria',
        'o.num_vagas',
        'o.num_porao',
        'r.nome_navio',
        'r.inicio',
        'r.fim',
      ])
      .where('o.num_escalacao', '=', numEscalacao)
      .execute(),
    // Each choice with whether the worker holds its function now (one lookup by key per choice, instead of
    // reading every qualification of every chooser).
    db
      .selectFrom('escolha as e')
      .leftJoin('oferta as o', 'o.seq_categoria', 'e.seq_categoria')
      .leftJoin('habilitacao as h', (j) =>
        j.onRef('h.cod_avulso', '=', 'e.cod_avulso').onRef('h.cod_funcao', '=', 'o.cod_funcao'),
      )
      .select([
        'e.cod_avulso',
        'e.seq_categoria',
        'e.preferencia',
        'e.hora_digitacao',
        'h.cod_funcao as habilitada',
      ])
      .where('e.num_escalacao', '=', numEscalacao)
      .execute(),
    db
      .selectFrom('avulso')
      .select(['cod_avulso', 'num_chamada', 'artigo', 'impedimento', 'afastamento_definitivo'])
      .where('cod_avulso', 'in', (eb) =>
        eb.selectFrom('escolha').select('cod_avulso').where('num_escalacao', '=', numEscalacao),
      )
      .execute(),
    db
      .selectFrom('impedimento_mensagem')
      .select(['cod_avulso', 'mensagem'])
      .where('ordem', '=', 1)
      .where('cod_avulso', 'in', (eb) =>
        eb.selectFrom('escolha').select('cod_avulso').where('num_escalacao', '=', numEscalacao),
      )
      .execute(),
    db.selectFrom('ponteiro_rodizio').select(['cod_funcao', 'registro', 'cadastro']).execute(),
  ]);

  // Engagements that can break the rest of any shift of the call: one range query for all choosers.
  let inicioMin = Number.POSITIVE_INFINITY;
  let fimMax = 0;
  for (const o of ofertas) {
    inicioMin = Math.min(inicioMin, Date.parse(o.inicio));
    fimMax = Math.max(fimMax, Date.parse(o.fim));
  }
  const trabalhos =
    ofertas.length === 0
      ? []
      : await db
          .selectFrom('trabalho')
          .select(['cod_avulso', 'inicio', 'fim'])
          .where('fim', '>', new Date(limiteDescanso(inicioMin, horasDescanso)).toISOString())
          .where('inicio', '<', new Date(fimMax).toISOString())
          .where('cod_avulso', 'in', (eb) =>
            eb.selectFrom('escolha').select('cod_avulso').where('num_escalacao', '=', numEscalacao),
          )
          .execute();

  const engajamentosDe = new Map<string, { inicio: number; fim: number }[]>();
  for (const t of trabalhos) {
    const lista = engajamentosDe.get(t.cod_avulso) ?? [];
    lista.push({ inicio: Date.parse(t.inicio), fim: Date.parse(t.fim) });
    engajamentosDe.set(t.cod_avulso, lista);
  }
  const motivo = new Map(impedimentos.map((i) => [i.cod_avulso, i.mensagem]));
  const turnoDe = new Map(
    ofertas.map((o) => [
      o.seq_categoria,
      { inicio: Date.parse(o.inicio), fim: Date.parse(o.fim), codFuncao: o.cod_funcao },
    ]),
  );

  const ofertasRodizio: OfertaRodizio[] = ofertas.map((o) => ({
    id: o.seq_categoria,
    codFuncao: o.cod_funcao,
    codCategoria: o.cod_categoria,
    capacidade: o.num_vagas,
    descricao: descreverOferta({ nomeNavio: o.nome_navio, numPorao: o.num_porao, codFuncao: o.cod_funcao }),
  }));
  const avulsosRodizio: AvulsoRodizio[] = avulsos.map((a) => {
    const impedido = a.impedimento === 1 || a.afastamento_definitivo === 1;
    return {
      codAvulso: a.cod_avulso,
      numChamada: a.num_chamada,
      artigo: a.artigo === 54 ? 54 : 55,
      impedido,
      motivoImpedimento: impedido ? (motivo.get(a.cod_avulso) ?? null) : null,
    };
  });
  const escolhasRodizio: EscolhaRodizio[] = escolhas.map((e) => {
    const turno = turnoDe.get(e.seq_categoria);
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
      })),
      horasDescanso,
    },
    vagas: ofertas.reduce((s, o) => s + o.num_vagas, 0),
  };
}

/** A computed rotation, with the input it came from (the audit stores what its sentences name). */
export interface RodizioCalculado {
  resultado: ResultadoRodizio;
  entrada: EntradaRodizio;
}

/**
 * Replaces the call's stored result with this one: engagements, the audit as codes
 * (auditoria-gravada.ts) with what it names about each offer, and the pointers; bulk inserts
 * (`inserirEmMassa`: one statement per table on PostgreSQL).
 */
async function gravarResultado(trx: DbOuTrx, numEscalacao: number, c: RodizioCalculado): Promise<void> {
  const { resultado: r, entrada } = c;
  for (const tabela of [
    'escala_engajamento',
    'escala_decisao',
    'escala_ponteiro',
    'escala_auditoria_oferta',
  ] as const) {
    await trx.deleteFrom(tabela).where('num_escalacao', '=', numEscalacao).execute();
  }
  await inserirEmMassa(
    trx,
    'escala_engajamento',
    {
      num_escalacao: 'integer',
      cod_avulso: 'text',
      seq_categoria: 'integer',
      preferencia: 'integer',
      num_chamada: 'integer',
    },
    r.engajamentos.map((e) => ({
      num_escalacao: numEscalacao,
      cod_avulso: e.codAvulso,
      seq_categoria: e.ofertaId,
      preferencia: e.ordem,
      num_chamada: e.numChamada,
    })),
  );
  const ultimo = new Map(r.ofertas.map((o) => [o.ofertaId, o.ultimoEscalado]));
  await inserirEmMassa(
    trx,
    'escala_auditoria_oferta',
    { num_escalacao: 'integer', seq_categoria: 'integer', descricao: 'text', ultimo_escalado: 'integer' },
    entrada.ofertas.map((o) => ({
      num_escalacao: numEscalacao,
      seq_categoria: o.id,
      descricao: o.descricao,
      ultimo_escalado: ultimo.get(o.id) ?? null,
    })),
  );
  const horas = entrada.horasDescanso ?? 11;
  const motivoImpedimento = new Map(
    entrada.avulsos.filter((a) => a.impedido).map((a) => [a.codAvulso, a.motivoImpedimento ?? null]),
  );
  await inserirEmMassa(
    trx,
    'escala_decisao',
    { num_escalacao: 'integer', cod_avulso: 'text', escalado: 'integer', decisao: 'text' },
    r.decisoes.map((d) => ({
      num_escalacao: numEscalacao,
      cod_avulso: d.codAvulso,
      escalado: d.resultado === 'escalado' ? 1 : 0,
      decisao: codificarDecisao(d, horas, motivoImpedimento.get(d.codAvulso)),
    })),
  );
  await inserirEmMassa(
    trx,
    'escala_ponteiro',
    {
      num_escalacao: 'integer',
      cod_funcao: 'integer',
      registro_inicial: 'integer',
      registro_final: 'integer',
      cadastro_inicial: 'integer',
      cadastro_final: 'integer',
      alcancou_cadastro: 'integer',
    },
    r.ponteiros.map((p) => ({
      num_escalacao: numEscalacao,
      cod_funcao: p.codFuncao,
      registro_inicial: p.registro.inicial,
      registro_final: p.registro.final,
      cadastro_inicial: p.cadastro.inicial,
      cadastro_final: p.cadastro.final,
      alcancou_cadastro: p.alcancouCadastro ? 1 : 0,
    })),
  );
}

/** Reads the input and runs the matching (no write): the first half of a run, also the benchmark's. */
export async function calcularRodizio(
  db: DbOuTrx,
  numEscalacao: number,
  horasDescanso: number,
): Promise<RodizioCalculado & { vagas: number }> {
  const { entrada, vagas } = await lerEntradaRodizio(db, numEscalacao, horasDescanso);
  return { resultado: executarRodizio(entrada), entrada, vagas };
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
  passo: Passo & { horasDescanso: number },
): Promise<ResumoRodizio> {
  const inicio = performance.now();
  const escala = await linhaEscala(banco.db, passo.numEscalacao);
  if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  if (escala.situacao !== 'fechada' && escala.situacao !== 'apurada') {
    await recusarTransicao(banco.db, passo.numEscalacao);
  }
  const calculado = await calcularRodizio(banco.db, passo.numEscalacao, passo.horasDescanso);
  const { resultado, vagas } = calculado;
  await banco.db.transaction().execute((trx) => gravarRodizio(trx, passo, calculado));
  const escalados = resultado.engajamentos.length;
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
