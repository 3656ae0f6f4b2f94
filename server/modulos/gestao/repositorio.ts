import { sql } from 'kysely';
import type { ContagensEscala, Passo, SituacaoEscala } from '#common/api/gestao.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { FilaRodizio } from '../rodizio/index.ts';

/** Queries of /gestao (issue 16): the calls, their counts and steps. */

const COLUNAS_ESCALA = [
  'num_escalacao',
  'data_chamada',
  'hora_chamada',
  'situacao',
  'aberta',
  'criada_em',
  'criada_por',
  'aberta_em',
  'aberta_por',
  'fechada_em',
  'fechada_por',
  'apurada_em',
  'apurada_por',
  'publicada_em',
  'publicada_por',
  'cancelada_em',
  'cancelada_por',
] as const;

export async function linhaEscala(db: DbOuTrx, numEscalacao: number) {
  return db
    .selectFrom('escala')
    .select(COLUNAS_ESCALA)
    .where('num_escalacao', '=', numEscalacao)
    .executeTakeFirst();
}

export type LinhaEscala = NonNullable<Awaited<ReturnType<typeof linhaEscala>>>;

/** The steps already taken, in the order of the call's life. */
export function passosDaEscala(e: LinhaEscala): Passo[] {
  const passos: Passo[] = [];
  const par = (situacao: SituacaoEscala, em: string | null | undefined, por: string | null | undefined) => {
    if (em) passos.push({ situacao, em, por: por ?? null });
  };
  par('rascunho', e.criada_em, e.criada_por);
  par('aberta', e.aberta_em, e.aberta_por);
  par('fechada', e.fechada_em, e.fechada_por);
  par('apurada', e.apurada_em, e.apurada_por);
  par('publicada', e.publicada_em, e.publicada_por);
  par('cancelada', e.cancelada_em, e.cancelada_por);
  return passos;
}

const contagensVazias = (): ContagensEscala => ({
  requisicoes: 0,
  ofertas: 0,
  vagas: 0,
  escolhas: 0,
  avulsos: 0,
  escalados: 0,
});

/** Counts of one call, or of every call when `numEscalacao` is omitted: four grouped queries in all. */
export async function contagensEscalas(
  db: DbOuTrx,
  numEscalacao?: number,
): Promise<Map<number, ContagensEscala>> {
  const [requisicoes, ofertas, escolhas, escalados] = await Promise.all([
    db
      .selectFrom('requisicao')
      .select((eb) => ['num_escalacao', eb.fn.countAll<number>().as('n')])
      .$if(numEscalacao !== undefined, (q) => q.where('num_escalacao', '=', numEscalacao as number))
      .groupBy('num_escalacao')
      .execute(),
    db
      .selectFrom('oferta')
      .select((eb) => [
        'num_escalacao',
        eb.fn.countAll<number>().as('n'),
        eb.fn.sum<number>('num_vagas').as('vagas'),
      ])
      .$if(numEscalacao !== undefined, (q) => q.where('num_escalacao', '=', numEscalacao as number))
      .groupBy('num_escalacao')
      .execute(),
    db
      .selectFrom('escolha')
      .select((eb) => [
        'num_escalacao',
        eb.fn.countAll<number>().as('n'),
        eb.fn.count<number>('cod_avulso').distinct().as('avulsos'),
      ])
      .$if(numEscalacao !== undefined, (q) => q.where('num_escalacao', '=', numEscalacao as number))
      .groupBy('num_escalacao')
      .execute(),
    db
      .selectFrom('escala_engajamento')
      .select((eb) => ['num_escalacao', eb.fn.countAll<number>().as('n')])
      .$if(numEscalacao !== undefined, (q) => q.where('num_escalacao', '=', numEscalacao as number))
      .groupBy('num_escalacao')
      .execute(),
  ]);
  const porEscala = new Map<number, ContagensEscala>();
  const de = (num: number) => {
    let c = porEscala.get(num);
    if (!c) {
      c = contagensVazias();
      porEscala.set(num, c);
    }
    return c;
  };
  for (const l of requisicoes) de(l.num_escalacao).requisicoes = Number(l.n);
  for (const l of ofertas) {
    const c = de(l.num_escalacao);
    c.ofertas = Number(l.n);
    c.vagas = Number(l.vagas ?? 0);
  }
  for (const l of escolhas) {
    const c = de(l.num_escalacao);
    c.escolhas = Number(l.n);
    c.avulsos = Number(l.avulsos);
  }
  for (const l of escalados) de(l.num_escalacao).escalados = Number(l.n);
  return porEscala;
}

export function contagensDe(mapa: Map<number, ContagensEscala>, num: number): ContagensEscala {
  return mapa.get(num) ?? contagensVazias();
}

