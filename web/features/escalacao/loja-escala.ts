import { useSyncExternalStore } from 'react';
import type { EscalaCarregada } from '#common/api/escalacao.ts';
import type { DadosLogin } from '#common/api/sessao.ts';
import { MENSAGEM_SEM_COMUNICACAO } from '#common/erros.ts';
import { assinarAoVivo } from '../../lib/ao-vivo.ts';
import { ErroApi } from '../../lib/api-client.ts';
import { buscarSessao, escalaAbertaQuery } from '../../lib/api-sessao.ts';
import { queryClient } from '../../lib/consultas.ts';
import { aoEncerrarSessao, sessao } from '../../lib/sessao.ts';
import { buscarAvulsosConfirmados, buscarVagas, enviarEscolhas } from './api.ts';
import {
  CONFIRMADOS_INICIAL,
  concluirCargaConfirmados,
  type EstadoConfirmados,
  falharCargaConfirmados,
  iniciarCargaConfirmados,
} from './confirmados.ts';
import {
  aplicarFalha,
  aplicarSucesso,
  type ContextoEscolha,
  deveCarregarVagas,
  dispensarErro,
  type EnvioEscolhas,
  escolherOferta,
  limparOfertas,
  type RefOferta,
  type ResultadoAcao,
  selecionarTudo,
} from './estado-escala.ts';

/**
 * The loaded call (escalaCarregada) as client state: seeded from GET /api/vagas, then changed
 * optimistically by the worker's choices (the pure transitions of estado-escala.ts) and corrected by the
 * server's answers. One small store for the feature, read with useSyncExternalStore, cleared on logout.
 */

/** The load of GET /api/vagas: the web's status-union style (docs/ARCHITECTURE.md). */
export type EstadoVagas =
  | { status: 'ocioso' }
  | { status: 'carregando' }
  | { status: 'erro'; mensagem: string };

export interface EstadoEscala {
  escalaCarregada: EscalaCarregada | null;
  /** The worker the loaded call was computed for. */
  codAvulso: string | null;
  vagas: EstadoVagas;
  /** The confirmed-workers panel of each category of the loaded call. */
  confirmados: Record<number, EstadoConfirmados>;
}

const INICIAL: EstadoEscala = {
  escalaCarregada: null,
  codAvulso: null,
  vagas: { status: 'ocioso' },
  confirmados: {},
};

let estado: EstadoEscala = INICIAL;
/** Bumped on logout and on each new load: answers of an older generation are dropped. */
let geracao = 0;
let cargaEmCurso: Promise<void> | null = null;
const ouvintes = new Set<() => void>();

function definir(novo: EstadoEscala) {
  if (novo === estado) return;
  estado = novo;
  for (const fn of ouvintes) fn();
}

function assinar(fn: () => void) {
  ouvintes.add(fn);
  return () => ouvintes.delete(fn);
}

export function estadoEscala(): EstadoEscala {
  return estado;
}

export function useEstadoEscala(): EstadoEscala {
  return useSyncExternalStore(assinar, estadoEscala, estadoEscala);
}

function mensagemDe(erro: unknown): string {
  return erro instanceof ErroApi || erro instanceof Error ? erro.message : MENSAGEM_SEM_COMUNICACAO;
}

/** Loads a call's vacancies (the open one, or any one for test users). Throws the server's refusal. */
export async function carregarVagas(numEscalacao: number): Promise<EscalaCarregada> {
  const minha = ++geracao;
  const codAvulso = sessao.dados()?.codAvulso ?? null;
  definir({ ...estado, vagas: { status: 'carregando' } });
  try {
    const escala = await buscarVagas(numEscalacao);
    if (minha === geracao) {
      const mesma = estado.escalaCarregada?.numEscalacao === escala.numEscalacao;
      definir({
        escalaCarregada: escala,
        codAvulso,
        vagas: { status: 'ocioso' },
        confirmados: mesma ? estado.confirmados : {},
      });
    }
    return escala;
  } catch (erro) {
    if (minha === geracao) definir({ ...estado, vagas: { status: 'erro', mensagem: mensagemDe(erro) } });
    throw erro;
  }
}

/**
 * Loads the vacancies when the worker is not impeded, an open call exists and none is loaded yet
 * (docs/produto/escalacao.md §4): after login and when /escalacao opens. Never throws; a failure stays in `vagas`.
 */
export function garantirVagas(dados: DadosLogin | null = sessao.dados()): Promise<void> {
  if (!dados || dados.impedimento || estado.escalaCarregada) return Promise.resolve();
  if (cargaEmCurso) return cargaEmCurso;
  const carga = (async () => {
    try {
      const aberta = await queryClient.fetchQuery(escalaAbertaQuery);
      if (deveCarregarVagas(dados.impedimento, aberta, estado.escalaCarregada)) {
        await carregarVagas(aberta.numEscalacao);
      }
    } catch (erro) {
      if (estado.vagas.status !== 'erro')
        definir({ ...estado, vagas: { status: 'erro', mensagem: mensagemDe(erro) } });
    } finally {
      cargaEmCurso = null;
    }
  })();
  cargaEmCurso = carga;
  return carga;
}

