import { setImmediate as proximaVolta } from 'node:timers/promises';
import { sql } from 'kysely';
import { inserirEmMassa } from '../../plataforma/banco/dialeto.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { TrabalhoConhecido } from './conciliacao.ts';
import type { ContrachequeImportado, FichaImportada, InformeImportado } from './importacao-formatos.ts';
import type {
  ImportacaoFinanceiraTable,
  LinhaImportacao,
  TipoContrachequeBanco,
  TipoImportacao,
} from './tabelas.ts';

/**
 * The payroll imports' queries (docs/decisions/0242): what exists of a file's documents, the writes of one
 * import (in the caller's transaction), the history and the reconciliation report. Large sets go in
 * batches, with a turn of the event loop between them.
 */

const LOTE = 1_000;

async function emLotes<T, R>(
  itens: readonly T[],
  tamanho: number,
  fazer: (lote: T[]) => Promise<R[]>,
): Promise<R[]> {
  const saida: R[] = [];
  for (let i = 0; i < itens.length; i += tamanho) {
    saida.push(...(await fazer(itens.slice(i, i + tamanho))));
    if (i + tamanho < itens.length) await proximaVolta();
  }
  return saida;
}

/** Which of these registrations are workers of the portal. */
export async function avulsosExistentes(db: DbOuTrx, cods: readonly string[]): Promise<Set<string>> {
  const linhas = await emLotes(cods, LOTE, (lote) =>
    db.selectFrom('avulso').select('cod_avulso').where('cod_avulso', 'in', lote).execute(),
  );
  return new Set(linhas.map((l) => l.cod_avulso));
}

export interface Existente {
  id: number;
  cod_avulso: string;
  arquivo: string;
  conteudo_hash: string | null;
  id_importacao: number | null;
}

/** Groups documents by worker, so each query asks for a few hundred workers' documents at once. */
function porAvulso<T extends { cod_avulso: string }>(docs: readonly T[]): [string, T[]][] {
  const mapa = new Map<string, T[]>();
  for (const d of docs) {
    const lista = mapa.get(d.cod_avulso);
    if (lista) lista.push(d);
    else mapa.set(d.cod_avulso, [d]);
  }
  return [...mapa];
}

/** The payslips with the file's numbers (worker + number), by `cod|numero`, with their kind. */
export async function contrachequesExistentes(
  db: DbOuTrx,
  docs: readonly Pick<ContrachequeImportado, 'cod_avulso' | 'numero'>[],
): Promise<Map<string, Existente & { tipo: TipoContrachequeBanco; numero: number }>> {
  const grupos = porAvulso(docs);
  const linhas = await emLotes(grupos, 400, (lote) =>
    db
      .selectFrom('contracheque')
      .select(['id', 'cod_avulso', 'numero', 'tipo', 'arquivo', 'conteudo_hash', 'id_importacao'])
      .where(
        'cod_avulso',
        'in',
        lote.map(([cod]) => cod),
      )
      .where('numero', 'in', [...new Set(lote.flatMap(([, l]) => l.map((d) => d.numero)))])
      .execute(),
  );
  const pedidos = new Set(docs.map((d) => `${d.cod_avulso}|${d.numero}`));
  const mapa = new Map<string, Existente & { tipo: TipoContrachequeBanco; numero: number }>();
  for (const l of linhas) {
    const chave = `${l.cod_avulso}|${l.numero}`;
    if (pedidos.has(chave))
      mapa.set(chave, {
        ...l,
        id_importacao: l.id_importacao ?? null,
        conteudo_hash: l.conteudo_hash ?? null,
      });
  }
  return mapa;
}

