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
