import { SENHA_MAX, SENHA_MIN, TAMANHO_USUARIO } from '#common/dominio.ts';

/**
 * The login form's checks, the same rules and messages as the wire schema `loginBody` (common/api/sessao.ts,
 * docs/produto/escalacao.md §5) without loading zod on the login page, the lightest page of the app
 * (docs/decisions/0133). validacao-login.test.ts checks both agree on every input fast-check makes.
 */
export interface CamposLogin {
  login: string;
  password: string;
}

export type ErrosLogin = Partial<Record<keyof CamposLogin, string>>;

const USUARIO = new RegExp(`^\\d{${TAMANHO_USUARIO}}$`);
const SENHA = new RegExp(`^\\d{${SENHA_MIN},${SENHA_MAX}}$`);

export function validarLogin(campos: CamposLogin): ErrosLogin {
  const erros: ErrosLogin = {};
  if (campos.login.length === 0) erros.login = 'Informe o usuário.';
  else if (!USUARIO.test(campos.login)) erros.login = `O usuário tem ${TAMANHO_USUARIO} dígitos.`;
  if (campos.password.length === 0) erros.password = 'Informe a senha.';
  else if (!SENHA.test(campos.password)) {
    erros.password = `A senha tem de ${SENHA_MIN} a ${SENHA_MAX} dígitos numéricos.`;
  }
  return erros;
}
