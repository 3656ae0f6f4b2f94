import { sql } from 'kysely';
import { type Intervalo, janelaDescanso } from '#common/descanso.ts';
import { dialetoDe } from '../../plataforma/banco/dialeto.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { emVigor, impedimentoEmVigor } from '../cadastro/index.ts';

/**
 * Queries of the electronic call. The shared part of a call is read once per cache period
 * (server/modulos/escalacao/escala-compartilhada.ts); the personal part of a worker is read per request through
 * indexed lookups: qualifications (primary key), engagements near the call (trabalho_avulso_fim),
 * choices in the call (escolha_avulso_escala).
 */

/** PostgreSQL integer columns stop here: larger numbers cannot name a row, so they are never queried. */
const MAIOR_INTEIRO_BANCO = 2_147_483_647;

export async function buscarEscala(db: DbOuTrx, numEscalacao: number) {
  if (numEscalacao > MAIOR_INTEIRO_BANCO) return undefined;
  return db
    .selectFrom('escala')
    .select(['num_escalacao', 'data_chamada', 'hora_chamada', 'aberta', 'situacao'])
    .where('num_escalacao', '=', numEscalacao)
    .executeTakeFirst();
}

/**
 * Workers' rows and qualifications in one query (the hot path of GET and POST /api/vagas; the server reads the
 * workers of one turn of the event loop together), with what the confirmed list shows of them.
 *
 * PostgreSQL gets one lookup per code by construction (LATERAL with LIMIT is never flattened, and the
 * qualifications are aggregated per worker): a join of `avulso` and `habilitacao` over a list of codes was
 * planned as a hash join that scanned every qualification (39,295 rows, 7-12 ms per batch of the benchmark,
 * with or without statistics), where lookups take well under 1 ms (docs/decisions/0027, addendum). One array
 * parameter also means one statement text whatever the batch size. SQLite plans the join as lookups.
 */
export async function buscarAvulsosComHabilitacoes(db: DbOuTrx, codigos: readonly string[], hoje: string) {
  const porCodigo = new Map<string, AvulsoComHabilitacoes>();
  if (codigos.length === 0) return porCodigo;
  if (dialetoDe(db) === 'postgres') {
    const { rows } = await sql<LinhaAvulso & { funcoes: number[] | null }>`
      select a.cod_avulso, a.cod_categoria, a.artigo, a.impedimento, a.num_chamada, a.nome, a.sexo,
             a.cod_sindicato, a.situacao, ${impedimentoEmVigor('a.cod_avulso', hoje)} as impedido_cadastro, h.funcoes
        from unnest(${[...codigos]}::varchar[]) as c(cod)
       cross join lateral (select * from avulso where cod_avulso = c.cod limit 1) as a
       cross join lateral (select array_agg(cod_funcao) as funcoes from habilitacao
                            where cod_avulso = c.cod and (valida_ate is null or valida_ate >= ${hoje})) as h`.execute(
      db,
    );
    for (const l of rows) porCodigo.set(l.cod_avulso, avulsoDaLinha(l, l.funcoes ?? []));
    return porCodigo;
  }
  const linhas = await db
    .selectFrom('avulso as a')
    // An expired qualification is gone (issue 30).
    .leftJoin('habilitacao as h', (j) =>
      j
        .onRef('h.cod_avulso', '=', 'a.cod_avulso')
        .on((eb) => eb.or([eb('h.valida_ate', 'is', null), eb('h.valida_ate', '>=', hoje)])),
    )
    .select([
      'a.cod_avulso',
      'a.cod_categoria',
      'a.artigo',
      'a.impedimento',
      'a.num_chamada',
      'a.nome',
      'a.sexo',
      'a.cod_sindicato',
      'a.situacao',
      impedimentoEmVigor('a.cod_avulso', hoje).as('impedido_cadastro'),
      'h.cod_funcao',
    ])
    .where('a.cod_avulso', 'in', codigos)
    .execute();
  for (const l of linhas) {
    let avulso = porCodigo.get(l.cod_avulso);
    if (!avulso) {
      avulso = avulsoDaLinha(l, []);
      porCodigo.set(l.cod_avulso, avulso);
    }
    if (l.cod_funcao !== null) avulso.habilitacoes.add(l.cod_funcao);
  }
  return porCodigo;
}

