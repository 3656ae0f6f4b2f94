import type { FastifyRequest } from 'fastify';
import { CATEGORIA_OGMO } from '#common/dominio.ts';
import { sessaoDe } from '../autenticacao/autenticacao.ts';
import type { DbOuTrx } from '../banco/schema.ts';
import { ErroApp } from './erro-app.ts';

/**
 * The staff check of the election's tally and the security log: the session's worker is OGMO staff
 * (category 9), else 403 AcessoNegado with the page's own message. The back office's role is a separate
 * check (server/modulos/gestao/acesso.ts).
 */
export async function exigirEquipeOgmo(
  db: DbOuTrx,
  request: FastifyRequest,
  mensagem: string,
): Promise<void> {
  const avulso = await db
    .selectFrom('avulso')
    .select('cod_categoria')
    .where('cod_avulso', '=', sessaoDe(request).codAvulso)
    .executeTakeFirst();
  if (avulso?.cod_categoria !== CATEGORIA_OGMO) throw new ErroApp('AcessoNegado', mensagem);
}
