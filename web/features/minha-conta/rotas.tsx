import type { RouteObject } from 'react-router';
import { PaginaConfiguracoes, PaginaEmBreve } from './pagina-configuracoes.tsx';
import { PaginaContracheques } from './pagina-contracheques.tsx';
import { PaginaContracheques13Ferias } from './pagina-contracheques-13-ferias.tsx';
import { PaginaFichasFinanceiras } from './pagina-fichas-financeiras.tsx';
import { PaginaFinanceiro } from './pagina-financeiro.tsx';
import { PaginaHabilitacoes } from './pagina-habilitacoes.tsx';
import { PaginaInformesRendimentos } from './pagina-informes-rendimentos.tsx';
import { PaginaMinhaConta } from './pagina-minha-conta.tsx';
import { PaginaUltimosTrabalhos } from './pagina-ultimos-trabalhos.tsx';

/**
 * The account area (minha-conta.md §2), mounted under the login guard in web/router.tsx. The two
 * declaration pages belong to features/declaracoes.
 */
export const rotasMinhaConta: RouteObject[] = [
  { path: 'minha-conta', element: <PaginaMinhaConta /> },
  { path: 'minha-conta/habilitacoes', element: <PaginaHabilitacoes /> },
  { path: 'minha-conta/ultimos-trabalhos', element: <PaginaUltimosTrabalhos /> },
  { path: 'minha-conta/configuracoes', element: <PaginaConfiguracoes /> },
  {
    path: 'minha-conta/mudar-senha',
    element: (
      <PaginaEmBreve
        titulo="Mudar senha"
        assunto="A troca de senha pelo portal estará disponível em breve."
      />
    ),
  },
  {
    path: 'minha-conta/mudar-dados-pessoais',
    element: (
      <PaginaEmBreve
        titulo="Mudar dados pessoais"
        assunto="A atualização de telefone e e-mail pelo portal estará disponível em breve."
      />
    ),
  },
  { path: 'minha-conta/financeiro', element: <PaginaFinanceiro /> },
  { path: 'minha-conta/financeiro/contracheques', element: <PaginaContracheques /> },
  { path: 'minha-conta/financeiro/contracheques-13-ferias', element: <PaginaContracheques13Ferias /> },
  { path: 'minha-conta/financeiro/fichas-financeiras', element: <PaginaFichasFinanceiras /> },
  { path: 'minha-conta/financeiro/informes-rendimentos', element: <PaginaInformesRendimentos /> },
];
