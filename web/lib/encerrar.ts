import { escalaAbertaQuery, sair } from './api-sessao.ts';
import { caminhos } from './caminhos.ts';
import { apagarDadosOffline } from './conexao.ts';
import { queryClient } from './consultas.ts';
import { sessao } from './sessao.ts';
import { ehQuiosque } from './token.ts';

/**
 * Clears everything the client knows about the worker (docs/produto/escalacao.md §4): token and dadosLogin, every
 * feature's client state (sessao.encerrar), the server state cache; then reloads the open call, which
 * the logged-out screens show too. Returns where to go: /totem at the kiosk, /login elsewhere.
 */
export function limparSessaoLocal(): string {
  const destino = ehQuiosque() ? caminhos.totem : caminhos.login;
  sessao.encerrar();
  queryClient.clear();
  // Also when the session expired: nothing of this worker stays readable offline (decision 0132).
  void apagarDadosOffline();
  void queryClient.prefetchQuery(escalaAbertaQuery);
  return destino;
}

/** Logout: POST /api/logout (the server revokes the token), then the local clean-up. */
export async function encerrarSessao(): Promise<string> {
  // This phone stops getting the worker's notices; the server drops the session's subscription itself.
  // Loaded here, not with the login page (docs/decisions/0133-orcamentos-do-celular.md); a chunk that
  // cannot load (no network, a service worker of an older version) must not stop the logout.
  try {
    await (await import('./avisos-push.ts')).esquecerAvisosNoAparelho();
  } catch {
    // The server drops the session's subscription with the session.
  }
  if (sessao.temToken()) {
    try {
      await sair();
    } catch {
      // The session may be gone already (expired, revoked): logging out locally is what matters.
    }
  }
  // The token goes as soon as the server has revoked it: a reload in between (the worker tapping again) would
  // otherwise find a token the server no longer knows and ask for a second logout, refused with a 401.
  const destino = limparSessaoLocal();
  await apagarDadosOffline();
  return destino;
}
