import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { EleicaoAuditoriaTable } from './tabelas.ts';

/** The election staff's reads and writes (issue 30, docs/decisions/0271). */

/** The workers among `codAvulsos`, with what a candidate needs and whether they may vote (be elected). */
export async function trabalhadoresCandidatos(db: DbOuTrx, codAvulsos: readonly string[]) {
  if (codAvulsos.length === 0) return [];
  return db
    .selectFrom('avulso')
    .select(['cod_avulso', 'nome', 'sexo', 'cod_sindicato', 'cod_categoria', 'afastamento_definitivo'])
    .where('cod_avulso', 'in', codAvulsos)
    .execute();
}

export async function inserirEleicao(
  trx: DbOuTrx,
  e: { descricao: string; abertura: string; fim_votacao: string; criada_por: string; criada_em: string },
): Promise<number> {
  const { id } = await trx
    .insertInto('eleicao')
    .values({
      ...e,
      situacao: 'aberta',
      encerramento: null,
      eleitores: null,
      chave_publica: null,
      sal_chave: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function inserirCandidatos(
  trx: DbOuTrx,
  idEleicao: number,
  candidatos: { matricula: number; nome_exibicao: string; sexo: 'F' | 'M'; cod_sindicato: number }[],
): Promise<void> {
  await trx
    .insertInto('candidato')
    .values(candidatos.map((c) => ({ eleicao_id: idEleicao, ...c })))
    .execute();
}

export async function registrarAuditoriaEleicao(
  trx: DbOuTrx,
  r: Omit<EleicaoAuditoriaTable, 'id' | 'dados'> & { dados?: object },
): Promise<void> {
  await trx
    .insertInto('eleicao_auditoria')
    .values({
      eleicao_id: r.eleicao_id,
      acao: r.acao,
      por: r.por,
      em: r.em,
      dados: r.dados ? JSON.stringify(r.dados) : null,
    })
    .execute();
}

const COLUNAS_ELEICAO = [
  'e.id',
  'e.descricao',
  'e.abertura',
  'e.fim_votacao',
  'e.situacao',
  'e.encerramento',
  'e.chave_publica',
  'e.criada_por',
  'e.criada_em',
  'a.nome as criada_por_nome',
] as const;

export async function eleicoesDaGestao(db: DbOuTrx, id?: number) {
  let q = db
    .selectFrom('eleicao as e')
    .leftJoin('avulso as a', 'a.cod_avulso', 'e.criada_por')
    .select(COLUNAS_ELEICAO)
    .select((eb) => [
      eb
        .selectFrom('candidato as c')
        .select((eb2) => eb2.fn.countAll<string | number>().as('n'))
        .whereRef('c.eleicao_id', '=', 'e.id')
        .as('candidatos'),
      eb
        .selectFrom('cedula as b')
        .select((eb2) => eb2.fn.countAll<string | number>().as('n'))
        .whereRef('b.eleicao_id', '=', 'e.id')
        .as('cedulas'),
    ]);
  if (id !== undefined) q = q.where('e.id', '=', id);
  return q.orderBy('e.abertura', 'desc').orderBy('e.id', 'desc').execute();
}
export type LinhaEleicaoGestao = Awaited<ReturnType<typeof eleicoesDaGestao>>[number];

/** The workers' full names by matrícula. */
export async function nomesDosTrabalhadores(db: DbOuTrx, codAvulsos: readonly string[]) {
  if (codAvulsos.length === 0) return new Map<string, string>();
  const linhas = await db
    .selectFrom('avulso')
    .select(['cod_avulso', 'nome'])
    .where('cod_avulso', 'in', codAvulsos)
    .execute();
  return new Map(linhas.map((l) => [l.cod_avulso, l.nome]));
}

export async function historicoDaEleicao(db: DbOuTrx, idEleicao: number) {
  return db
    .selectFrom('eleicao_auditoria as h')
    .innerJoin('avulso as a', 'a.cod_avulso', 'h.por')
    .select(['h.acao', 'h.em', 'h.por', 'a.nome'])
    .where('h.eleicao_id', '=', idEleicao)
    .orderBy('h.id')
    .execute();
}
