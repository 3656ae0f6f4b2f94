import { randomUUID } from 'node:crypto';
import { CATEGORIA_OGMO } from '#common/dominio.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/**
 * Reads of the CPATP election. Ballots are sealed (docs/decisions/0063-cedula-selada.md): the app reads
 * their seals only to open them at the tally; everything else reads counts.
 */

export async function buscarEleicao(db: DbOuTrx, id: number) {
  return db.selectFrom('eleicao').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listarEleicoes(db: DbOuTrx) {
  return db
    .selectFrom('eleicao as e')
    .select((eb) => [
      'e.id',
      'e.descricao',
      'e.abertura',
      'e.encerramento',
      'e.situacao',
      eb
        .selectFrom('candidato as c')
        .select((eb2) => eb2.fn.countAll<number>().as('n'))
        .whereRef('c.eleicao_id', '=', 'e.id')
        .as('candidatos'),
      eb
        .selectFrom('votante as v')
        .select((eb2) => eb2.fn.countAll<number>().as('n'))
        .whereRef('v.eleicao_id', '=', 'e.id')
        .as('votantes'),
    ])
    .orderBy('e.abertura', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
}

/** The oldest open election, within its voting period at `agora` (ISO), the worker has not voted in. */
export async function buscarEleicaoPendente(db: DbOuTrx, codAvulso: string, agora: string) {
  return db
    .selectFrom('eleicao as e')
    .select(['e.id', 'e.descricao'])
    .where('e.situacao', '=', 'aberta')
    .where('e.chave_publica', 'is not', null)
    .where('e.abertura', '<=', agora)
    .where((eb) => eb.or([eb('e.fim_votacao', 'is', null), eb('e.fim_votacao', '>', agora)]))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('votante as v')
            .select('v.cod_avulso')
            .whereRef('v.eleicao_id', '=', 'e.id')
            .where('v.cod_avulso', '=', codAvulso),
        ),
      ),
    )
    .orderBy('e.abertura')
    .orderBy('e.id')
    .executeTakeFirst();
}

export async function listarCandidatos(db: DbOuTrx, idEleicao: number) {
  return db
    .selectFrom('candidato')
    .select(['matricula', 'nome_exibicao', 'sexo', 'cod_sindicato'])
    .where('eleicao_id', '=', idEleicao)
    .execute();
}

export async function ehCandidato(db: DbOuTrx, idEleicao: number, matricula: number): Promise<boolean> {
  const linha = await db
    .selectFrom('candidato')
    .select('matricula')
    .where('eleicao_id', '=', idEleicao)
    .where('matricula', '=', matricula)
    .executeTakeFirst();
  return linha !== undefined;
}

/** Workers who have a photo, among the given codes. */
export async function comFoto(db: DbOuTrx, codigos: string[]): Promise<Set<string>> {
  if (codigos.length === 0) return new Set();
  const linhas = await db
    .selectFrom('foto')
    .select('cod_avulso')
    .where('cod_avulso', 'in', codigos)
    .execute();
  return new Set(linhas.map((l) => l.cod_avulso));
}

/** Who may vote: every worker except those on definitive leave and the OGMO's own staff. */
export async function ehEleitor(db: DbOuTrx, codAvulso: string): Promise<boolean> {
  const linha = await db
    .selectFrom('avulso')
    .select('cod_avulso')
    .where('cod_avulso', '=', codAvulso)
    .where('afastamento_definitivo', '=', 0)
    .where('cod_categoria', '<>', CATEGORIA_OGMO)
    .executeTakeFirst();
  return linha !== undefined;
}

