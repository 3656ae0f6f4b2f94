import { browserSupportsWebAuthn, startAuthentication, WebAuthnError } from '@simplewebauthn/browser';
import { chamar } from '../../lib/api-client.ts';
import { enderecosPasskeys } from '../../lib/enderecos-api.ts';

/**
 * "Entrar com a digital" (docs/decisions/0229): loaded only when the button is touched, so /login's first
 * load does not carry @simplewebauthn/browser. The phone shows its own prompt (fingerprint, face or screen
 * lock) and the server checks the signature; the answer is the same as the password login's.
 */
export async function entrarComDigital() {
  if (!browserSupportsWebAuthn()) {
    throw erroDigital('Este aparelho não permite entrar com a digital. Entre com a senha.');
  }
  const optionsJSON = await chamar(enderecosPasskeys.opcoesLogin);
  let resposta: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    resposta = await startAuthentication({ optionsJSON });
  } catch (e) {
    // The worker closed the prompt, or the phone has no passkey of the portal.
    if (e instanceof WebAuthnError || (e instanceof Error && e.name === 'NotAllowedError')) {
      throw erroDigital(
        'A digital não foi confirmada. Se ainda não cadastrou a digital neste aparelho, entre com a senha e cadastre em Minha conta › Configurações.',
      );
    }
    throw e;
  }
  return chamar(enderecosPasskeys.login, { corpo: { resposta } });
}

/** A refusal written for the worker (the login page shows its message as is). */
function erroDigital(mensagem: string): Error {
  const erro = new Error(mensagem);
  erro.name = 'ErroDigital';
  return erro;
}