/** The records of the file's workers and months, by `cod|ano-mes`. */
export async function fichasExistentes(
  db: DbOuTrx,
  docs: readonly Pick<FichaImportada, 'cod_avulso' | 'ano' | 'mes'>[],
): Promise<Map<string, Existente>> {
  const anos = [...new Set(docs.map((d) => d.ano))];
  const linhas = await emLotes(porAvulso(docs), 400, (lote) =>
    db
      .selectFrom('ficha_financeira')
      .select(['id', 'cod_avulso', 'ano', 'mes', 'arquivo', 'conteudo_hash', 'id_importacao'])
      .where(
        'cod_avulso',
        'in',
        lote.map(([cod]) => cod),
      )
      .where('ano', 'in', anos)
      .execute(),
  );
  const mapa = new Map<string, Existente>();
  for (const l of linhas)
    mapa.set(`${l.cod_avulso}|${l.ano}-${l.mes}`, {
      ...l,
      id_importacao: l.id_importacao ?? null,
      conteudo_hash: l.conteudo_hash ?? null,
    });
  return mapa;
}

/** The income statements of the file's workers and years, by `cod|ano`. */
export async function informesExistentes(
  db: DbOuTrx,
  docs: readonly Pick<InformeImportado, 'cod_avulso' | 'ano_calendario'>[],
): Promise<Map<string, Existente>> {
  const anos = [...new Set(docs.map((d) => d.ano_calendario))];
  const linhas = await emLotes(porAvulso(docs), 400, (lote) =>
    db
      .selectFrom('informe_rendimentos')
      .select(['id', 'cod_avulso', 'ano_calendario', 'arquivo', 'conteudo_hash', 'id_importacao'])
      .where(
        'cod_avulso',
        'in',
        lote.map(([cod]) => cod),
      )
      .where('ano_calendario', 'in', anos)
      .execute(),
  );
  const mapa = new Map<string, Existente>();
  for (const l of linhas)
    mapa.set(`${l.cod_avulso}|${l.ano_calendario}`, {
      ...l,
      id_importacao: l.id_importacao ?? null,
      conteudo_hash: l.conteudo_hash ?? null,
    });
  return mapa;
}

/**
 * Serialises the writes of imports across servers: PostgreSQL holds this row's lock until the transaction
 * ends (a second import waits, then reads what the first wrote); SQLite has one writer anyway.
 */
export async function travarImportacoes(trx: DbOuTrx, agora: Date): Promise<void> {
  await trx
    .updateTable('importacao_financeira_trava')
    .set({ em: agora.toISOString() })
    .where('id', '=', 1)
    .execute();
}

/** The id of the latest import (0: none): documents are only ever written by imports. */
export async function ultimaImportacao(db: DbOuTrx): Promise<number> {
  const r = await db
    .selectFrom('importacao_financeira')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(r?.id ?? 0);
}

