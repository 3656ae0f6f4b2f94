import type { Insertable, Updateable } from 'kysely';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { AvulsoTable } from '../avulso/tabelas.ts';
import type { ImpedimentoTable } from './tabelas.ts';

/**
 * The writes of a worker's record (servico.ts and contas.ts own the rules): plain functions taking `db | trx`
 * first, so each change and its history line share the caller's transaction.
 */

export async function avulsoExiste(db: DbOuTrx, codAvulso: string): Promise<boolean> {
  const l = await db
    .selectFrom('avulso')
    .select('cod_avulso')
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
  return l !== undefined;
}

export async function inserirAvulso(db: DbOuTrx, linha: Insertable<AvulsoTable>): Promise<void> {
  await db.insertInto('avulso').values(linha).execute();
}

export async function alterarAvulso(
  db: DbOuTrx,
  codAvulso: string,
  campos: Updateable<AvulsoTable>,
): Promise<void> {
  await db.updateTable('avulso').set(campos).where('cod_avulso', '=', codAvulso).execute();
}

/** The worker's qualification in this function, if held. */
export function habilitacaoDe(db: DbOuTrx, codAvulso: string, codFuncao: number) {
  return db
    .selectFrom('habilitacao')
    .select('valida_ate')
    .where('cod_avulso', '=', codAvulso)
    .where('cod_funcao', '=', codFuncao)
    .executeTakeFirst();
}

export async function inserirHabilitacao(
  db: DbOuTrx,
  codAvulso: string,
  codFuncao: number,
  validaAte: string | null,
): Promise<void> {
  await db
    .insertInto('habilitacao')
    .values({ cod_avulso: codAvulso, cod_funcao: codFuncao, valida_ate: validaAte })
    .execute();
}

export async function alterarValidadeHabilitacao(
  db: DbOuTrx,
  codAvulso: string,
  codFuncao: number,
  validaAte: string | null,
): Promise<void> {
  await db
    .updateTable('habilitacao')
    .set({ valida_ate: validaAte })
    .where('cod_avulso', '=', codAvulso)
    .where('cod_funcao', '=', codFuncao)
    .execute();
}

export async function apagarHabilitacao(db: DbOuTrx, codAvulso: string, codFuncao: number): Promise<void> {
  await db
    .deleteFrom('habilitacao')
    .where('cod_avulso', '=', codAvulso)
    .where('cod_funcao', '=', codFuncao)
    .execute();
}

/** A new impediment; its id. */
export async function inserirImpedimento(
  db: DbOuTrx,
  impedimento: Insertable<ImpedimentoTable>,
): Promise<number> {
  const { id } = await db
    .insertInto('impedimento')
    .values(impedimento)
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** The worker's impediment with this id, if it is theirs. */
export function impedimentoDoAvulso(db: DbOuTrx, codAvulso: string, id: number) {
  return db
    .selectFrom('impedimento')
    .selectAll()
    .where('id', '=', id)
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
}

export async function marcarImpedimentoEncerrado(
  db: DbOuTrx,
  id: number,
  encerramento: { em: string; por: string },
): Promise<void> {
  await db
    .updateTable('impedimento')
    .set({ encerrado_em: encerramento.em, encerrado_por: encerramento.por })
    .where('id', '=', id)
    .execute();
}