interface LinhaAvulso {
  cod_avulso: string;
  cod_categoria: number;
  artigo: number;
  impedimento: number;
  num_chamada: number;
  nome: string;
  sexo: 'F' | 'M';
  cod_sindicato: number;
  situacao?: string | null;
  impedido_cadastro: boolean | number;
}

function avulsoDaLinha(l: LinhaAvulso, funcoes: readonly number[]): AvulsoComHabilitacoes {
  return {
    codAvulso: l.cod_avulso,
    numChamada: l.num_chamada,
    nome: l.nome,
    sexo: l.sexo,
    codSindicato: l.cod_sindicato,
    codCategoria: l.cod_categoria,
    artigo: l.artigo,
    // The legacy flag, a status other than active, or an impediment of the staff in force today (issue 30).
    impedido: l.impedimento === 1 || (l.situacao ?? 'ativo') !== 'ativo' || emVigor(l.impedido_cadastro),
    habilitacoes: new Set(funcoes),
  };
}

export interface AvulsoComHabilitacoes {
  codAvulso: string;
  numChamada: number;
  nome: string;
  sexo: 'F' | 'M';
  codSindicato: number;
  codCategoria: number;
  artigo: number;
  impedido: boolean;
  habilitacoes: Set<number>;
}

/** The open call (the newest, should there be more than one), or null. */
export async function escalaAberta(db: DbOuTrx) {
  const linha = await db
    .selectFrom('escala')
    .select(['num_escalacao', 'data_chamada', 'hora_chamada'])
    .where('aberta', '=', 1)
    .orderBy('num_escalacao', 'desc')
    .executeTakeFirst();
  return linha
    ? { numEscalacao: linha.num_escalacao, dataChamada: linha.data_chamada, horaChamada: linha.hora_chamada }
    : null;
}

/** How many workers chose each offer of a call's category (offers nobody chose are absent). */
export async function contagemEscolhas(
  db: DbOuTrx,
  numEscalacao: number,
  codCategoria: number,
): Promise<Map<number, number>> {
  const linhas = await db
    .selectFrom('escolha')
    .select((eb) => ['seq_categoria', eb.fn.countAll<number | string>().as('qtd')])
    .where('num_escalacao', '=', numEscalacao)
    .where('cod_categoria', '=', codCategoria)
    .groupBy('seq_categoria')
    .execute();
  return new Map(linhas.map((l) => [l.seq_categoria, Number(l.qtd)]));
}

/**
 * The worker's engagements that can matter to the rest rule for shifts between `inicio` and `fim`, looking back
 * and ahead (common/descanso.ts `janelaDescanso`, docs/decisions/0210): the published ones (`trabalho`) and
 * those other calls' rotations stored and have not published yet (`escala_engajamento`; a published call's
 * rows are there too and say the same). The call being chosen in (`numEscalacao`) does not count against itself.
 */
export async function engajamentosProximos(
  db: DbOuTrx,
  codAvulso: string,
  numEscalacao: number,
  inicio: number,
  fim: number,
  horasDescanso: number,
): Promise<Intervalo[]> {
  const lidos = await engajamentosDosAvulsos(db, [codAvulso], numEscalacao, inicio, fim, horasDescanso);
  return lidos.get(codAvulso) ?? [];
}

/**
 * `engajamentosProximos` for many workers in one round trip (the rotation's choosers, GET /api/vagas' batch):
 * every engagement, published or only rotated, of these workers that ends after `inicio − rest` and starts
 * before `fim + rest`, except those of `numEscalacao` itself.
 */
