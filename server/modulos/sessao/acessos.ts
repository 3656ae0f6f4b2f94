import type { FastifyInstance } from 'fastify';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/** The sessions a change of credentials ended, for the memory of this server and the others. */
export interface AcessosEsquecidos {
  tokenHashes: string[];
  sessaoIds: string[];
}

/**
 * Ends every session of the worker, inside the caller's transaction (issue 30): a first-access code issued by
 * the staff and a password changed by the worker leave no old session behind. Minimal version of the cadastro
 * branch (the passkeys branch also forgets the trusted devices); call `esquecerNaMemoria` after the COMMIT.
 */
export async function esquecerAcessos(
  trx: DbOuTrx,
  codAvulso: string,
  agora: Date = new Date(),
): Promise<AcessosEsquecidos> {
  const revogadas = await trx
    .updateTable('sessao')
    .set({ revogada_em: agora.toISOString() })
    .where('cod_avulso', '=', codAvulso)
    .where('revogada_em', 'is', null)
    .returning(['token_hash', 'sessao_id'])
    .execute();
  return {
    tokenHashes: revogadas.map((r) => r.token_hash),
    sessaoIds: [...new Set(revogadas.map((r) => r.sessao_id))],
  };
}

/** After the COMMIT: this server forgets the ended sessions now, their live streams end, the others are told. */
export function esquecerNaMemoria(app: FastifyInstance, esquecidos: AcessosEsquecidos): void {
  for (const hash of esquecidos.tokenHashes) app.ctx.sessoes.esquecer(hash);
  for (const sessaoId of esquecidos.sessaoIds) app.aoVivo.sessaoEncerrada(sessaoId, esquecidos.tokenHashes);
}
