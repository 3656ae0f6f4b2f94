import { apiPasskeys } from '#common/api/passkeys.ts';
import type { DadosLogin } from '#common/api/sessao.ts';
import type { DbOuTrx } from '#server/plataforma/banco/schema.ts';
import { AutenticadorSoftware } from '#server/test/autenticador-webauthn.ts';
import type { Cliente } from './carga.ts';
import { type Medicao, medir, type Trabalhador } from './escalacao/trabalhador.ts';

/**
 * Passkeys in the benchmarks (docs/decisions/0229): workers seeded with a passkey (ES256, kept in this
 * process's software authenticator) log in with `POST /api/login/passkey/opcoes` and `POST /api/login/passkey`
 * instead of the password. The server checks a real signature with @simplewebauthn/server.
 */
const autenticador = new AutenticadorSoftware('http://localhost');
/** Worker → the credential's index in the authenticator. */
const comPasskey = new Map<string, number>();

export function temPasskey(codAvulso: string): boolean {
  return comPasskey.has(codAvulso);
}

/** Seeds a passkey for each worker given, straight into the table (the registration ceremony is not measured). */
export async function semearPasskeys(db: DbOuTrx, codigos: readonly string[], agora: Date): Promise<void> {
  const linhas = codigos.map((cod) => {
    const c = autenticador.gerar(cod);
    comPasskey.set(cod, c.indice);
    return {
      credencial: c.credencial,
      cod_avulso: cod,
      chave_publica: c.chavePublica,
      contador: '0',
      transportes: 'internal',
      nome: 'Celular Android',
      criada_em: agora.toISOString(),
      usada_em: null,
      revogada_em: null,
      revogada_por: null,
      motivo_revogacao: null,
    };
  });
  for (let i = 0; i < linhas.length; i += 500) {
    await db
      .insertInto('passkey')
      .values(linhas.slice(i, i + 500))
      .execute();
  }
}

/** "Entrar com a digital": the options, the phone's signature, the login. Measured as two calls. */
export async function entrarComPasskey(
  med: Medicao,
  cliente: Cliente,
  t: Trabalhador,
  porta: number,
): Promise<DadosLogin> {
  const indice = comPasskey.get(t.codAvulso);
  if (indice === undefined) throw new Error(`${t.codAvulso} sem passkey`);
  const token = t.token;
  const { dados: opcoes } = await medir(
    med,
    'POST /api/login/passkey/opcoes',
    cliente,
    t,
    apiPasskeys.opcoesLogin,
    {},
  );
  if (!opcoes) throw new Error('sem opções de passkey');
  const resposta = autenticador.obter(opcoes, indice, { origem: `http://localhost:${porta}` });
  const { dados } = await medir(med, 'POST /api/login/passkey', cliente, t, apiPasskeys.login, {
    corpo: { resposta },
  });
  if (!dados || !t.token || t.token === token) throw new Error('login com passkey sem token');
  return dados;
}
