import { sql } from 'kysely';
import { funcaoPorCodigo } from '#common/funcoes.ts';
import { inserirEmMassa } from '../../plataforma/banco/dialeto.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { impedimentoEmVigor } from '../cadastro/index.ts';

/**
 * The rotation's and the publication's queries (docs/decisions/0154, 0155, 0210-0212): what a run reads of a
 * closed call, what it stores with the call, and what publishing reads back and writes. Plain functions taking
 * `db | trx` first; the services (apuracao.ts, publicacao.ts) own every rule.
 */

/** The call's offers with their requisition's ship and shift. */
export function ofertasDaEscala(db: DbOuTrx, numEscalacao: number) {
  return db
    .selectFrom('oferta as o')
    .innerJoin('requisicao as r', 'r.num_requisicao', 'o.num_requisicao')
    .select([
      'o.seq_categoria',
      'o.cod_funcao',
      'o.cod_categoria',
      'o.num_vagas',
      'o.num_porao',
      'r.nome_navio',
      'r.data_operacao',
      'r.hora_inicio',
      'r.hora_fim',
      'r.inicio',
      'r.fim',
    ])
    .where('o.num_escalacao', '=', numEscalacao)
    .execute();
}

/**
 * Each choice of the call with whether the worker holds its function now (one lookup by key per choice,
 * instead of reading every qualification of every chooser).
 */
export function escolhasComHabilitacao(db: DbOuTrx, numEscalacao: number, dia: string) {
  return (
    db
      .selectFrom('escolha as e')
      .leftJoin('oferta as o', 'o.seq_categoria', 'e.seq_categoria')
      // A qualification past its expiry on the call's day is gone (issue 30).
      .leftJoin('habilitacao as h', (j) =>
        j
          .onRef('h.cod_avulso', '=', 'e.cod_avulso')
          .onRef('h.cod_funcao', '=', 'o.cod_funcao')
          .on((eb) => eb.or([eb('h.valida_ate', 'is', null), eb('h.valida_ate', '>=', dia)])),
      )
      .select([
        'e.cod_avulso',
        'e.seq_categoria',
        'e.preferencia',
        'e.hora_digitacao',
        'h.cod_funcao as habilitada',
      ])
      .where('e.num_escalacao', '=', numEscalacao)
      .execute()
  );
}

/**
 * The workers who chose in the call, as the rotation ranks them, with their status and whether an impediment of
 * the staff is in force on the call's day (issue 30).
 */
export function avulsosQueEscolheram(db: DbOuTrx, numEscalacao: number, dia: string) {
  return db
    .selectFrom('avulso')
    .select([
      'cod_avulso',
      'num_chamada',
      'artigo',
      'impedimento',
      'afastamento_definitivo',
      'situacao',
      impedimentoEmVigor('avulso.cod_avulso', dia).as('impedido_cadastro'),
    ])
    .where('cod_avulso', 'in', (eb) =>
      eb.selectFrom('escolha').select('cod_avulso').where('num_escalacao', '=', numEscalacao),
    )
    .execute();
}

/**
 * The impediment messages of each worker who chose in the call: the legacy first message, then the motives of
 * the staff's impediments in force on the call's day (issue 30).
 */
export async function impedimentosDosQueEscolheram(db: DbOuTrx, numEscalacao: number, dia: string) {
  const [legadas, doCadastro] = await Promise.all([
    db
      .selectFrom('impedimento_mensagem')
      .select(['cod_avulso', 'mensagem'])
      .where('ordem', '=', 1)
      .where('cod_avulso', 'in', (eb) =>
        eb.selectFrom('escolha').select('cod_avulso').where('num_escalacao', '=', numEscalacao),
      )
      .execute(),
    db
      .selectFrom('impedimento')
      .select(['cod_avulso', 'motivo as mensagem'])
      .where('encerrado_em', 'is', null)
      .where('inicio', '<=', dia)
      .where((eb) => eb.or([eb('fim', 'is', null), eb('fim', '>=', dia)]))
      .where('cod_avulso', 'in', (eb) =>
        eb.selectFrom('escolha').select('cod_avulso').where('num_escalacao', '=', numEscalacao),
      )
      .orderBy('inicio')
      .orderBy('id')
      .execute(),
  ]);
  return [...legadas, ...doCadastro];
}

/** The call's day (yyyy-MM-dd): the day the rotation checks impediments and qualifications against. */
export async function diaDaEscala(db: DbOuTrx, numEscalacao: number): Promise<string> {
  const linha = await db
    .selectFrom('escala')
    .select('data_chamada')
    .where('num_escalacao', '=', numEscalacao)
    .executeTakeFirst();
  return linha?.data_chamada ?? '0000-00-00';
}

/** Every queue's pointers between calls (docs/decisions/0142, 0212). */
export function ponteirosAtuais(db: DbOuTrx, chaves?: readonly number[]) {
  return db
    .selectFrom('ponteiro_rodizio')
    .select(['cod_funcao', 'registro', 'cadastro', 'registro_avulso', 'cadastro_avulso'])
    .$if(chaves !== undefined, (q) => q.where('cod_funcao', 'in', chaves?.length ? chaves : [-1]))
    .execute();
}

