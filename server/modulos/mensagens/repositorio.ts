import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Database, DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { MensagemServicoTable } from '../avulso/tabelas.ts';
import type { MensagemAuditoriaTable } from './tabelas.ts';

/** The service messages' queries (docs/decisions/0270): the worker's queue and the staff's area. */

export type LinhaMensagem = Selectable<MensagemServicoTable>;
export type ParaTipo = 'todos' | 'categoria' | 'sindicato' | 'lista';

type EbMensagem = ExpressionBuilder<Database & { m: MensagemServicoTable }, 'm'>;

/**
 * Whether message `m` is addressed to the worker: a staff message by its audience; an older one (para_tipo
 * null: the seed's, the payroll's) by `cod_avulso`, null meaning everyone.
 */
function enderecadaAo(eb: EbMensagem, codAvulso: string) {
  const doAvulso = eb.selectFrom('avulso as a').where('a.cod_avulso', '=', codAvulso);
  return eb.or([
    eb.and([
      eb('m.para_tipo', 'is', null),
      eb.or([eb('m.cod_avulso', '=', codAvulso), eb('m.cod_avulso', 'is', null)]),
    ]),
    eb('m.para_tipo', '=', 'todos'),
    eb.and([
      eb('m.para_tipo', '=', 'categoria'),
      eb('m.para_codigo', '=', doAvulso.select('a.cod_categoria')),
    ]),
    eb.and([
      eb('m.para_tipo', '=', 'sindicato'),
      eb('m.para_codigo', '=', doAvulso.select('a.cod_sindicato')),
    ]),
    eb.and([
      eb('m.para_tipo', '=', 'lista'),
      eb.exists(
        eb
          .selectFrom('mensagem_destinatario as d')
          .select('d.id_mensagem')
          .whereRef('d.id_mensagem', '=', 'm.id')
          .where('d.cod_avulso', '=', codAvulso),
      ),
    ]),
  ]);
}

/** The worker's unread messages in force at `agora` (ISO), oldest first: the home's "Atenção!" queue. */
export async function mensagensNaoLidas(db: DbOuTrx, codAvulso: string, agora: string) {
  return db
    .selectFrom('mensagem_servico as m')
    .leftJoin('mensagem_lida as l', (j) =>
      j.onRef('l.id_mensagem', '=', 'm.id').on('l.cod_avulso', '=', codAvulso),
    )
    .select(['m.id', 'm.titulo', 'm.corpo'])
    .where('l.id_mensagem', 'is', null)
    .where('m.encerrada_em', 'is', null)
    .where((eb) => eb.or([eb('m.inicio', 'is', null), eb('m.inicio', '<=', agora)]))
    .where((eb) => eb.or([eb('m.fim', 'is', null), eb('m.fim', '>', agora)]))
    .where((eb) => enderecadaAo(eb, codAvulso))
    .orderBy('m.id')
    .execute();
}

/** Whether the message exists and is addressed to the worker (whatever its period: closing it stays possible). */
export async function mensagemDoAvulso(db: DbOuTrx, id: number, codAvulso: string): Promise<boolean> {
  const linha = await db
    .selectFrom('mensagem_servico as m')
    .select('m.id')
    .where('m.id', '=', id)
    .where((eb) => enderecadaAo(eb, codAvulso))
    .executeTakeFirst();
  return linha !== undefined;
}

export async function marcarLida(db: DbOuTrx, id: number, codAvulso: string, agora: string): Promise<void> {
  await db
    .insertInto('mensagem_lida')
    .values({ id_mensagem: id, cod_avulso: codAvulso, lida_em: agora })
    .onConflict((oc) => oc.columns(['id_mensagem', 'cod_avulso']).doNothing())
    .execute();
}

/** The matrículas of the list that are no worker's. */
export async function matriculasInexistentes(db: DbOuTrx, codAvulsos: readonly string[]): Promise<string[]> {
  const existentes = new Set<string>();
  for (let i = 0; i < codAvulsos.length; i += 1_000) {
    const linhas = await db
      .selectFrom('avulso')
      .select('cod_avulso')
      .where('cod_avulso', 'in', codAvulsos.slice(i, i + 1_000))
      .execute();
    for (const l of linhas) existentes.add(l.cod_avulso);
  }
  return codAvulsos.filter((c) => !existentes.has(c));
}

export interface NovaLinhaMensagem {
  titulo: string;
  corpo: string;
  para_tipo: ParaTipo;
  para_codigo: number | null;
  inicio: string | null;
  fim: string | null;
  aviso: number;
  autor: string;
  criada_em: string;
}

