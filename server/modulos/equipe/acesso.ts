import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Papel } from '#common/dominio.ts';
import { exigirSessao, sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { membroComPapel } from './repositorio.ts';

/** True when the worker is OGMO staff (category 9) holding the role (docs/decisions/0150). */
export async function temPapel(db: DbOuTrx, codAvulso: string, papel: Papel): Promise<boolean> {
  return membroComPapel(db, codAvulso, papel);
}

/**
 * The onRequest hook of a staff area: a session, then the role, before the body is even parsed, so anyone
 * else gets 403 AcessoNegado whatever they send. `mensagem` is what the refused person reads.
 */
export function exigirPapel(papel: Papel, mensagem: string) {
  return async function exigirPapelDaArea(this: FastifyInstance, request: FastifyRequest): Promise<void> {
    await exigirSessao.call(this, request);
    if (!(await temPapel(this.ctx.db, sessaoDe(request).codAvulso, papel))) {
      throw new ErroApp('AcessoNegado', mensagem);
    }
  };
}
