import type { Kysely, Transaction } from 'kysely';
import type { TabelasFundacao } from '../../modulos/avulso/tabelas.ts';
import type { TabelasCadastro } from '../../modulos/cadastro/tabelas.ts';
import type { TabelasDeclaracoes } from '../../modulos/declaracoes/tabelas.ts';
import type { TabelasEleicao } from '../../modulos/eleicao/tabelas.ts';
import type { TabelasEscalacao } from '../../modulos/escalacao/tabelas.ts';
import type { TabelasFinanceiro } from '../../modulos/financeiro/tabelas.ts';
import type { TabelasGestao } from '../../modulos/gestao/tabelas.ts';
import type { TabelasMensagens } from '../../modulos/mensagens/tabelas.ts';
import type { TabelasPush } from '../../modulos/push/tabelas.ts';
import type { TabelasTentativas } from '../../modulos/sessao/tabelas.ts';

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
    TabelasPush,
    TabelasMensagens,
    TabelasCadastro {}

export type Db = Kysely<Database>;
/** Repositories take `db | trx` first: the caller owns the transaction. */
export type DbOuTrx = Kysely<Database> | Transaction<Database>;
