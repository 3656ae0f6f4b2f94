import type { apiAvulso } from '#common/api/avulso.ts';
import type { apiEleicoes } from '#common/api/eleicoes.ts';
import type { Endpoint, Onde } from '#common/api/endpoint.ts';
import type { apiEscalaAberta } from '#common/api/escala-aberta.ts';
import type { apiEscalacao } from '#common/api/escalacao.ts';
import type { apiResultadoEscala } from '#common/api/gestao.ts';
import type { apiPasskeys } from '#common/api/passkeys.ts';
import type { apiSessao } from '#common/api/sessao.ts';

/**
 * The addresses (method, path, access) of the endpoints the login page and the steps right after a login
 * call, without their schemas: the descriptions in common/api/ build zod schemas when imported, and zod
 * (≈ 25 KB brotli) would then be part of what /login loads (docs/decisions/0135-preact-no-navegador.md).
 * Each address is typed by its description (`Onde`), so one that differs from it does not compile, and
 * `chamar` types its answer by the description too. Pages that load later import the descriptions.
 */
type Enderecos<A extends Record<string, Endpoint>, K extends keyof A> = { readonly [N in K]: Onde<A[N]> };

export const enderecosSessao: Enderecos<typeof apiSessao, 'config' | 'login' | 'logout' | 'sessao'> = {
  config: { metodo: 'GET', caminho: '/api/config', acesso: 'publico' },
  login: { metodo: 'POST', caminho: '/api/login', acesso: 'publico' },
  logout: { metodo: 'POST', caminho: '/api/logout', acesso: 'sessao' },
  sessao: { metodo: 'GET', caminho: '/api/sessao', acesso: 'sessao' },
};

export const enderecosEscalaAberta: Enderecos<typeof apiEscalaAberta, 'escalaAberta'> = {
  escalaAberta: { metodo: 'GET', caminho: '/api/escalaAberta', acesso: 'publico' },
};

/** With the service messages, whose dialog opens over the home as it loads (web/components/layout/fila-mensagens.tsx). */
export const enderecosAvulso: Enderecos<
  typeof apiAvulso,
  'habilitacoes' | 'ultimosTrabalhos' | 'mensagens' | 'marcarMensagemLida'
> = {
  habilitacoes: { metodo: 'GET', caminho: '/api/avulso/habilitacoes', acesso: 'sessao' },
  ultimosTrabalhos: { metodo: 'GET', caminho: '/api/avulso/ultimosTrabalhos', acesso: 'sessao' },
  mensagens: { metodo: 'GET', caminho: '/api/avulso/mensagens', acesso: 'sessao' },
  marcarMensagemLida: { metodo: 'POST', caminho: '/api/avulso/mensagens/:codigo/lida', acesso: 'sessao' },
};

export const enderecosEleicoes: Enderecos<typeof apiEleicoes, 'pendente'> = {
  pendente: { metodo: 'GET', caminho: '/api/eleicoes/pendente', acesso: 'sessao' },
};

/**
 * The published result /inicio shows (and the confirmed list it opens): their descriptions are in gestao.ts and
 * escalacao.ts, whose schemas would put zod on /inicio's first render (docs/decisions/0191).
 */
export const enderecosResultadoEscala: Enderecos<typeof apiResultadoEscala, 'resultado'> = {
  resultado: { metodo: 'GET', caminho: '/api/escalacao/resultado', acesso: 'sessao' },
};

export const enderecosEscalacao: Enderecos<typeof apiEscalacao, 'avulsosConfirmados'> = {
  avulsosConfirmados: { metodo: 'GET', caminho: '/api/avulsosConfirmados', acesso: 'sessao' },
};

/** "Entrar com a digital" on /login (docs/decisions/0229): the passkey's two calls, without zod. */
export const enderecosPasskeys: Enderecos<typeof apiPasskeys, 'opcoesLogin' | 'login'> = {
  opcoesLogin: { metodo: 'POST', caminho: '/api/login/passkey/opcoes', acesso: 'publico' },
  login: { metodo: 'POST', caminho: '/api/login/passkey', acesso: 'publico' },
};
