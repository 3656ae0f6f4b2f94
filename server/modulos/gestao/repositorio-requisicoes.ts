import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { OfertaTable, PoraoTable, RequisicaoTable } from '../escalacao/tabelas.ts';

/** The queries of a draft's requisitions (requisicoes.ts owns the rules, docs/decisions/0152). */

export interface Nomes {
  operador: Map<number, string>;
  navio: Map<number, string>;
  local: Map<string, string>;
}

/** The reference lists (a few dozen rows): read once per write. */
export async function lerNomes(db: DbOuTrx): Promise<Nomes> {
  const [operadores, navios, locais] = await Promise.all([
    db.selectFrom('operador').select(['cod_operador', 'nome']).execute(),
    db.selectFrom('navio').select(['cod_navio', 'nome']).execute(),
    db.selectFrom('local_atracacao').select(['cod_local_atrac', 'nome']).execute(),
  ]);
  return {
    operador: new Map(operadores.map((o) => [o.cod_operador, o.nome])),
    navio: new Map(navios.map((n) => [n.cod_navio, n.nome])),
    local: new Map(locais.map((l) => [l.cod_local_atrac, l.nome])),
  };
}

/** The draft's row, locked on PostgreSQL while a requisition is written under it. */
export function escalaParaEscrever(trx: DbOuTrx, dialeto: 'sqlite' | 'postgres', numEscalacao: number) {
  return trx
    .selectFrom('escala')
    .select(['situacao', 'data_chamada'])
    .where('num_escalacao', '=', numEscalacao)
    .$if(dialeto === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
}

export function requisicaoDaEscala(trx: DbOuTrx, numEscalacao: number, numRequisicao: number) {
  return trx
    .selectFrom('requisicao')
    .select('num_requisicao')
    .where('num_requisicao', '=', numRequisicao)
    .where('num_escalacao', '=', numEscalacao)
    .executeTakeFirst();
}

export interface Numeracao {
  proximaRequisicao: number;
  proximaSeq: number;
}

/**
 * The next numbers, reserving `novasRequisicoes` requisition numbers (docs/decisions/0267): the counter's row
 * is locked first on PostgreSQL (SQLite has one writer), so two requests, on one server or several, never get
 * the same number, and a removed requisition's number is never given again. Rows written by a seed that did
 * not move the counter are counted too (the higher of the two wins).
 */
export async function numeracao(
  trx: DbOuTrx,
  dialeto: 'sqlite' | 'postgres',
  novasRequisicoes: number,
): Promise<Numeracao> {
  const contador = await trx
    .selectFrom('numerador')
    .select('ultimo')
    .where('nome', '=', 'requisicao')
    .$if(dialeto === 'postgres', (q) => q.forUpdate())
    .executeTakeFirst();
  const [r, o] = await Promise.all([
    trx
      .selectFrom('requisicao')
      .select((eb) => eb.fn.max('num_requisicao').as('n'))
      .executeTakeFirst(),
    trx
      .selectFrom('oferta')
      .select((eb) => eb.fn.max('seq_categoria').as('n'))
      .executeTakeFirst(),
  ]);
  const ultima = Math.max(Number(contador?.ultimo ?? 0), Number(r?.n ?? 0));
  if (novasRequisicoes > 0) {
    const ultimo = ultima + novasRequisicoes;
    if (contador) {
      await trx.updateTable('numerador').set({ ultimo }).where('nome', '=', 'requisicao').execute();
    } else {
      // A row lost by hand: two writers racing here meet the primary key, and the caller tries again.
      await trx.insertInto('numerador').values({ nome: 'requisicao', ultimo }).execute();
    }
  }
  return { proximaRequisicao: ultima + 1, proximaSeq: Number(o?.n ?? 0) + 1 };
}

export interface Linhas {
  requisicoes: RequisicaoTable[];
  poroes: PoraoTable[];
  ofertas: OfertaTable[];
}

export async function inserirLinhas(trx: DbOuTrx, linhas: Linhas): Promise<void> {
  for (let i = 0; i < linhas.requisicoes.length; i += 100) {
    await trx
      .insertInto('requisicao')
      .values(linhas.requisicoes.slice(i, i + 100))
      .execute();
  }
  for (let i = 0; i < linhas.poroes.length; i += 200) {
    await trx
      .insertInto('porao')
      .values(linhas.poroes.slice(i, i + 200))
      .execute();
  }
  for (let i = 0; i < linhas.ofertas.length; i += 200) {
    await trx
      .insertInto('oferta')
      .values(linhas.ofertas.slice(i, i + 200))
      .execute();
  }
}

export async function removerLinhas(trx: DbOuTrx, numRequisicao: number): Promise<void> {
  // Children first: the cascades are declared, but SQLite enforces them only with foreign_keys on.
  await trx.deleteFrom('oferta').where('num_requisicao', '=', numRequisicao).execute();
  await trx.deleteFrom('porao').where('num_requisicao', '=', numRequisicao).execute();
  await trx.deleteFrom('requisicao').where('num_requisicao', '=', numRequisicao).execute();
}
