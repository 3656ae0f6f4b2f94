import { randomBytes } from 'node:crypto';
import type { DbOuTrx } from './banco/schema.ts';

/**
 * A server secret kept in the database, so every server behind one PostgreSQL signs alike.
 * Created on first use (`gerar`, 32 random bytes by default); concurrent creators agree on the first one written.
 */
export async function obterSegredo(
  db: DbOuTrx,
  nome: string,
  gerar: () => string = () => randomBytes(32).toString('base64url'),
): Promise<string> {
  const existente = await db
    .selectFrom('segredo')
    .select('valor')
    .where('nome', '=', nome)
    .executeTakeFirst();
  if (existente) return existente.valor;
  await db
    .insertInto('segredo')
    .values({ nome, valor: gerar() })
    .onConflict((oc) => oc.column('nome').doNothing())
    .execute();
  const criado = await db
    .selectFrom('segredo')
    .select('valor')
    .where('nome', '=', nome)
    .executeTakeFirstOrThrow();
  return criado.valor;
}