/** The roll of an election: the workers entitled to vote now, plus anyone who already voted. */
export async function contarEleitores(db: DbOuTrx, idEleicao: number): Promise<number> {
  const linha = await db
    .selectFrom('avulso as a')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) =>
      eb.or([
        eb.and([eb('a.afastamento_definitivo', '=', 0), eb('a.cod_categoria', '<>', CATEGORIA_OGMO)]),
        eb.exists(
          eb
            .selectFrom('votante as v')
            .select('v.cod_avulso')
            .whereRef('v.cod_avulso', '=', 'a.cod_avulso')
            .where('v.eleicao_id', '=', idEleicao),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(linha.n);
}

export async function contarVotantes(db: DbOuTrx, idEleicao: number): Promise<number> {
  const linha = await db
    .selectFrom('votante')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('eleicao_id', '=', idEleicao)
    .executeTakeFirstOrThrow();
  return Number(linha.n);
}

export async function contarCedulas(db: DbOuTrx, idEleicao: number): Promise<number> {
  const linha = await db
    .selectFrom('cedula')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('eleicao_id', '=', idEleicao)
    .executeTakeFirstOrThrow();
  return Number(linha.n);
}

/** The tally per chosen matricula: written at closing (and, for ballots cast in the clear, by migration). */
export async function lerApuracao(db: DbOuTrx, idEleicao: number): Promise<Map<number, number>> {
  const linhas = await db
    .selectFrom('apuracao')
    .select(['voto', 'votos'])
    .where('eleicao_id', '=', idEleicao)
    .execute();
  return new Map(linhas.map((l) => [Number(l.voto), Number(l.votos)]));
}

/** The sealed ballots, read only by the tally, which opens them in memory. */
export async function listarSelos(db: DbOuTrx, idEleicao: number): Promise<Uint8Array[]> {
  const linhas = await db
    .selectFrom('cedula')
    .select('selo')
    .where('eleicao_id', '=', idEleicao)
    .where('selo', 'is not', null)
    .execute();
  return linhas.flatMap((l) => (l.selo ? [l.selo] : []));
}

/** Locks an open election's row for a vote (a closing waits for it); its public key, or undefined if not open. */
export async function travarEleicaoAberta(trx: DbOuTrx, idEleicao: number) {
  return trx
    .updateTable('eleicao')
    .set({ situacao: 'aberta' })
    .where('id', '=', idEleicao)
    .where('situacao', '=', 'aberta')
    .returning(['chave_publica', 'abertura', 'fim_votacao'])
    .executeTakeFirst();
}

/** The voter's mark and the sealed ballot (in the caller's transaction: both or neither). */
export async function inserirVoto(trx: DbOuTrx, idEleicao: number, codAvulso: string, selo: Uint8Array) {
  await trx.insertInto('votante').values({ eleicao_id: idEleicao, cod_avulso: codAvulso }).execute();
  await trx.insertInto('cedula').values({ eleicao_id: idEleicao, id: randomUUID(), selo }).execute();
}

/** Stores the box's public key of an open election that has none; false when none was stored. */
export async function gravarChaveDaUrna(
  db: DbOuTrx,
  idEleicao: number,
  chavePublica: string,
  sal: string,
): Promise<boolean> {
  const feito = await db
    .updateTable('eleicao')
    .set({ chave_publica: chavePublica, sal_chave: sal })
    .where('id', '=', idEleicao)
    .where('situacao', '=', 'aberta')
    .where('chave_publica', 'is', null)
    .executeTakeFirst();
  return Number(feito.numUpdatedRows) > 0;
}

/** Closes an open election (locking its row); its public key, or undefined if it was not open. */
export async function marcarEncerrada(trx: DbOuTrx, idEleicao: number, agora: Date) {
  return trx
    .updateTable('eleicao')
    .set({ situacao: 'encerrada', encerramento: agora.toISOString() })
    .where('id', '=', idEleicao)
    .where('situacao', '=', 'aberta')
    .returning('chave_publica')
    .executeTakeFirst();
}

/** The tally's counts per vote, replacing any earlier ones. */
export async function gravarApuracao(trx: DbOuTrx, idEleicao: number, apuracao: ReadonlyMap<number, number>) {
  await trx.deleteFrom('apuracao').where('eleicao_id', '=', idEleicao).execute();
  const linhas = [...apuracao].map(([voto, votos]) => ({ eleicao_id: idEleicao, voto, votos }));
  if (linhas.length > 0) await trx.insertInto('apuracao').values(linhas).execute();
}

export async function gravarEleitores(trx: DbOuTrx, idEleicao: number, eleitores: number) {
  await trx.updateTable('eleicao').set({ eleitores }).where('id', '=', idEleicao).execute();
}

/**
 * Ballots (with fresh random ids) and voters rewritten in key order, so that on PostgreSQL neither the heap order
 * nor the inserting transaction (`xmin`) of a row lines up with the other table any more (0063).
 */
const LOTE = 500;

export async function reescreverSemOrdem(trx: DbOuTrx, idEleicao: number): Promise<void> {
  const cedulas = await trx.selectFrom('cedula').select('selo').where('eleicao_id', '=', idEleicao).execute();
  const novas = cedulas
    .map((c) => ({ eleicao_id: idEleicao, id: randomUUID(), selo: c.selo }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const votantes = await trx
    .selectFrom('votante')
    .select('cod_avulso')
    .where('eleicao_id', '=', idEleicao)
    .orderBy('cod_avulso')
    .execute();
  await trx.deleteFrom('cedula').where('eleicao_id', '=', idEleicao).execute();
  await trx.deleteFrom('votante').where('eleicao_id', '=', idEleicao).execute();
  for (let i = 0; i < novas.length; i += LOTE) {
    await trx
      .insertInto('cedula')
      .values(novas.slice(i, i + LOTE))
      .execute();
  }
  for (let i = 0; i < votantes.length; i += LOTE) {
    await trx
      .insertInto('votante')
      .values(votantes.slice(i, i + LOTE).map((v) => ({ eleicao_id: idEleicao, cod_avulso: v.cod_avulso })))
      .execute();
  }
}
