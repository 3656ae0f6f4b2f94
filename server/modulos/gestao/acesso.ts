import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PAPEL_ESCALADOR } from '#common/api/gestao.ts';
import { CATEGORIA_OGMO } from '#common/dominio.ts';
import { exigirSessao, sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';

/** True when the worker is OGMO staff (category 9) holding the role (docs/decisions/0150). */
export async function ehEscalador(db: DbOuTrx, codAvulso: string): Promise<boolean> {
  const linha = await db
    .selectFrom('papel as p')
    .innerJoin('avulso as a', 'a.cod_avulso', 'p.cod_avulso')
    .select('p.papel')
    .where('p.cod_avulso', '=', codAvulso)
    .where('p.papel', '=', PAPEL_ESCALADOR)
    .where('a.cod_categoria', '=', CATEGORIA_OGMO)
    .executeTakeFirst();
  return linha !== undefined;
}

/**
 * onRequest hook of every /api/gestao route: a session, then the role, before the body is even parsed,
 * so anyone else gets 403 AcessoNegado whatever they send.
 */
export async function exigirEscalador(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  await exigirSessao.call(this, request);
  if (!(await ehEscalador(this.ctx.db, sessaoDe(request).codAvulso))) {
    throw new ErroApp('AcessoNegado', 'Somente a equipe de escalação do OGMO acessa a gestão das escalas.');
  }
}
