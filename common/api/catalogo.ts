import { apiAvulso } from './avulso.ts';
import { apiCadastro, apiImportacaoCadastro } from './cadastro.ts';
import { apiContas } from './contas.ts';
import { apiDeclaracoes } from './declaracoes.ts';
import { apiDocumentacao } from './documentacao.ts';
import { apiEleicoes } from './eleicoes.ts';
import { apiEleicoesGestao } from './eleicoes-gestao.ts';
import type { Endpoint } from './endpoint.ts';
import { apiEquipe } from './equipe.ts';
import { apiEscalaAberta } from './escala-aberta.ts';
import { apiEscalacao } from './escalacao.ts';
import { apiEventos } from './eventos.ts';
import { apiFinanceiro } from './financeiro.ts';
import { apiFinanceiroGestao } from './financeiro-importacao.ts';
import { apiFotos } from './fotos.ts';
import { apiGestao, apiResultadoEscala } from './gestao.ts';
import { apiMensagensGestao } from './mensagens.ts';
import { apiPasskeys } from './passkeys.ts';
import { apiPush } from './push.ts';
import { apiSaude } from './saude.ts';
import { apiSeguranca } from './seguranca.ts';
import { apiSessao } from './sessao.ts';

/**
 * Every /api endpoint the server answers. A new resource's `api<Recurso>` object joins this list: the
 * registration test (server/plataforma/http/openapi.test.ts) fails until each description here is registered and
 * each registered /api route is described here. Server and tests import it; the web never does (its bundle
 * takes only the descriptions it calls).
 */
export const catalogoEndpoints: readonly Endpoint[] = [
  ...Object.values(apiDocumentacao),
  ...Object.values(apiSessao),
  ...Object.values(apiEscalaAberta),
  ...Object.values(apiAvulso),
  ...Object.values(apiFotos),
  ...Object.values(apiFinanceiro),
  ...Object.values(apiEscalacao),
  ...Object.values(apiEventos),
  ...Object.values(apiDeclaracoes),
  ...Object.values(apiEleicoes),
  ...Object.values(apiSeguranca),
  ...Object.values(apiGestao),
  ...Object.values(apiResultadoEscala),
  ...Object.values(apiPush),
  ...Object.values(apiFinanceiroGestao),
  ...Object.values(apiSaude),
  ...Object.values(apiMensagensGestao),
  ...Object.values(apiEleicoesGestao),
  ...Object.values(apiPasskeys),
  ...Object.values(apiEquipe),
  ...Object.values(apiCadastro),
  ...Object.values(apiImportacaoCadastro),
  ...Object.values(apiContas),
];