/** The same file (kind and digest) imported before: the latest time. */
export async function importacaoComDigesto(db: DbOuTrx, tipo: TipoImportacao, digesto: string) {
  return db
    .selectFrom('importacao_financeira')
    .select(['id', 'em', 'por'])
    .where('tipo', '=', tipo)
    .where('digesto', '=', digesto)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function inserirImportacao(
  trx: DbOuTrx,
  linha: Omit<ImportacaoFinanceiraTable, 'id'>,
): Promise<number> {
  const r = await trx
    .insertInto('importacao_financeira')
    .values(linha)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

type TabelaDocumento = 'contracheque' | 'ficha_financeira' | 'informe_rendimentos';

/**
 * Keeps the replaced documents whole (row and, for a payslip, its lines) as JSON, then removes them from the
 * live table: their replacements are inserted next with the same identifiers.
 */
export async function guardarSubstituidos(
  trx: DbOuTrx,
  tabela: TabelaDocumento,
  ids: readonly number[],
  idImportacao: number,
  agora: Date,
): Promise<void> {
  for (let i = 0; i < ids.length; i += LOTE) {
    const lote = ids.slice(i, i + LOTE);
    const linhas = (await trx
      .selectFrom(tabela)
      .selectAll()
      .where('id', 'in', lote)
      .execute()) as unknown as (Record<string, unknown> & {
      id: number;
      cod_avulso: string;
      arquivo: string;
      id_importacao?: number | null;
    })[];
    const verbas =
      tabela === 'contracheque'
        ? await trx
            .selectFrom('verba_contracheque')
            .selectAll()
            .where('id_contracheque', 'in', lote)
            .orderBy('id_contracheque')
            .orderBy('ordem')
            .execute()
        : [];
    await inserirEmMassa(
      trx,
      'documento_financeiro_substituido',
      {
        id_importacao: 'integer',
        tabela: 'text',
        cod_avulso: 'text',
        arquivo: 'text',
        id_importacao_anterior: 'integer',
        conteudo: 'text',
        substituido_em: 'text',
      },
      linhas.map((l) => ({
        id_importacao: idImportacao,
        tabela,
        cod_avulso: l.cod_avulso,
        arquivo: l.arquivo,
        id_importacao_anterior: l.id_importacao ?? null,
        conteudo: JSON.stringify(
          tabela === 'contracheque' ? { ...l, verbas: verbas.filter((v) => v.id_contracheque === l.id) } : l,
        ),
        substituido_em: agora.toISOString(),
      })),
    );
    if (tabela === 'contracheque')
      await trx.deleteFrom('verba_contracheque').where('id_contracheque', 'in', lote).execute();
    await trx.deleteFrom(tabela).where('id', 'in', lote).execute();
  }
}

/** Rows between two turns of the event loop while writing. */
const LINHAS_POR_VOLTA = 20_000;

export interface ConciliacaoGravada {
  id_trabalho: number | null;
  conciliacao: string | null;
  conciliacao_detalhe: string | null;
}

/**
 * Writes an import's payslips ahead, in short transactions of a few thousand rows with a turn of the event
 * loop between them, tagged with `lote`: nothing reads these tables but `publicarContracheques`.
 */
export async function anteciparContracheques(
  db: DbOuTrx,
  lote: string,
  docs: readonly (ContrachequeImportado & ConciliacaoGravada)[],
  agora: Date,
): Promise<void> {
  const emTransacao = <T>(fazer: (trx: DbOuTrx) => Promise<T>) =>
    db.isTransaction ? fazer(db) : db.transaction().execute(fazer);
  const porLote = LINHAS_POR_VOLTA / 10;
  for (let i = 0; i < docs.length; i += porLote) {
    const parte = docs.slice(i, i + porLote);
    await emTransacao(async (trx) => {
      await inserirEmMassa(
        trx,
        'contracheque_pendente',
        {
          lote: 'text',
          criado_em: 'text',
          cod_avulso: 'text',
          arquivo: 'text',
          numero: 'integer',
          tipo: 'text',
          ano: 'integer',
          mes: 'integer',
          movimento: 'text',
          referencia: 'text',
          operacao: 'text',
          turno: 'text',
          operador: 'text',
          navio: 'text',
          porao: 'text',
          sindicato: 'text',
          funcao: 'text',
          liquido: 'integer',
          emitido_em: 'text',
          conteudo_hash: 'text',
          id_trabalho: 'integer',
          conciliacao: 'text',
          conciliacao_detalhe: 'text',
        },
        parte.map((d) => ({
          lote,
          criado_em: agora.toISOString(),
          cod_avulso: d.cod_avulso,
          arquivo: d.arquivo,
          numero: d.numero,
          tipo: d.tipo,
          ano: d.ano,
          mes: d.mes,
          movimento: d.movimento,
          referencia: d.referencia,
          operacao: d.operacao,
          turno: d.turno,
          operador: d.operador,
          navio: d.navio,
          porao: d.porao,
          sindicato: d.sindicato,
          funcao: d.funcao,
          liquido: d.liquido,
          emitido_em: d.emitido_em,
          conteudo_hash: d.conteudo_hash,
          id_trabalho: d.id_trabalho,
          conciliacao: d.conciliacao,
          conciliacao_detalhe: d.conciliacao_detalhe,
        })),
        500,
      );
      await inserirEmMassa(
        trx,
        'verba_pendente',
        {
          lote: 'text',
          arquivo: 'text',
          ordem: 'integer',
          codigo: 'text',
          descricao: 'text',
          referencia: 'text',
          natureza: 'text',
          valor: 'integer',
        },
        parte.flatMap((d) => d.verbas.map((v) => ({ lote, arquivo: d.arquivo, ...v }))),
        1_000,
      );
    });
    await proximaVolta();
  }
}

/**
 * Inside the import's transaction: the payslips written ahead become live, copied by the database itself
 * (no row crosses to the server), the lines joined to their payslip by `arquivo`.
 */
export async function publicarContracheques(trx: DbOuTrx, lote: string, idImportacao: number): Promise<void> {
  const colunas = sql.raw(
    'cod_avulso, arquivo, numero, tipo, ano, mes, movimento, referencia, operacao, turno, operador, navio, porao, sindicato, funcao, liquido, emitido_em, conteudo_hash, id_trabalho, conciliacao, conciliacao_detalhe',
  );
  await sql`insert into contracheque (${colunas}, id_importacao)
    select ${colunas}, ${idImportacao} from contracheque_pendente where lote = ${lote}`.execute(trx);
  await sql`insert into verba_contracheque (id_contracheque, ordem, codigo, descricao, referencia, natureza, valor)
    select c.id, v.ordem, v.codigo, v.descricao, v.referencia, v.natureza, v.valor
    from verba_pendente v join contracheque c on c.arquivo = v.arquivo
    where v.lote = ${lote}`.execute(trx);
}

/** The payslips written ahead by a lote (after its import), or by imports that never finished (a day old). */
export async function descartarPendentes(db: DbOuTrx, lote: string, antesDe: Date): Promise<void> {
  for (const tabela of ['verba_pendente', 'contracheque_pendente'] as const) {
    await db.deleteFrom(tabela).where('lote', '=', lote).execute();
  }
  await db
    .deleteFrom('verba_pendente')
    .where('lote', 'in', (eb) =>
      eb.selectFrom('contracheque_pendente').select('lote').where('criado_em', '<', antesDe.toISOString()),
    )
    .execute();
  await db.deleteFrom('contracheque_pendente').where('criado_em', '<', antesDe.toISOString()).execute();
}

export async function inserirFichas(trx: DbOuTrx, docs: readonly FichaImportada[], idImportacao: number) {
  for (let i = 0; i < docs.length; i += LINHAS_POR_VOLTA) {
    const lote = docs.slice(i, i + LINHAS_POR_VOLTA);
    await inserirEmMassa(
      trx,
      'ficha_financeira',
      {
        cod_avulso: 'text',
        arquivo: 'text',
        numero_ficha: 'integer',
        ano: 'integer',
        mes: 'integer',
        engajamentos: 'integer',
        valor_bruto: 'integer',
        valor_ferias: 'integer',
        valor_13_salario: 'integer',
        valor_inss: 'integer',
        valor_irrf: 'integer',
        valor_irrf_ferias: 'integer',
        valor_inss_13: 'integer',
        valor_irrf_13: 'integer',
        valor_fgts_mes: 'integer',
        valor_fgts_ferias: 'integer',
        valor_fgts_13: 'integer',
        emitida_em: 'text',
        id_importacao: 'integer',
        conteudo_hash: 'text',
      },
      lote.map(({ linha: _l, emitido_em, ...f }) => ({
        ...f,
        emitida_em: emitido_em,
        id_importacao: idImportacao,
      })),
      400,
    );
    await proximaVolta();
  }
}

export async function inserirInformes(trx: DbOuTrx, docs: readonly InformeImportado[], idImportacao: number) {
  for (let i = 0; i < docs.length; i += LINHAS_POR_VOLTA) {
    const lote = docs.slice(i, i + LINHAS_POR_VOLTA);
    await inserirEmMassa(
      trx,
      'informe_rendimentos',
      {
        cod_avulso: 'text',
        arquivo: 'text',
        ano_exercicio: 'integer',
        ano_calendario: 'integer',
        rendimentos_tributaveis: 'integer',
        contribuicao_previdenciaria: 'integer',
        irrf: 'integer',
        decimo_terceiro: 'integer',
        irrf_13: 'integer',
        fgts_depositado: 'integer',
        emitido_em: 'text',
        id_importacao: 'integer',
        conteudo_hash: 'text',
      },
      lote.map(({ linha: _l, ...d }) => ({ ...d, id_importacao: idImportacao })),
      500,
    );
    await proximaVolta();
  }
}

/** The jobs the portal knows between two days (yyyymmdd), for the reconciliation. */
export async function trabalhosEntre(db: DbOuTrx, de: string, ate: string): Promise<TrabalhoConhecido[]> {
  return db
    .selectFrom('trabalho')
    .select(['id', 'cod_avulso', 'data_operacao', 'hora_inicio', 'hora_fim', 'navio', 'funcao'])
    .where('data_operacao', '>=', de)
    .where('data_operacao', '<=', ate)
    .execute();
}

/**
 * The home messages of an import: one per worker (docs/produto/escalacao.md §3's queue, GET
 * /api/avulso/mensagens). Written with the documents, so a worker is told once, exactly when they exist.
 */
export async function inserirMensagensServico(
  trx: DbOuTrx,
  mensagens: readonly { cod_avulso: string; titulo: string; corpo: string }[],
  agora: Date,
): Promise<void> {
  for (let i = 0; i < mensagens.length; i += LINHAS_POR_VOLTA) {
    await inserirEmMassa(
      trx,
      'mensagem_servico',
      { cod_avulso: 'text', titulo: 'text', corpo: 'text', criada_em: 'text' },
      mensagens.slice(i, i + LINHAS_POR_VOLTA).map((m) => ({ ...m, criada_em: agora.toISOString() })),
      500,
    );
  }
}

const COLUNAS_IMPORTACAO = [
  'i.id',
  'i.tipo',
  'i.por',
  'i.em',
  'i.digesto',
  'i.formato',
  'i.codificacao',
  'i.bytes',
  'i.linhas',
  'i.documentos',
  'i.trabalhadores',
  'i.criados',
  'i.substituidos',
  'i.inalterados',
  'i.conciliados',
  'i.nao_conciliados',
  'i.periodos',
  'i.avisados',
] as const;

export type ImportacaoComNome = LinhaImportacao & { por_nome: string | null };

export async function listarImportacoes(db: DbOuTrx, limite = 200): Promise<ImportacaoComNome[]> {
  return db
    .selectFrom('importacao_financeira as i')
    .leftJoin('avulso as a', 'a.cod_avulso', 'i.por')
    .select([...COLUNAS_IMPORTACAO, 'a.nome as por_nome'])
    .orderBy('i.id', 'desc')
    .limit(limite)
    .execute();
}

export async function buscarImportacao(db: DbOuTrx, id: number): Promise<ImportacaoComNome | undefined> {
  return db
    .selectFrom('importacao_financeira as i')
    .leftJoin('avulso as a', 'a.cod_avulso', 'i.por')
    .select([...COLUNAS_IMPORTACAO, 'a.nome as por_nome'])
    .where('i.id', '=', id)
    .executeTakeFirst();
}

export async function substituidosDaImportacao(db: DbOuTrx, id: number, limite: number) {
  const [linhas, total] = await Promise.all([
    db
      .selectFrom('documento_financeiro_substituido')
      .select(['cod_avulso', 'arquivo', 'id_importacao_anterior'])
      .where('id_importacao', '=', id)
      .orderBy('id')
      .limit(limite)
      .execute(),
    db
      .selectFrom('documento_financeiro_substituido')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id_importacao', '=', id)
      .executeTakeFirstOrThrow(),
  ]);
  return { linhas, total: Number(total.n) };
}

const COLUNAS_NAO_CONCILIADO = [
  'c.cod_avulso',
  'a.nome',
  'c.numero',
  'c.arquivo',
  'c.movimento',
  'c.turno',
  'c.navio',
  'c.funcao',
  'c.conciliacao_detalhe',
] as const;

/** Payslips of engagements that matched no job: of one import, or of one competência. */
export async function contrachequesNaoConciliados(
  db: DbOuTrx,
  filtro: { idImportacao: number } | { ano: number; mes: number },
  limite: number,
) {
  const base = () => {
    let q = db
      .selectFrom('contracheque as c')
      .innerJoin('avulso as a', 'a.cod_avulso', 'c.cod_avulso')
      .where('c.tipo', 'in', ['ccNormal', 'ccComplementar'])
      .where('c.id_trabalho', 'is', null);
    q =
      'idImportacao' in filtro
        ? q.where('c.id_importacao', '=', filtro.idImportacao)
        : q.where('c.ano', '=', filtro.ano).where('c.mes', '=', filtro.mes);
    return q;
  };
  const [linhas, total] = await Promise.all([
    base()
      .select(COLUNAS_NAO_CONCILIADO)
      .orderBy('c.movimento')
      .orderBy('c.cod_avulso')
      .orderBy('c.numero')
      .limit(limite)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { linhas, total: Number(total.n) };
}

/** Payslips of engagements of one competência matched to a job. */
export async function contarConciliados(db: DbOuTrx, ano: number, mes: number): Promise<number> {
  const r = await db
    .selectFrom('contracheque')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ano', '=', ano)
    .where('mes', '=', mes)
    .where('id_trabalho', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Jobs the portal engaged (published calls) in a month, ended by `fimAte`, that no payslip pays, with the
 * worker's name; and their count.
 */
export async function trabalhosSemContracheque(
  db: DbOuTrx,
  de: string,
  ate: string,
  fimAte: string,
  limite: number,
) {
  const base = () =>
    db
      .selectFrom('trabalho as t')
      .innerJoin('avulso as a', 'a.cod_avulso', 't.cod_avulso')
      .where('t.num_escalacao', 'is not', null)
      .where('t.data_operacao', '>=', de)
      .where('t.data_operacao', '<=', ate)
      .where('t.fim', '<=', fimAte)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('contracheque as c').select('c.id').whereRef('c.id_trabalho', '=', 't.id')),
        ),
      );
  const [linhas, total] = await Promise.all([
    base()
      .select([
        't.cod_avulso',
        'a.nome',
        't.data_operacao',
        't.hora_inicio',
        't.hora_fim',
        't.navio',
        't.funcao',
        't.num_escalacao',
        't.fim',
      ])
      .orderBy('t.data_operacao')
      .orderBy('t.cod_avulso')
      .limit(limite)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { linhas, total: Number(total.n) };
}

/** The payslips that pay some of a worker's jobs (the job history's "pago"). */
export async function contrachequesDosTrabalhos(
  db: DbOuTrx,
  codAvulso: string,
  idsTrabalho: readonly number[],
) {
  if (idsTrabalho.length === 0) return [];
  const linhas: {
    id_trabalho: number | null;
    numero: number;
    arquivo: string;
    tipo: TipoContrachequeBanco;
  }[] = [];
  for (let i = 0; i < idsTrabalho.length; i += LOTE) {
    linhas.push(
      ...(await db
        .selectFrom('contracheque')
        .select(['id_trabalho', 'numero', 'arquivo', 'tipo'])
        .where('cod_avulso', '=', codAvulso)
        .where('id_trabalho', 'in', idsTrabalho.slice(i, i + LOTE))
        .orderBy('numero')
        .execute()),
    );
  }
  return linhas;
}