/** Choices per offer of a call (the live counts of the call's page). */
export async function escolhasPorOferta(db: DbOuTrx, numEscalacao: number): Promise<Map<number, number>> {
  const linhas = await db
    .selectFrom('escolha')
    .select((eb) => ['seq_categoria', eb.fn.countAll<number>().as('n')])
    .where('num_escalacao', '=', numEscalacao)
    .groupBy('seq_categoria')
    .execute();
  return new Map(linhas.map((l) => [l.seq_categoria, Number(l.n)]));
}

/** A call's step columns (`<passo>_em`, `<passo>_por`). */
export type ColunaPasso = 'aberta' | 'fechada' | 'apurada' | 'publicada' | 'cancelada';

/** One step: the UPDATE that moves the call from one of `de` to `para`; false when no row moved. */
export async function moverEscala(
  db: DbOuTrx,
  passo: { numEscalacao: number; agora: Date; por: string },
  de: readonly SituacaoEscala[],
  para: SituacaoEscala,
  coluna: ColunaPasso,
): Promise<boolean> {
  const r = await db
    .updateTable('escala')
    .set({
      situacao: para,
      aberta: para === 'aberta' ? 1 : 0,
      [`${coluna}_em`]: passo.agora.toISOString(),
      [`${coluna}_por`]: passo.por,
    })
    .where('num_escalacao', '=', passo.numEscalacao)
    .where('situacao', 'in', de)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function maiorNumeroEscala(db: DbOuTrx): Promise<number> {
  const maior = await db
    .selectFrom('escala')
    .select((eb) => eb.fn.max('num_escalacao').as('n'))
    .executeTakeFirst();
  return Number(maior?.n ?? 0);
}

export async function inserirRascunho(
  db: DbOuTrx,
  numEscalacao: number,
  dados: { dataChamada: string; horaChamada: string; agora: Date; por: string },
): Promise<void> {
  await db
    .insertInto('escala')
    .values({
      num_escalacao: numEscalacao,
      data_chamada: dados.dataChamada,
      hora_chamada: dados.horaChamada,
      aberta: 0,
      situacao: 'rascunho',
      criada_em: dados.agora.toISOString(),
      criada_por: dados.por,
    })
    .execute();
}

export function umaRequisicao(db: DbOuTrx, numEscalacao: number) {
  return db
    .selectFrom('requisicao')
    .select('num_requisicao')
    .where('num_escalacao', '=', numEscalacao)
    .limit(1)
    .executeTakeFirst();
}

/** The open call, if any (the partial unique index keeps it one). */
export function escalaAbertaAgora(db: DbOuTrx) {
  return db.selectFrom('escala').select('num_escalacao').where('aberta', '=', 1).executeTakeFirst();
}

/**
 * The offers' pointer fields from their function's state (server/modulos/rodizio/ponteiros.ts camposPonteiroOferta,
 * written as one UPDATE): ponteiro = registered list's pointer, ponteiroA = the one before the last
 * published call, ponteiroP = cadastered list's, grupo = the list that call reached.
 */
export async function copiarPonteiros(trx: DbOuTrx, numEscalacao: number, fila: FilaRodizio): Promise<void> {
  // The offer's queue (docs/decisions/0216): its function's pointer, or its category's.
  const doPonteiro =
    fila === 'categoria'
      ? sql`from ponteiro_rodizio p where p.cod_funcao = oferta.cod_categoria`
      : sql`from ponteiro_rodizio p where p.cod_funcao = oferta.cod_funcao`;
  await trx
    .updateTable('oferta')
    .set({
      ponteiro: sql<number | null>`(select p.registro ${doPonteiro})`,
      ponteiro_a: sql<number | null>`(select p.registro_anterior ${doPonteiro})`,
      ponteiro_p: sql<number | null>`(select p.cadastro ${doPonteiro})`,
      grupo: sql<
        string | null
      >`(select case when p.alcancou_cadastro = 1 then 'Cadastro' else 'Registro' end ${doPonteiro})`,
    })
    .where('num_escalacao', '=', numEscalacao)
    .execute();
}

/** The newest calls (by number), at most `limite`. */
export function ultimasEscalas(db: DbOuTrx, limite: number) {
  return db
    .selectFrom('escala')
    .select(['num_escalacao', 'data_chamada', 'hora_chamada', 'situacao'])
    .orderBy('num_escalacao', 'desc')
    .limit(limite)
    .execute();
}

/** Drafts and the open call, with their call date and time: what the scheduled steps look at (0269). */
export function escalasParaHorario(db: DbOuTrx) {
  return db
    .selectFrom('escala')
    .select(['num_escalacao', 'situacao', 'data_chamada', 'hora_chamada'])
    .where('situacao', 'in', ['rascunho', 'aberta'])
    .orderBy('num_escalacao')
    .execute();
}