export type LinhaEngajamento = {
  num_escalacao: number;
  cod_avulso: string;
  seq_categoria: number;
  preferencia: number;
  num_chamada: number;
  inicio: string;
  fim: string;
  posicao: number;
  /** 1: the main pass; 2: the double shift's (docs/decisions/0218). */
  passe: number;
};

export type LinhaAuditoriaOferta = {
  num_escalacao: number;
  seq_categoria: number;
  descricao: string;
  ultimo_escalado: number | null;
};

export type LinhaDecisao = {
  num_escalacao: number;
  cod_avulso: string;
  escalado: number;
  decisao: string;
};

export type LinhaPonteiroEscala = {
  num_escalacao: number;
  cod_funcao: number;
  registro_inicial: number | null;
  registro_final: number | null;
  cadastro_inicial: number | null;
  cadastro_final: number | null;
  alcancou_cadastro: number;
  registro_inicial_avulso: string | null;
  registro_final_avulso: string | null;
  cadastro_inicial_avulso: string | null;
  cadastro_final_avulso: string | null;
};

/**
 * Replaces the call's stored result with these rows (bulk inserts: one statement per table on PostgreSQL) and
 * keeps the digest of the engagements the run read (`rodizio_base`, docs/decisions/0211).
 */
export async function substituirResultado(
  trx: DbOuTrx,
  numEscalacao: number,
  linhas: {
    engajamentos: LinhaEngajamento[];
    ofertas: LinhaAuditoriaOferta[];
    decisoes: LinhaDecisao[];
    ponteiros: LinhaPonteiroEscala[];
    base: string;
  },
): Promise<void> {
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
      inicio: 'text',
      fim: 'text',
      posicao: 'integer',
      passe: 'integer',
    },
    linhas.engajamentos,
  );
  await inserirEmMassa(
    trx,
    'escala_auditoria_oferta',
    { num_escalacao: 'integer', seq_categoria: 'integer', descricao: 'text', ultimo_escalado: 'integer' },
    linhas.ofertas,
  );
  await inserirEmMassa(
    trx,
    'escala_decisao',
    { num_escalacao: 'integer', cod_avulso: 'text', escalado: 'integer', decisao: 'text' },
    linhas.decisoes,
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
      registro_inicial_avulso: 'text',
      registro_final_avulso: 'text',
      cadastro_inicial_avulso: 'text',
      cadastro_final_avulso: 'text',
    },
    linhas.ponteiros,
  );
  await trx
    .updateTable('escala')
    .set({ rodizio_base: linhas.base })
    .where('num_escalacao', '=', numEscalacao)
    .execute();
}

/**
 * Publications one at a time (docs/decisions/0211): on PostgreSQL a transaction-scoped advisory lock, so the
 * checks of one publication see every other one committed. SQLite runs one transaction at a time anyway.
 */
export async function travarPublicacoes(trx: DbOuTrx, dialeto: 'sqlite' | 'postgres'): Promise<void> {
  if (dialeto === 'postgres') await sql`select pg_advisory_xact_lock(2700211)`.execute(trx);
}

/** The digest the call's last rotation run stored. */
export async function baseDaEscala(db: DbOuTrx, numEscalacao: number): Promise<string | null> {
  const l = await db
    .selectFrom('escala')
    .select('rodizio_base')
    .where('num_escalacao', '=', numEscalacao)
    .executeTakeFirst();
  return l?.rodizio_base ?? null;
}

/** The pointers the call's rotation read and computed, per queue. */
export function ponteirosDaEscala(db: DbOuTrx, numEscalacao: number) {
  return db.selectFrom('escala_ponteiro').selectAll().where('num_escalacao', '=', numEscalacao).execute();
}

/** The call's engagements with their shifts (what publishing checks and turns into jobs). */
export function engajamentosDaEscala(db: DbOuTrx, numEscalacao: number) {
  return db
    .selectFrom('escala_engajamento')
    .select(['cod_avulso', 'seq_categoria', 'inicio', 'fim'])
    .where('num_escalacao', '=', numEscalacao)
    .execute();
}

/**
 * The call's engagements become `trabalho` rows in one INSERT … SELECT: the rows never leave the database.
 * The hold's name ('PR01' → 'Porão 2', common/porao.ts; holds are validated as PR00-PR99 / BL00-BL99) is
 * computed in SQL, the function's name comes from the catalogue as a CASE over the call's functions.
 */