export async function engajamentosDosAvulsos(
  db: DbOuTrx,
  codigos: readonly string[] | { daEscala: number },
  numEscalacao: number,
  inicio: number,
  fim: number,
  horasDescanso: number,
): Promise<Map<string, Intervalo[]>> {
  const porCodigo = new Map<string, Intervalo[]>();
  if (Array.isArray(codigos) && codigos.length === 0) return porCodigo;
  const j = janelaDescanso(inicio, fim, horasDescanso);
  const depois = new Date(j.fimDepoisDe).toISOString();
  const antes = new Date(j.inicioAntesDe).toISOString();
  const quem = Array.isArray(codigos)
    ? sql`in (${sql.join(codigos)})`
    : sql`in (select cod_avulso from escolha where num_escalacao = ${(codigos as { daEscala: number }).daEscala})`;
  const { rows } = await sql<{ cod_avulso: string; inicio: string; fim: string }>`
    select cod_avulso, inicio, fim from trabalho
     where cod_avulso ${quem} and fim > ${depois} and inicio < ${antes}
    union all
    select cod_avulso, inicio, fim from escala_engajamento
     where cod_avulso ${quem} and fim > ${depois} and inicio < ${antes} and num_escalacao <> ${numEscalacao}`.execute(
    db,
  );
  for (const l of rows) {
    const lista = porCodigo.get(l.cod_avulso);
    const e = { inicio: Date.parse(l.inicio), fim: Date.parse(l.fim) };
    if (lista) lista.push(e);
    else porCodigo.set(l.cod_avulso, [e]);
  }
  return porCodigo;
}

export interface EscolhaAtual {
  id: number;
  seq_categoria: number;
  cod_categoria: number;
  preferencia: number;
}

export async function escolhasDoAvulso(
  db: DbOuTrx,
  codAvulso: string,
  numEscalacao: number,
  codCategoria?: number,
): Promise<(EscolhaAtual & { hora_digitacao: string })[]> {
  let consulta = db
    .selectFrom('escolha')
    .select(['id', 'seq_categoria', 'cod_categoria', 'preferencia', 'hora_digitacao'])
    .where('cod_avulso', '=', codAvulso)
    .where('num_escalacao', '=', numEscalacao);
  if (codCategoria !== undefined) consulta = consulta.where('cod_categoria', '=', codCategoria);
  return consulta.execute();
}

/**
 * GET /api/vagas's personal reads in one round trip: the worker's engagements that matter to the rest rule
 * for shifts between `inicio` and `fim` (as `engajamentosProximos`), and their choices in the call.
 */
export interface EngajamentosEEscolhas {
  engajamentos: Intervalo[];
  escolhas: EscolhaAtual[];
  /**
   * The call is a second round ('repescagem', docs/decisions/0217) and its main call engaged this worker: the
   * round's vacancies are not theirs, GET /api/vagas shows them none (docs/decisions/0260).
   */
  foraDaRepescagem: boolean;
}

/**
 * GET /api/vagas's personal reads for several workers of the same call in one round trip (the server reads
 * those of one turn of the event loop together, docs/decisions/0027): each worker's engagements that matter to
 * the rest rule for shifts between `inicio` and `fim`, back and ahead, published or only rotated (as
 * `engajamentosProximos`), and their choices in the call. Every worker asked for is in the answer, with empty lists when they have nothing.
 */
export async function engajamentosEEscolhas(
  db: DbOuTrx,
  codigos: readonly string[],
  numEscalacao: number,
  inicio: number,
  fim: number,
  horasDescanso: number,
): Promise<Map<string, EngajamentosEEscolhas>> {
  const porCodigo = new Map<string, EngajamentosEEscolhas>(
    codigos.map((c) => [c, { engajamentos: [], escolhas: [], foraDaRepescagem: false }]),
  );
  if (codigos.length === 0) return porCodigo;
  const j = janelaDescanso(inicio, fim, horasDescanso);
  const depois = new Date(j.fimDepoisDe).toISOString();
  const antes = new Date(j.inicioAntesDe).toISOString();
  const lista = sql.join(codigos);
  const { rows } = await sql<{
    tipo: string;
    cod_avulso: string;
    inicio: string | null;
    fim: string | null;
    id: number | null;
    seq_categoria: number | null;
    cod_categoria: number | null;
    preferencia: number | null;
  }>`select 't' as tipo, cod_avulso, inicio, fim, cast(null as integer) as id,
      cast(null as integer) as seq_categoria, cast(null as integer) as cod_categoria,
      cast(null as integer) as preferencia
      from trabalho where cod_avulso in (${lista}) and fim > ${depois} and inicio < ${antes}
    union all
    select 't', cod_avulso, inicio, fim, null, null, null, null
      from escala_engajamento where cod_avulso in (${lista}) and fim > ${depois} and inicio < ${antes}
       and num_escalacao <> ${numEscalacao}
    union all
    select 'e', cod_avulso, null, null, id, seq_categoria, cod_categoria, preferencia
      from escolha where cod_avulso in (${lista}) and num_escalacao = ${numEscalacao}
    union all
    select 'r', cod_avulso, null, null, null, null, null, null
      from escala_engajamento where cod_avulso in (${lista})
       and num_escalacao = (select repescagem_de from escala where num_escalacao = ${numEscalacao})`.execute(
    db,
  );
  for (const l of rows) {
    const destino = porCodigo.get(l.cod_avulso);
    if (!destino) continue;
    if (l.tipo === 'r') {
      destino.foraDaRepescagem = true;
    } else if (l.tipo === 't') {
      destino.engajamentos.push({ inicio: Date.parse(l.inicio ?? ''), fim: Date.parse(l.fim ?? '') });
    } else {
      destino.escolhas.push({
        id: Number(l.id),
        seq_categoria: Number(l.seq_categoria),
        cod_categoria: Number(l.cod_categoria),
        preferencia: Number(l.preferencia),
      });
    }
  }
  return porCodigo;
}

