import type { RouteObject } from 'react-router';
import { registrarAposLogin } from '../../lib/apos-login.ts';

// A phone with the notices on keeps them for the worker who logs in on it now (docs/decisions/0162). Loaded
// then, not with the login page (docs/decisions/0133-orcamentos-do-celular.md).
registrarAposLogin({
  aoEntrar: () => {
    void import('../../lib/avisos-push.ts').then(({ sincronizarAvisos }) => sincronizarAvisos());
    return null;
  },
});

/**
 * The account area (docs/produto/minha-conta.md §2), mounted under the login guard in web/router.tsx. The two
 * declaration pages belong to features/declaracoes. Each page loads on demand.
 */
export const rotasMinhaConta: RouteObject[] = [
  {
    path: 'minha-conta',
    lazy: async () => ({ Component: (await import('./pagina-minha-conta.tsx')).PaginaMinhaConta }),
  },
  {
    path: 'minha-conta/habilitacoes',
    lazy: async () => ({ Component: (await import('./pagina-habilitacoes.tsx')).PaginaHabilitacoes }),
  },
  {
    path: 'minha-conta/ultimos-trabalhos',
    lazy: async () => ({
      Component: (await import('./pagina-ultimos-trabalhos.tsx')).PaginaUltimosTrabalhos,
    }),
  },
  {
    path: 'minha-conta/configuracoes',
    lazy: async () => ({ Component: (await import('./pagina-configuracoes.tsx')).PaginaConfiguracoes }),
  },
  {
    path: 'minha-conta/mudar-senha',
    lazy: async () => ({ Component: (await import('./pagina-conta.tsx')).PaginaMudarSenha }),
  },
  {
    path: 'minha-conta/mudar-dados-pessoais',
    lazy: async () => ({ Component: (await import('./pagina-conta.tsx')).PaginaMudarDadosPessoais }),
  },
  {
    path: 'minha-conta/financeiro',
    lazy: async () => ({ Component: (await import('./pagina-financeiro.tsx')).PaginaFinanceiro }),
  },
  {
    path: 'minha-conta/financeiro/contracheques',
    lazy: async () => ({ Component: (await import('./pagina-contracheques.tsx')).PaginaContracheques }),
  },
  {
    path: 'minha-conta/financeiro/contracheques-13-ferias',
    lazy: async () => ({
      Component: (await import('./pagina-contracheques-13-ferias.tsx')).PaginaContracheques13Ferias,
    }),
  },
  {
    path: 'minha-conta/financeiro/fichas-financeiras',
    lazy: async () => ({
      Component: (await import('./pagina-fichas-financeiras.tsx')).PaginaFichasFinanceiras,
    }),
  },
  {
    path: 'minha-conta/financeiro/informes-rendimentos',
    lazy: async () => ({
      Component: (await import('./pagina-informes-rendimentos.tsx')).PaginaInformesRendimentos,
    }),
  },
];
