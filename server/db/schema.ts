import type { Kysely, Transaction } from 'kysely';
import type { TabelasDeclaracoes } from './tables/declaracoes.ts';
import type { TabelasEleicao } from './tables/eleicao.ts';
import type { TabelasEscalacao } from './tables/escalacao.ts';
import type { TabelasFinanceiro } from './tables/financeiro.ts';
import type { TabelasFundacao } from './tables/fundacao.ts';
import type { TabelasGestao } from './tables/gestao.ts';
import type { TabelasPush } from './tables/push.ts';
import type { TabelasTentativas } from './tables/tentativas.ts';

/**
 * The whole database, composed of each feature's tables (server/db/tables/*.ts).
 * A feature adds its interface here and its migration in migrations/index.ts.
 */
export interface Database
  extends TabelasFundacao,
    TabelasDeclaracoes,
    TabelasFinanceiro,
    TabelasEleicao,
    TabelasEscalacao,
    TabelasTentativas,
    TabelasGestao,
    TabelasPush {}

export type Db = Kysely<Database>;
/** Repositories take `db | trx` first: the caller owns the transaction. */
export type DbOuTrx = Kysely<Database> | Transaction<Database>;