export async function inserirMensagem(trx: DbOuTrx, linha: NovaLinhaMensagem): Promise<number> {
  const { id } = await trx
    .insertInto('mensagem_servico')
    .values({ ...linha, cod_avulso: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function inserirDestinatarios(trx: DbOuTrx, id: number, codAvulsos: readonly string[]) {
  for (let i = 0; i < codAvulsos.length; i += 500) {
    await trx
      .insertInto('mensagem_destinatario')
      .values(codAvulsos.slice(i, i + 500).map((cod_avulso) => ({ id_mensagem: id, cod_avulso })))
      .execute();
  }
}

/** Changes an open message; false when it was closed meanwhile. */
export async function atualizarMensagem(
  trx: DbOuTrx,
  id: number,
  campos: Partial<
    Pick<LinhaMensagem, 'titulo' | 'corpo' | 'inicio' | 'fim' | 'atualizada_em' | 'encerrada_em'>
  >,
): Promise<boolean> {
  // Only an open message changes: a closing that got in first (another staff member) wins.
  const r = await trx
    .updateTable('mensagem_servico')
    .set(campos)
    .where('id', '=', id)
    .where('encerrada_em', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function registrarAuditoria(
  trx: DbOuTrx,
  r: Omit<MensagemAuditoriaTable, 'id' | 'antes' | 'depois'> & { antes?: object; depois?: object },
): Promise<void> {
  await trx
    .insertInto('mensagem_auditoria')
    .values({
      id_mensagem: r.id_mensagem,
      acao: r.acao,
      por: r.por,
      em: r.em,
      antes: r.antes ? JSON.stringify(r.antes) : null,
      depois: r.depois ? JSON.stringify(r.depois) : null,
    })
    .execute();
}

const COLUNAS = [
  'm.id',
  'm.titulo',
  'm.corpo',
  'm.para_tipo',
  'm.para_codigo',
  'm.inicio',
  'm.fim',
  'm.aviso',
  'm.autor',
  'm.criada_em',
  'm.atualizada_em',
  'm.encerrada_em',
  'a.nome as autor_nome',
] as const;

/** A message written by the staff (the seed's and the payroll's are not the area's), with its author's name. */
export async function mensagemDaEquipe(db: DbOuTrx, id: number) {
  return db
    .selectFrom('mensagem_servico as m')
    .innerJoin('avulso as a', 'a.cod_avulso', 'm.autor')
    .select(COLUNAS)
    .where('m.id', '=', id)
    .executeTakeFirst();
}
export type LinhaMensagemDaEquipe = NonNullable<Awaited<ReturnType<typeof mensagemDaEquipe>>>;

/** A page of the staff's messages, newest first, and how many there are. */
export async function paginaMensagensDaEquipe(db: DbOuTrx, pagina: number, porPagina: number) {
  const [linhas, total] = await Promise.all([
    db
      .selectFrom('mensagem_servico as m')
      .innerJoin('avulso as a', 'a.cod_avulso', 'm.autor')
      .select(COLUNAS)
      .orderBy('m.id', 'desc')
      .limit(porPagina)
      .offset((pagina - 1) * porPagina)
      .execute(),
    db
      .selectFrom('mensagem_servico')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('autor', 'is not', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { linhas, total: Number(total.n) };
}

/** How many workers each audience reaches now: everyone, each category, each union. */
export async function populacao(db: DbOuTrx) {
  const [todos, categorias, sindicatos] = await Promise.all([
    db
      .selectFrom('avulso')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('avulso')
      .select(['cod_categoria as codigo', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('cod_categoria')
      .execute(),
    db
      .selectFrom('avulso')
      .select(['cod_sindicato as codigo', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('cod_sindicato')
      .execute(),
  ]);
  return {
    todos: Number(todos.n),
    categoria: new Map(categorias.map((c) => [c.codigo, Number(c.n)])),
    sindicato: new Map(sindicatos.map((s) => [s.codigo, Number(s.n)])),
  };
}

/** Per message: the workers of its list and the read marks. */
export async function contagensDasMensagens(db: DbOuTrx, ids: readonly number[]) {
  if (ids.length === 0) return { lista: new Map<number, number>(), lidas: new Map<number, number>() };
  const [lista, lidas] = await Promise.all([
    db
      .selectFrom('mensagem_destinatario')
      .select(['id_mensagem', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('id_mensagem', 'in', ids)
      .groupBy('id_mensagem')
      .execute(),
    db
      .selectFrom('mensagem_lida')
      .select(['id_mensagem', (eb) => eb.fn.countAll<string | number>().as('n')])
      .where('id_mensagem', 'in', ids)
      .groupBy('id_mensagem')
      .execute(),
  ]);
  return {
    lista: new Map(lista.map((l) => [l.id_mensagem, Number(l.n)])),
    lidas: new Map(lidas.map((l) => [l.id_mensagem, Number(l.n)])),
  };
}

export async function trabalhadoresDaLista(db: DbOuTrx, id: number) {
  return db
    .selectFrom('mensagem_destinatario as d')
    .innerJoin('avulso as a', 'a.cod_avulso', 'd.cod_avulso')
    .select(['a.cod_avulso as codAvulso', 'a.nome'])
    .where('d.id_mensagem', '=', id)
    .orderBy('a.cod_avulso')
    .execute();
}

export async function historicoDaMensagem(db: DbOuTrx, id: number) {
  return db
    .selectFrom('mensagem_auditoria as h')
    .innerJoin('avulso as a', 'a.cod_avulso', 'h.por')
    .select(['h.acao', 'h.em', 'h.por', 'a.nome', 'h.antes', 'h.depois'])
    .where('h.id_mensagem', '=', id)
    .orderBy('h.id')
    .execute();
}

/** The matrículas a category or union reaches now (a notice's recipients). */
export async function matriculasDoPublico(db: DbOuTrx, tipo: 'categoria' | 'sindicato', codigo: number) {
  const linhas = await db
    .selectFrom('avulso')
    .select('cod_avulso')
    .where(tipo === 'categoria' ? 'cod_categoria' : 'cod_sindicato', '=', codigo)
    .execute();
  return linhas.map((l) => l.cod_avulso);
}

export async function matriculasDaLista(db: DbOuTrx, id: number) {
  const linhas = await db
    .selectFrom('mensagem_destinatario')
    .select('cod_avulso')
    .where('id_mensagem', '=', id)
    .execute();
  return linhas.map((l) => l.cod_avulso);
}
