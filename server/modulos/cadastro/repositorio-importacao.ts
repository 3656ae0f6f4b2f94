import { inserirEmMassa } from '../../plataforma/banco/dialeto.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/**
 * The workers file's import queries (importacao.ts owns the checks, the batching and the turns of the event
 * loop between batches). Plain functions taking `db | trx` first: the writes share the import's transaction.
 */

/** Every worker as the file compares them. */
export function avulsosParaComparar(db: DbOuTrx) {
  return db
    .selectFrom('avulso')
    .select([
      'cod_avulso',
      'nome',
      'cpf',
      'data_nascimento',
      'sexo',
      'cod_sindicato',
      'artigo',
      'num_chamada',
      'situacao',
    ])
    .execute();
}

/** Every worker's qualifications: code and function. */
export function todasHabilitacoes(db: DbOuTrx) {
  return db.selectFrom('habilitacao').select(['cod_avulso', 'cod_funcao']).execute();
}

/**
 * Moves a worker's CPF and call number out of the way (to values no real one takes), so that they may pass to
 * another worker of the same file before this one gets its new ones.
 */
export async function estacionarCpfENumero(db: DbOuTrx, codAvulso: string): Promise<void> {
  await db
    .updateTable('avulso')
    .set({ cpf: `~${codAvulso}`, num_chamada: -Number(codAvulso) })
    .where('cod_avulso', '=', codAvulso)
    .execute();
}

/** A type, not an interface: `inserirEmMassa` takes rows as records of column → value. */
type AvulsoImportado = {
  cod_avulso: string;
  nome: string;
  nome_busca: string;
  sexo: 'F' | 'M';
  cod_sindicato: number;
  cod_categoria: number;
  artigo: number;
  num_chamada: number;
  cpf: string;
  data_nascimento: string;
  impedimento: number;
  afastamento_definitivo: number;
  escolha_porao_estiva: number;
  senha_hash: string;
  situacao: string;
};

/** One batch of new workers, in one statement. */
export async function inserirAvulsos(db: DbOuTrx, linhas: readonly AvulsoImportado[]): Promise<void> {
  await inserirEmMassa(
    db,
    'avulso',
    {
      cod_avulso: 'text',
      nome: 'text',
      nome_busca: 'text',
      sexo: 'text',
      cod_sindicato: 'integer',
      cod_categoria: 'integer',
      artigo: 'integer',
      num_chamada: 'integer',
      cpf: 'text',
      data_nascimento: 'text',
      impedimento: 'integer',
      afastamento_definitivo: 'integer',
      escolha_porao_estiva: 'integer',
      senha_hash: 'text',
      situacao: 'text',
    },
    linhas,
  );
}

export async function apagarHabilitacoesDe(db: DbOuTrx, codAvulso: string): Promise<void> {
  await db.deleteFrom('habilitacao').where('cod_avulso', '=', codAvulso).execute();
}

/** One batch of qualifications (no expiry), in one statement. */
export async function inserirHabilitacoes(
  db: DbOuTrx,
  linhas: readonly { cod_avulso: string; cod_funcao: number }[],
): Promise<void> {
  await inserirEmMassa(db, 'habilitacao', { cod_avulso: 'text', cod_funcao: 'integer' }, linhas);
}

/** One batch of history lines (`antes`/`depois` already JSON), in one statement. */
export async function inserirHistoricos(
  db: DbOuTrx,
  linhas: readonly {
    cod_avulso: string;
    em: string;
    por: string;
    acao: string;
    antes: string | null;
    depois: string | null;
  }[],
): Promise<void> {
  await inserirEmMassa(
    db,
    'historico_avulso',
    { cod_avulso: 'text', em: 'text', por: 'text', acao: 'text', antes: 'text', depois: 'text' },
    linhas,
  );
}
