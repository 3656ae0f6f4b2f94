import type { FastifyInstance } from 'fastify';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { revogarSessoesDoAvulso } from './repositorio.ts';
import { esquecerAparelhos } from './repositorio-aparelhos.ts';
import { revogarTodasAsPasskeys } from './repositorio-passkeys.ts';

/** What `esquecerAcessos` ended, for the caller to tell the caches once the transaction commits. */
export interface AcessosEsquecidos {
  /** The sessions revoked, each with the hashes of its tokens. */
  sessoes: { sessaoId: string; tokens: string[] }[];
  aparelhos: number;
  passkeys: number;
}

export interface OpcoesEsquecer {
  /** The session that asked (a password change from Minha conta stays logged in). */
  manterSessaoId?: string;
  agora?: Date;
}

/**
 * Everything that lets a worker in without the password (issue 28, item 4; issue 30): on a password change
 * or a reset code, every session of the worker ends (but the one that asked, if said), the trusted devices
 * are forgotten and so are the passkeys (docs/decisions/0227). Runs in the caller's transaction, so it is all
 * or nothing with the new password; after the COMMIT, `anunciarAcessosEsquecidos` drops the cached sessions.
 */
export async function esquecerAcessos(
  trx: DbOuTrx,
  codAvulso: string,
  opcoes: OpcoesEsquecer = {},
): Promise<AcessosEsquecidos> {
  const quando = opcoes.agora ?? new Date();
  const agora = quando.toISOString();
  const revogadas = await revogarSessoesDoAvulso(trx, codAvulso, agora, opcoes.manterSessaoId);
  const porSessao = new Map<string, string[]>();
  for (const r of revogadas)
    porSessao.set(r.sessao_id, [...(porSessao.get(r.sessao_id) ?? []), r.token_hash]);
  const aparelhos = await esquecerAparelhos(trx, codAvulso);
  const passkeys = await revogarTodasAsPasskeys(trx, codAvulso, quando);
  return {
    sessoes: [...porSessao].map(([sessaoId, tokens]) => ({ sessaoId, tokens })),
    aparelhos,
    passkeys,
  };
}

/** After the COMMIT: this server forgets the cached rows now, the live streams end, other servers follow. */
export function anunciarAcessosEsquecidos(app: FastifyInstance, esquecidos: AcessosEsquecidos): void {
  for (const { sessaoId, tokens } of esquecidos.sessoes) {
    for (const hash of tokens) app.ctx.sessoes.esquecer(hash);
    app.aoVivo.sessaoEncerrada(sessaoId, tokens);
  }
}
