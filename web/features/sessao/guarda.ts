import { redirect } from 'react-router';
import { caminhos } from '../../lib/caminhos.ts';
import { sessao } from '../../lib/sessao.ts';
import { buscarSessao } from './api.ts';

/**
 * Loader of the login-guarded layout: no token → /login; a token but no worker data (a reload) →
 * the data is fetched again; a refused token → /login.
 */
export async function exigirLogin(): Promise<null> {
  if (sessao.logado()) return null;
  if (!sessao.temToken()) throw redirect(caminhos.login);
  try {
    sessao.definir(await buscarSessao());
    return null;
  } catch {
    sessao.encerrar();
    throw redirect(caminhos.login);
  }
}
