import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/**
 * The worker's account's queries (contas.ts owns the rules): the access code the staff issue, the password and
 * the personal data. Plain functions taking `db | trx` first, so each change stays in the caller's transaction.
 */

/** Replaces the worker's access code (only its hash is kept). */
export async function trocarCodigoAcesso(
  db: DbOuTrx,
  codigo: { codAvulso: string; hash: string; validoAte: string; criadoEm: string; criadoPor: string },
): Promise<void> {
  await db.deleteFrom('codigo_acesso').where('cod_avulso', '=', codigo.codAvulso).execute();
  await db
    .insertInto('codigo_acesso')
    .values({
      cod_avulso: codigo.codAvulso,
      hash: codigo.hash,
      valido_ate: codigo.validoAte,
      criado_em: codigo.criadoEm,
      criado_por: codigo.criadoPor,
    })
    .execute();
}

/** What the first access checks the worker's answers against. */
export function identificacaoDoAvulso(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('avulso')
    .select(['cpf', 'data_nascimento'])
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
}

export function codigoAcessoDe(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('codigo_acesso')
    .select(['hash', 'valido_ate'])
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
}

/** Uses up the code with this hash: whether it was there (a second use finds it gone). */
export async function consumirCodigoAcesso(db: DbOuTrx, codAvulso: string, hash: string): Promise<boolean> {
  const usado = await db
    .deleteFrom('codigo_acesso')
    .where('cod_avulso', '=', codAvulso)
    .where('hash', '=', hash)
    .executeTakeFirst();
  return Number(usado.numDeletedRows) === 1;
}

export async function gravarSenha(db: DbOuTrx, codAvulso: string, senhaHash: string): Promise<void> {
  await db.updateTable('avulso').set({ senha_hash: senhaHash }).where('cod_avulso', '=', codAvulso).execute();
}

export function contatoDe(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('avulso')
    .select(['telefone', 'email'])
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirstOrThrow();
}

export async function gravarContato(
  db: DbOuTrx,
  codAvulso: string,
  contato: { telefone: string | null; email: string | null },
): Promise<void> {
  await db.updateTable('avulso').set(contato).where('cod_avulso', '=', codAvulso).execute();
}