export async function inserirTrabalhos(trx: DbOuTrx, numEscalacao: number): Promise<number> {
  const funcoes = (
    await trx
      .selectFrom('oferta')
      .select('cod_funcao')
      .distinct()
      .where('num_escalacao', '=', numEscalacao)
      .execute()
  ).map((l) => l.cod_funcao);
  const nomes =
    funcoes.length === 0
      ? sql`null`
      : sql`case o.cod_funcao ${sql.join(
          funcoes.map((c) => sql`when ${c} then ${funcaoPorCodigo(c)?.nome ?? `Função ${c}`}`),
          sql` `,
        )} end`;
  const r = await sql`
    insert into trabalho (cod_avulso, data_operacao, hora_inicio, hora_fim, inicio, fim, operador, navio,
      local_atracacao, mercadoria, faina, cod_funcao, funcao, num_escalacao)
    select e.cod_avulso, r.data_operacao, r.hora_inicio, r.hora_fim, r.inicio, r.fim, r.nome_operador,
      r.nome_navio, r.nome_local_atrac, p.mercadoria,
      case when substr(o.num_porao, 1, 2) = 'BL' then 'Bloco ' else 'Porão ' end
        || cast(cast(substr(o.num_porao, 3, 2) as integer) + 1 as varchar(4)),
      o.cod_funcao, ${nomes}, e.num_escalacao
    from escala_engajamento e
    join oferta o on o.seq_categoria = e.seq_categoria
    join requisicao r on r.num_requisicao = o.num_requisicao
    join porao p on p.num_requisicao = o.num_requisicao and p.num_porao = o.num_porao
    where e.num_escalacao = ${numEscalacao}
    order by e.cod_avulso`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
}

/** Each queue's pointers become the call's final ones (docs/decisions/0142, 0212). */
export async function moverPonteiros(
  trx: DbOuTrx,
  numEscalacao: number,
  ponteiros: readonly LinhaPonteiroEscala[],
): Promise<void> {
  if (ponteiros.length === 0) return;
  await trx
    .deleteFrom('ponteiro_rodizio')
    .where(
      'cod_funcao',
      'in',
      ponteiros.map((p) => p.cod_funcao),
    )
    .execute();
  await trx
    .insertInto('ponteiro_rodizio')
    .values(
      ponteiros.map((p) => ({
        cod_funcao: p.cod_funcao,
        registro: p.registro_final,
        cadastro: p.cadastro_final,
        registro_avulso: p.registro_final_avulso,
        cadastro_avulso: p.cadastro_final_avulso,
        registro_anterior: p.registro_inicial,
        alcancou_cadastro: p.alcancou_cadastro,
        num_escalacao: numEscalacao,
      })),
    )
    .execute();
}

/** The published call a second round comes from (null for a main call). */
export async function repescagemDe(db: DbOuTrx, numEscalacao: number): Promise<number | null> {
  const l = await db
    .selectFrom('escala')
    .select('repescagem_de')
    .where('num_escalacao', '=', numEscalacao)
    .executeTakeFirst();
  return l?.repescagem_de ?? null;
}

/** The workers a call engaged. */
export async function escaladosDaEscala(db: DbOuTrx, numEscalacao: number): Promise<Set<string>> {
  const linhas = await db
    .selectFrom('escala_engajamento')
    .select('cod_avulso')
    .where('num_escalacao', '=', numEscalacao)
    .execute();
  return new Set(linhas.map((l) => l.cod_avulso));
}

/** The second round already made of a call, if any. */
export async function repescagemDaEscala(db: DbOuTrx, numEscalacao: number): Promise<number | null> {
  const l = await db
    .selectFrom('escala')
    .select('num_escalacao')
    .where('repescagem_de', '=', numEscalacao)
    .where('situacao', '<>', 'cancelada')
    .executeTakeFirst();
  return l?.num_escalacao ?? null;
}

/** Each offer of a call with its vacancies left unfilled, its requisition and hold (for a second round). */
export function sobrasDaEscala(db: DbOuTrx, numEscalacao: number) {
  return db
    .selectFrom('oferta as o')
    .innerJoin('requisicao as r', 'r.num_requisicao', 'o.num_requisicao')
    .innerJoin('porao as p', (j) =>
      j.onRef('p.num_requisicao', '=', 'o.num_requisicao').onRef('p.num_porao', '=', 'o.num_porao'),
    )
    .select((eb) => [
      'r.num_requisicao',
      'r.cod_operador',
      'r.cod_navio',
      'r.data_operacao',
      'r.cod_periodo',
      'r.hora_inicio',
      'r.hora_fim',
      'r.cod_local_atrac',
      'r.fim',
      'o.num_porao',
      'p.mercadoria',
      'p.tonelagem',
      'o.cod_funcao',
      'o.num_vagas',
      eb
        .selectFrom('escala_engajamento as e')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('e.seq_categoria', '=', 'o.seq_categoria')
        .as('escalados'),
    ])
    .where('o.num_escalacao', '=', numEscalacao)
    .orderBy('r.num_requisicao')
    .orderBy('o.num_porao')
    .orderBy('o.seq_categoria')
    .execute();
}

export async function marcarRepescagem(db: DbOuTrx, numEscalacao: number, de: number): Promise<void> {
  await db
    .updateTable('escala')
    .set({ repescagem_de: de })
    .where('num_escalacao', '=', numEscalacao)
    .execute();
}
