import { type LoaderFunctionArgs, redirect } from 'react-router';
import type { DadosLogin } from '#common/api/sessao.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { sessao } from '../../lib/sessao.ts';
import { verificarEleicao } from '../eleicao/estado.ts';
import { buscarSessao } from './api.ts';

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
  // A reload runs the login's pending-election check again, so it cannot skip the vote
  // (docs/decisions/0061-eleicao-navegacao.md).
  if (args && (await verificarEleicao(dados)) && new URL(args.request.url).pathname !== caminhos.eleicao) {
    throw redirect(caminhos.eleicao);
  }
  return null;
}
