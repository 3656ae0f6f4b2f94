import { sql } from 'kysely';
import { normalizarNome } from '#common/busca-trabalhador.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/**
 * The workers' record's queries (issue 30). Plain functions taking `db | trx` first; servico.ts owns every
 * rule. `hoje` is the port-local day, yyyy-MM-dd.
 */

/**
 * Whether the worker of column `coluna` (e.g. 'a.cod_avulso') has an impediment in force on `dia`: the one
 * definition of "in force" (not ended, started, not past its last day), for every module's queries. SQLite
 * answers 0/1, PostgreSQL a boolean: read it with `emVigor`.
 */
export function impedimentoEmVigor(coluna: string, dia: string) {
  return sql<boolean | number>`exists (select 1 from impedimento iv where iv.cod_avulso = ${sql.ref(coluna)}
    and iv.encerrado_em is null and iv.inicio <= ${dia} and (iv.fim is null or iv.fim >= ${dia}))`;
}

/** The value `impedimentoEmVigor` selected, as a boolean. */
export function emVigor(valor: boolean | number | string | null | undefined): boolean {
  return valor === true || Number(valor) === 1;
}

export function buscarLinhaAvulso(db: DbOuTrx, codAvulso: string) {
  return db.selectFrom('avulso').selectAll().where('cod_avulso', '=', codAvulso).executeTakeFirst();
}

export type LinhaCadastro = NonNullable<Awaited<ReturnType<typeof buscarLinhaAvulso>>>;

export function habilitacoesDe(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('habilitacao')
    .select(['cod_funcao', 'valida_ate'])
    .where('cod_avulso', '=', codAvulso)
    .orderBy('cod_funcao')
    .execute();
}

export function impedimentosDe(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('impedimento')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .orderBy('inicio', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export function mensagensLegadasDe(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('impedimento_mensagem')
    .select('mensagem')
    .where('cod_avulso', '=', codAvulso)
    .orderBy('ordem')
    .execute();
}

function filtroBusca(db: DbOuTrx, busca: string) {
  let q = db.selectFrom('avulso');
  const termo = busca.trim();
  if (termo === '') return q;
  const digitos = termo.replace(/[.\-\s/]/g, '');
  if (/^\d+$/.test(digitos)) {
    q = q.where((eb) => {
      const alternativas = [eb('cod_avulso', '=', digitos), eb('cpf', '=', digitos)];
      if (digitos.length <= 5) alternativas.push(eb('num_chamada', '=', Number(digitos)));
      if (digitos.length < 6) alternativas.push(eb('cod_avulso', 'like', `${digitos}%`));
      return eb.or(alternativas);
    });
    return q;
  }
  // The name is compared as `nome_busca` keeps it (no accents, lower case: "JOAO" finds "JOÃO", decision 0235);
  // the search's wildcards are the user's letters, never theirs.
  const nome = normalizarNome(termo).replace(/[\\%_]/g, (c) => `\\${c}`);
  return q.where(sql<boolean>`${sql.ref('nome_busca')} like ${`%${nome}%`} escape '\\'`);
}

/** One page of the search (by name, code, CPF or call number), in name order, and the total. */
export async function buscarAvulsos(db: DbOuTrx, busca: string, pagina: number, porPagina: number) {
  const [itens, total] = await Promise.all([
    filtroBusca(db, busca)
      .select([
        'cod_avulso',
        'nome',
        'cpf',
        'num_chamada',
        'cod_sindicato',
        'cod_categoria',
        'artigo',
        'sexo',
        'situacao',
      ])
      .orderBy('nome')
      .orderBy('cod_avulso')
      .limit(porPagina)
      .offset((pagina - 1) * porPagina)
      .execute(),
    filtroBusca(db, busca)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { itens, total: Number(total.n) };
}

/** The next free code of a worker (the staff's 9xxxxx codes apart). */
export async function proximoCodAvulso(db: DbOuTrx): Promise<string> {
  const linha = await db
    .selectFrom('avulso')
    .select((eb) => eb.fn.max('cod_avulso').as('maior'))
    .where('cod_avulso', '<', '900000')
    .executeTakeFirst();
  const maior = linha?.maior ? Number(linha.maior) : 100000;
  return String(maior + 1).padStart(6, '0');
}

export async function proximoNumChamada(db: DbOuTrx): Promise<number> {
  const linha = await db
    .selectFrom('avulso')
    .select((eb) => eb.fn.max('num_chamada').as('maior'))
    .executeTakeFirst();
  return Number(linha?.maior ?? 0) + 1;
}

export async function donoDoCpf(db: DbOuTrx, cpf: string) {
  const l = await db.selectFrom('avulso').select('cod_avulso').where('cpf', '=', cpf).executeTakeFirst();
  return l?.cod_avulso;
}

export async function donoDoNumChamada(db: DbOuTrx, numChamada: number) {
  const l = await db
    .selectFrom('avulso')
    .select('cod_avulso')
    .where('num_chamada', '=', numChamada)
    .executeTakeFirst();
  return l?.cod_avulso;
}

/** The worker's password hash (the change of password checks the current one). */
export function senhaDoAvulso(db: DbOuTrx, codAvulso: string) {
  return db.selectFrom('avulso').select('senha_hash').where('cod_avulso', '=', codAvulso).executeTakeFirst();
}

/** The worker's stored badge photo (table `foto`, served by GET /api/fotos/:cod), if any. */
export function fotoGuardada(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('foto')
    .select(['tipo', 'conteudo'])
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
}

export async function temFoto(db: DbOuTrx, codAvulso: string): Promise<boolean> {
  const l = await db
    .selectFrom('foto')
    .select('cod_avulso')
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
  return l !== undefined;
}

/** Replaces the worker's photo (one per worker): the caller owns the transaction and its history line. */
export async function gravarFoto(db: DbOuTrx, codAvulso: string, tipo: string, conteudo: Uint8Array) {
  await db.deleteFrom('foto').where('cod_avulso', '=', codAvulso).execute();
  await db.insertInto('foto').values({ cod_avulso: codAvulso, tipo, conteudo }).execute();
}