function contexto(): ContextoEscolha | null {
  const dados = sessao.dados();
  if (!dados) return null;
  return {
    codAvulso: dados.codAvulso,
    usuarioTeste: dados.usuarioTeste,
    escolhaPoraoEstiva: dados.escolhaPoraoEstiva,
    escalaAberta: queryClient.getQueryData(escalaAbertaQuery.queryKey),
  };
}

async function postar(envio: EnvioEscolhas, ctx: ContextoEscolha) {
  const minha = geracao;
  try {
    const resposta = await enviarEscolhas({
      numEscalacao: envio.numEscalacao,
      categoria: envio.categoria,
      escolhas: envio.escolhas,
    });
    if (minha !== geracao || !estado.escalaCarregada) return;
    definir({ ...estado, escalaCarregada: aplicarSucesso(estado.escalaCarregada, envio, resposta, ctx) });
    // Whoever has the panel open sees their own name appear.
    if (estado.confirmados[envio.categoria]) void atualizarConfirmados(envio.categoria);
  } catch (erro) {
    // Impeded since the call was loaded (issue 30): the worker's data is read again, so the red box shows
    // the staff's motive on /escalacao and /inicio.
    if (erro instanceof ErroApi && erro.codigoErro === 'TpaImpedido') void atualizarDadosDoAvulso();
    if (minha !== geracao || !estado.escalaCarregada) return;
    definir({
      ...estado,
      escalaCarregada: aplicarFalha(estado.escalaCarregada, envio, mensagemDe(erro), ctx),
    });
  }
}

async function atualizarDadosDoAvulso(): Promise<void> {
  try {
    const dados = await buscarSessao();
    if (sessao.dados()?.codAvulso === dados.codAvulso) sessao.definir(dados);
  } catch {
    // The next load of the home reads them anyway.
  }
}

function executar(acao: (escala: EscalaCarregada, ctx: ContextoEscolha) => ResultadoAcao): void {
  const ctx = contexto();
  const escala = estado.escalaCarregada;
  if (!ctx || !escala || estado.codAvulso !== ctx.codAvulso) return;
  const { escala: nova, envio } = acao(escala, ctx);
  definir({ ...estado, escalaCarregada: nova });
  if (envio) void postar(envio, ctx);
}

/** A tap on an available offer (chooses or unchooses it). */
export function escolher(numEscalacaoTela: number, ref: RefOferta): void {
  executar((escala, ctx) => escolherOferta(escala, numEscalacaoTela, ref, ctx));
}

export function selecionarTodas(numEscalacaoTela: number, codCategoria: number): void {
  executar((escala, ctx) => selecionarTudo(escala, numEscalacaoTela, codCategoria, ctx));
}

export function limparEscolhas(numEscalacaoTela: number, codCategoria: number): void {
  executar((escala, ctx) => limparOfertas(escala, numEscalacaoTela, codCategoria, ctx));
}

/** A tap on an offer in error: back to available (the caller shows the message). */
export function dispensarErroOferta(ref: RefOferta): void {
  if (!estado.escalaCarregada) return;
  definir({ ...estado, escalaCarregada: dispensarErro(estado.escalaCarregada, ref) });
}

function definirConfirmados(codCategoria: number, fn: (e: EstadoConfirmados) => EstadoConfirmados) {
  const atual = estado.confirmados[codCategoria] ?? CONFIRMADOS_INICIAL;
  definir({ ...estado, confirmados: { ...estado.confirmados, [codCategoria]: fn(atual) } });
}

/** (Re)loads the confirmed workers of a category; the cached list stays visible meanwhile. */
export async function atualizarConfirmados(codCategoria: number): Promise<void> {
  const escala = estado.escalaCarregada;
  if (!escala) return;
  const minha = geracao;
  definirConfirmados(codCategoria, iniciarCargaConfirmados);
  try {
    const resposta = await buscarAvulsosConfirmados(escala.numEscalacao, codCategoria);
    if (minha !== geracao) return;
    definirConfirmados(codCategoria, (e) =>
      concluirCargaConfirmados(e, resposta, estado.escalaCarregada?.numEscalacao, codCategoria),
    );
  } catch (erro) {
    if (minha !== geracao) return;
    console.warn('Falha ao carregar os confirmados', erro);
    definirConfirmados(codCategoria, falharCargaConfirmados);
  }
}

// The live stream says a category's confirmed list changed: a panel already opened reads it again.
assinarAoVivo('confirmados', ({ numEscalacao, codCategoria }) => {
  const carregado = estado.confirmados[codCategoria];
  if (
    numEscalacao === estado.escalaCarregada?.numEscalacao &&
    carregado &&
    carregado.status !== 'indefinido'
  ) {
    void atualizarConfirmados(codCategoria);
  }
});

/** Logout clears the loaded call (docs/produto/escalacao.md §4 'Session'). */
export function limparEscala(): void {
  geracao++;
  cargaEmCurso = null;
  definir(INICIAL);
}

aoEncerrarSessao(limparEscala);
