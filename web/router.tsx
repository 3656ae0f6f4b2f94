import { type RouteObject, redirect } from 'react-router';
import { Layout } from './components/layout/layout.tsx';
import { rotasDeclaracoes, rotasPublicasDeclaracoes } from './features/declaracoes/rotas.tsx';
import { rotasDocumentacao } from './features/documentacao/rotas.tsx';
import { rotasEleicao } from './features/eleicao/rotas.tsx';
import { rotasEscalacao } from './features/escalacao/rotas.tsx';
import { rotasGestao } from './features/gestao/rotas.tsx';
import { rotasGestaoCadastro } from './features/gestao-cadastro/rotas.tsx';
import { rotasGestaoEleicoes } from './features/gestao-eleicoes/rotas.tsx';
import { rotasGestaoEquipe } from './features/gestao-equipe/rotas.tsx';
import { rotasGestaoFinanceiro } from './features/gestao-financeiro/rotas.tsx';
import { rotasGestaoMensagens } from './features/gestao-mensagens/rotas.tsx';
import { rotasInicio, rotasPublicasInicio } from './features/inicio/rotas.tsx';
import { rotasMinhaConta } from './features/minha-conta/rotas.tsx';
import { rotasSessao } from './features/sessao/rotas.tsx';
import { caminhos } from './lib/caminhos.ts';
import { exigirLogin } from './lib/guarda.ts';

/**
 * The route table of docs/produto/escalacao.md §2. Each feature owns its routes (features/<area>/rotas.tsx);
 * the login-guarded ones sit under one pathless route whose loader is the guard. The login page, this
 * layout and the guards are in the main chunk; every other page comes with its route's `lazy`
 * (docs/decisions/0080-divisao-do-bundle.md). web/main.tsx makes the browser's router of it; the build renders
 * /login from it too (web/login-estatico.tsx, docs/decisions/0194-react-no-navegador.md).
 */
/** The login guard's route, whose loader the router skips when /inicio arrived rendered (web/main.tsx). */
export const ID_ROTA_PROTEGIDA = 'protegida';

export const rotas: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    // The first load of a route with a loader or a lazy page shows the frame (bar, footer) with an empty
    // body until it is ready, instead of nothing and React Router's warning (docs/decisions/0120-telas-conferidas.md).
    HydrateFallback: Layout,
    children: [
      { index: true, loader: () => redirect(caminhos.inicio) },
      ...rotasSessao,
      ...rotasPublicasInicio,
      ...rotasPublicasDeclaracoes,
      ...rotasDocumentacao,
      {
        id: ID_ROTA_PROTEGIDA,
        loader: exigirLogin,
        children: [
          ...rotasInicio,
          ...rotasEscalacao,
          ...rotasMinhaConta,
          ...rotasDeclaracoes,
          ...rotasEleicao,
          ...rotasGestao(() => exigirLogin()),
          ...rotasGestaoFinanceiro(() => exigirLogin()),
          ...rotasGestaoMensagens(() => exigirLogin()),
          ...rotasGestaoEleicoes(() => exigirLogin()),
          ...rotasGestaoEquipe(() => exigirLogin()),
          ...rotasGestaoCadastro(() => exigirLogin()),
        ],
      },
      { path: '*', loader: () => redirect(caminhos.inicio) },
    ],
  },
];
