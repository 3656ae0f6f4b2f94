import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loginBody } from '#common/api/sessao.ts';
import { validarLogin } from './validacao-login.ts';

/** The first message zod gives per field, as the old form (react-hook-form + zodResolver) showed it. */
function errosDoSchema(campos: { login: string; password: string }) {
  const r = loginBody.safeParse(campos);
  const erros: Record<string, string> = {};
  if (!r.success) {
    for (const issue of r.error.issues) {
      const campo = String(issue.path[0]);
      erros[campo] ??= issue.message;
    }
  }
  return erros;
}

const texto = fc.oneof(
  fc.stringMatching(/^\d{0,10}$/),
  fc.string({ maxLength: 10 }),
  fc.constantFrom('', '100001', '123456', '12345678', '123456789', '12345', '１２３４５６'),
);

describe('validarLogin', () => {
  it('aceita e recusa o mesmo que loginBody, com as mesmas mensagens', () => {
    fc.assert(
      fc.property(texto, texto, (login, password) => {
        expect(validarLogin({ login, password })).toEqual(errosDoSchema({ login, password }));
      }),
      { numRuns: 2000 },
    );
  });

  it('mensagens em português para os casos da tela', () => {
    expect(validarLogin({ login: '', password: '' })).toEqual({
      login: 'Informe o usuário.',
      password: 'Informe a senha.',
    });
    expect(validarLogin({ login: '12345', password: '12345' })).toEqual({
      login: 'O usuário tem 6 dígitos.',
      password: 'A senha tem de 6 a 8 dígitos numéricos.',
    });
    expect(validarLogin({ login: '100001', password: '123456' })).toEqual({});
  });
});
