import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { DadosLogin } from '#common/api/sessao.ts';
import { buscarSessao } from './api-sessao.ts';
import { passosAoRecarregar } from './apos-login.ts';
import { caminhos } from './caminhos.ts';
import { sessao } from './sessao.ts';

/**
 * Loader of the login-guarded layout: no token → /login; a token but no worker data (a reload) →
 * the data is fetched again; a refused token → /login.
 */
export async function exigirLogin(args?: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
  if (sessao.logado()) return null;
  if (!sessao.temToken()) throw redirect(caminhos.login);
  let dados: DadosLogin;
  try {
    dados = await buscarSessao();
    sessao.definir(dados);
  } catch {
    sessao.encerrar();
    throw redirect(caminhos.login);
  }
  // A reload runs the login's steps that ask for a destination again (the pending election), so it cannot
  // skip the vote (docs/decisions/0061-eleicao-navegacao.md).
  if (args) {
    const pathname = new URL(args.request.url).pathname;
    for (const passo of passosAoRecarregar()) {
      const destino = await passo.aoRecarregar?.(dados);
      if (destino && pathname !== destino) throw redirect(destino);
    }
  }
  return null;
}
