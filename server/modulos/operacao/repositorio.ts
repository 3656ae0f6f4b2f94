import type { Db } from '../../plataforma/banco/schema.ts';

/** A call's state as the database has it now (the log line of a change of state). */
export async function situacaoDaEscala(db: Db, numEscalacao: number): Promise<string | undefined> {
  const linha = await db
    .selectFrom('escala')
    .select('situacao')
    .where('num_escalacao', '=', numEscalacao)
    .executeTakeFirst();
  return linha?.situacao;
}
