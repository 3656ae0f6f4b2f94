import type { Db } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { passkeyDoAvulso, revogarPasskey } from '../sessao/index.ts';
import { registrarHistorico } from './repositorio-historico.ts';

/**
 * Staff revoke a worker's passkey (issue 28: "revocable in Minha conta and by staff"; docs/decisions/0229,
 * 0295): the passkey stops logging in, and the worker's history keeps who, when, before and after, in the
 * same transaction as the revocation.
 */
export async function revogarPasskeyPelaEquipe(
  db: Db,
  p: { codAvulso: string; id: number; por: string; agora: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const passkey = await passkeyDoAvulso(trx, p.codAvulso, p.id);
    if (!passkey || !(await revogarPasskey(trx, p.codAvulso, p.id, p.por, 'equipe', p.agora))) {
      throw new ErroApp('NaoEncontrado', 'Passkey inexistente ou já revogada.');
    }
    const descricao = { passkey: passkey.nome, criadaEm: passkey.criada_em };
    await registrarHistorico(trx, {
      codAvulso: p.codAvulso,
      por: p.por,
      em: p.agora,
      acao: 'acesso.passkey-revogada',
      antes: { ...descricao, situacao: 'ativa' },
      depois: { ...descricao, situacao: 'revogada' },
    });
  });
}