/** The structure of a call: requisitions, holds and offers, in display order. */
export async function estruturaEscala(db: DbOuTrx, numEscalacao: number) {
  const [requisicoes, poroes, ofertas] = await Promise.all([
    db
      .selectFrom('requisicao')
      .selectAll()
      .where('num_escalacao', '=', numEscalacao)
      .orderBy('inicio')
      .orderBy('num_requisicao')
      .execute(),
    db
      .selectFrom('porao as p')
      .innerJoin('requisicao as r', 'r.num_requisicao', 'p.num_requisicao')
      .select(['p.num_requisicao', 'p.num_porao', 'p.mercadoria', 'p.tonelagem'])
      .where('r.num_escalacao', '=', numEscalacao)
      .orderBy('p.num_requisicao')
      .orderBy('p.num_porao')
      .execute(),
    db
      .selectFrom('oferta')
      .selectAll()
      .where('num_escalacao', '=', numEscalacao)
      .orderBy('num_requisicao')
      .orderBy('num_porao')
      .orderBy('seq_categoria')
      .execute(),
  ]);
  return { requisicoes, poroes, ofertas };
}

/** One row per worker with a chosen offer in the call and category, with their latest typing time. */
export async function confirmadosDaCategoria(db: DbOuTrx, numEscalacao: number, codCategoria: number) {
  return db
    .selectFrom('escolha as e')
    .innerJoin('avulso as a', 'a.cod_avulso', 'e.cod_avulso')
    .select((eb) => [
      'a.cod_avulso',
      'a.num_chamada',
      'a.nome',
      'a.sexo',
      'a.cod_sindicato',
      eb.fn.max('e.hora_digitacao').as('hora_digitacao'),
    ])
    .where('e.num_escalacao', '=', numEscalacao)
    .where('e.cod_categoria', '=', codCategoria)
    .groupBy(['a.cod_avulso', 'a.num_chamada', 'a.nome', 'a.sexo', 'a.cod_sindicato'])
    .orderBy('hora_digitacao')
    .orderBy('a.num_chamada')
    .execute();
}

/**
 * The workers a call's rotation engaged in a category's offers, once it is published (empty before: the
 * result may still change). The category's confirmed list marks them (docs/decisions/0155).
 */
export async function escaladosSePublicada(
  db: DbOuTrx,
  numEscalacao: number,
  codCategoria: number,
): Promise<Set<string>> {
  const linhas = await db
    .selectFrom('escala_engajamento as g')
    .innerJoin('escala as s', 's.num_escalacao', 'g.num_escalacao')
    .innerJoin('oferta as o', 'o.seq_categoria', 'g.seq_categoria')
    .select('g.cod_avulso')
    .where('g.num_escalacao', '=', numEscalacao)
    .where('s.situacao', '=', 'publicada')
    .where('o.cod_categoria', '=', codCategoria)
    .execute();
  return new Set(linhas.map((l) => l.cod_avulso));
}
