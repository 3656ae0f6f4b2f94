import type { Insertable } from 'kysely';
import type { TipoDeclaracao } from '#common/declaracoes.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { DeclaracaoTable } from './tabelas.ts';

/** Reads of the declarations (docs/decisions/0050-declaracoes.md). */

/** No row means not enabled: the OGMO enables each worker explicitly. */
export async function declaracaoHabilitada(
  db: DbOuTrx,
  codAvulso: string,
  tipo: TipoDeclaracao,
): Promise<boolean> {
  const linha = await db
    .selectFrom('declaracao_habilitacao')
    .select('habilitado')
    .where('cod_avulso', '=', codAvulso)
    .where('tipo', '=', tipo)
    .executeTakeFirst();
  return linha?.habilitado === 1;
}

export async function declaracaoDoAvulso(db: DbOuTrx, codAvulso: string, tipo: TipoDeclaracao) {
  return db
    .selectFrom('declaracao')
    .select(['token_url', 'codigo_verificacao', 'emitida_em'])
    .where('cod_avulso', '=', codAvulso)
    .where('tipo', '=', tipo)
    .executeTakeFirst();
}

export async function pdfPorToken(db: DbOuTrx, token: string) {
  return db
    .selectFrom('declaracao')
    .select(['tipo', 'codigo_verificacao', 'pdf'])
    .where('token_url', '=', token)
    .executeTakeFirst();
}

export async function declaracaoPorCodigo(db: DbOuTrx, codigo: string) {
  return db
    .selectFrom('declaracao')
    .select(['tipo', 'codigo_verificacao', 'nome', 'cpf', 'emitida_em'])
    .where('codigo_verificacao', '=', codigo)
    .executeTakeFirst();
}

/** The registry data the declarations start from. */
export async function cadastroDoAvulso(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('avulso')
    .select([
      'nome',
      'cpf',
      'data_nascimento',
      'cod_sindicato',
      'rg_numero',
      'rg_orgao_exp',
      'rg_uf',
      'rg_emissao',
      'pis',
      'end_logradouro',
      'end_bairro',
      'end_cidade',
      'end_uf',
      'email',
      'telefone',
    ])
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
}

/** Inserts a declaration; undefined when the database refuses it (the worker has one of the kind, or the code is taken). */
export async function inserirDeclaracao(db: DbOuTrx, linha: Insertable<DeclaracaoTable>) {
  return db
    .insertInto('declaracao')
    .values(linha)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
}
