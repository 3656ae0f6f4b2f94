import type { RouteObject } from 'react-router';
import { caminhos } from '../../lib/caminhos.ts';

/**
 * The two declaration flows, mounted under the login guard in web/router.tsx, and the public
 * verification page the declarations' QR codes point to. Loaded on demand: the forms bring their masks.
 */
export const rotasDeclaracoes: RouteObject[] = [
  {
    path: caminhos.declaracaoLockdown,
    lazy: async () => ({
      Component: (await import('./pagina-declaracao-lockdown.tsx')).PaginaDeclaracaoLockdown,
    }),
  },
  {
    path: caminhos.declaracaoMp945,
    lazy: async () => ({ Component: (await import('./pagina-declaracao-mp945.tsx')).PaginaDeclaracaoMp945 }),
  },
];

/** Public: no login (a declaration's reader checks it here). */
export const rotasPublicasDeclaracoes: RouteObject[] = [
  {
    path: 'verificar/:codigo',
    lazy: async () => ({ Component: (await import('./pagina-verificacao.tsx')).PaginaVerificacao }),
  },
];
