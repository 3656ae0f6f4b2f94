import type { EscalaAberta } from '#common/api/escala-aberta.ts';
import type {
  CategoriaEscala,
  EscalaCarregada,
  Escolha,
  FuncaoOferta,
  Porao,
  PostVagasResposta,
  Requisicao,
} from '#common/api/escalacao.ts';
import { CATEGORIA, SITUACAO_OFERTA } from '#common/dominio.ts';
import { catalogoErros } from '#common/erros.ts';
import { escolhaDaOferta } from '#common/escolha.ts';
import { proximaPreferencia } from '#common/preferencia.ts';

/**
 * The state machine of the offer choice (docs/produto/escalacao.md §4 'Function offer choice' and 'Bulk actions'),
 * as pure functions over the loaded call (escalaCarregada). The store (loja-escala.ts) runs them and posts
 * what they ask to post; nothing here does I/O, so every transition is unit-tested.
 */

export const MENSAGEM_SEM_DESCANSO = 'Você não possui descanso suficiente para esta operação!';
export const MENSAGEM_ESCALA_FECHADA: string = catalogoErros.EscalaFechada.mensagem;

export function mensagemSemHabilitacao(nomeFuncao: string): string {
  return `Você não possui habilitação para a função ${nomeFuncao}!`;
}

/** Who is choosing, and what the client knows of the open call. */
export interface ContextoEscolha {
  codAvulso: string;
  usuarioTeste: boolean;
  escolhaPoraoEstiva: boolean;
  /** The open call as last fetched (null: there is none). */
  escalaAberta: EscalaAberta | null | undefined;
}

/** Points at one offer on the screen. */
export interface RefOferta {
  codCategoria: number;
  numRequisicao: number;
  /** The hold of the requisition the offer is listed under. */
  numPorao: string;
  seqCategoria: number;
  codFuncao: number;
}

/** One POST /api/vagas the store must send, with what each posted offer was before (to revert). */
export interface EnvioEscolhas {
  numEscalacao: number;
  codAvulso: string;
  categoria: number;
  escolhas: Escolha[];
  anteriores: { escolhida: boolean; preferencia: number | null }[];
}

export interface ResultadoAcao {
  escala: EscalaCarregada;
  /** null: nothing to post (refused locally, or nothing to touch). */
  envio: EnvioEscolhas | null;
}

/** For Estivador and Conferente with hold choice enabled, results touch only the matching hold. */
export function restringePorao(
  codCategoria: number,
  ctx: Pick<ContextoEscolha, 'escolhaPoraoEstiva'>,
): boolean {
  return (
    ctx.escolhaPoraoEstiva && (codCategoria === CATEGORIA.estivador || codCategoria === CATEGORIA.conferente)
  );
}

type Alvo = Pick<Escolha, 'numRequisicao' | 'numPorao' | 'seqCategoria' | 'codFuncao'>;

function corresponde(req: Requisicao, porao: Porao, funcao: FuncaoOferta, alvo: Alvo, restringir: boolean) {
  return (
    req.numRequisicao === alvo.numRequisicao &&
    funcao.seqCategoria === alvo.seqCategoria &&
    funcao.codFuncao === alvo.codFuncao &&
    (!restringir || porao.numPorao === alvo.numPorao)
  );
}

/** Every offer of a category with its requisition and hold, in screen order. */
export function* ofertasDe(categoria: CategoriaEscala) {
  for (const req of categoria.requisicoes) {
    for (const porao of req.poroes) {
      for (const funcao of porao.funcoes) yield { req, porao, funcao };
    }
  }
}

export function encontrarOferta(escala: EscalaCarregada, ref: RefOferta) {
  const categoria = escala.categorias[String(ref.codCategoria)];
  if (!categoria) return undefined;
  for (const item of ofertasDe(categoria)) {
    if (
      item.req.numRequisicao === ref.numRequisicao &&
      item.porao.numPorao === ref.numPorao &&
      item.funcao.seqCategoria === ref.seqCategoria &&
      item.funcao.codFuncao === ref.codFuncao
    ) {
      return item;
    }
  }
  return undefined;
}

/** Recounts the chosen offers of each requisition and of the category after a change. */
function recontar(categoria: CategoriaEscala): CategoriaEscala {
  let total = 0;
  const requisicoes = categoria.requisicoes.map((req) => {
    let qtd = 0;
    for (const porao of req.poroes) for (const f of porao.funcoes) if (f.escolhida) qtd++;
    total += qtd;
    return qtd === req.qtdEscolhas ? req : { ...req, qtdEscolhas: qtd };
  });
  return { ...categoria, requisicoes, qtdEscolhas: total };
}

/** Rewrites the offers of one category; untouched requisitions and holds keep their identity. */
function mapearCategoria(
  escala: EscalaCarregada,
  codCategoria: number,
  fn: (req: Requisicao, porao: Porao, funcao: FuncaoOferta) => FuncaoOferta,
): EscalaCarregada {
  const chave = String(codCategoria);
  const categoria = escala.categorias[chave];
  if (!categoria) return escala;
  let mudou = false;
  const requisicoes = categoria.requisicoes.map((req) => {
    let reqMudou = false;
    const poroes = req.poroes.map((porao) => {
      let poraoMudou = false;
      const funcoes = porao.funcoes.map((funcao) => {
        const nova = fn(req, porao, funcao);
        if (nova !== funcao) poraoMudou = true;
        return nova;
      });
      if (!poraoMudou) return porao;
      reqMudou = true;
      return { ...porao, funcoes };
    });
    if (!reqMudou) return req;
    mudou = true;
    return { ...req, poroes };
  });
  if (!mudou) return escala;
  return {
    ...escala,
    categorias: { ...escala.categorias, [chave]: recontar({ ...categoria, requisicoes }) },
  };
}

/** Why the call itself refuses a choice right now, or null (call number, and the open call for non-test users). */
function recusaDaChamada(
  escala: EscalaCarregada,
  numEscalacaoTela: number,
  ctx: ContextoEscolha,
): string | null {
  if (numEscalacaoTela !== escala.numEscalacao) return MENSAGEM_ESCALA_FECHADA;
  if (!ctx.usuarioTeste && ctx.escalaAberta?.numEscalacao !== escala.numEscalacao)
    return MENSAGEM_ESCALA_FECHADA;
  return null;
}

/** Why this offer cannot be chosen, or null. An offer in progress is not refused: the tap is ignored. */
export function motivoRecusa(
  escala: EscalaCarregada,
  numEscalacaoTela: number,
  funcao: FuncaoOferta,
  ctx: ContextoEscolha,
): string | null {
  const daChamada = recusaDaChamada(escala, numEscalacaoTela, ctx);
  if (daChamada) return daChamada;
  if (!funcao.habilitado) return mensagemSemHabilitacao(funcao.nomeFuncao);
  if (!funcao.comDescanso) return MENSAGEM_SEM_DESCANSO;
  return null;
}

function marcarErro(funcao: FuncaoOferta, mensagem: string): FuncaoOferta {
  return { ...funcao, situacao: SITUACAO_OFERTA.erro, mensagem };
}

/**
 * A tap on an offer: toggles `escolhida` and sets it in progress, with the next preference when choosing;
 * or marks it in error with the reason it cannot be chosen. A tap on an offer in progress changes nothing.
 */
export function escolherOferta(
  escala: EscalaCarregada,
  numEscalacaoTela: number,
  ref: RefOferta,
  ctx: ContextoEscolha,
): ResultadoAcao {
  const item = encontrarOferta(escala, ref);
  if (!item || item.funcao.situacao === SITUACAO_OFERTA.processando) return { escala, envio: null };
  const restringir = restringePorao(ref.codCategoria, ctx);
  const alvo: Alvo = { ...ref };
  const recusa = motivoRecusa(escala, numEscalacaoTela, item.funcao, ctx);
  if (recusa) {
    const nova = mapearCategoria(escala, ref.codCategoria, (req, porao, funcao) =>
      corresponde(req, porao, funcao, alvo, restringir) ? marcarErro(funcao, recusa) : funcao,
    );
    return { escala: nova, envio: null };
  }

  const categoria = escala.categorias[String(ref.codCategoria)];
  const escolhida = !item.funcao.escolhida;
  let preferencia: number | null = null;
  if (escolhida && categoria) {
    const outras = [...ofertasDe(categoria)]
      .filter(({ req, porao, funcao }) => !corresponde(req, porao, funcao, alvo, restringir))
      .map(({ funcao }) => funcao);
    preferencia = proximaPreferencia(outras);
  }
  const anterior = { escolhida: item.funcao.escolhida, preferencia: item.funcao.preferencia };
  const nova = mapearCategoria(escala, ref.codCategoria, (req, porao, funcao) =>
    corresponde(req, porao, funcao, alvo, restringir)
      ? { ...funcao, escolhida, preferencia, situacao: SITUACAO_OFERTA.processando, mensagem: null }
      : funcao,
  );
  const escolha = escolhaDaOferta(item, { escolhida, preferencia });
  return {
    escala: nova,
    envio: {
      numEscalacao: escala.numEscalacao,
      codAvulso: ctx.codAvulso,
      categoria: ref.codCategoria,
      escolhas: [escolha],
      anteriores: [anterior],
    },
  };
}

/** Offers 'Selecionar tudo' touches: enabled, rested, not chosen and available. */
export function podeSelecionar(funcao: FuncaoOferta): boolean {
  return (
    funcao.habilitado &&
    funcao.comDescanso &&
    !funcao.escolhida &&
    funcao.situacao === SITUACAO_OFERTA.disponivel
  );
}

/** Offers 'Limpar ofertas' touches: chosen and available. */
export function podeLimpar(funcao: FuncaoOferta): boolean {
  return funcao.escolhida && funcao.situacao === SITUACAO_OFERTA.disponivel;
}

function acaoEmLote(
  escala: EscalaCarregada,
  numEscalacaoTela: number,
  codCategoria: number,
  ctx: ContextoEscolha,
  selecionar: boolean,
): ResultadoAcao {
  const categoria = escala.categorias[String(codCategoria)];
  if (!categoria) return { escala, envio: null };
  const tocar = selecionar ? podeSelecionar : podeLimpar;
  const recusa = recusaDaChamada(escala, numEscalacaoTela, ctx);
  if (recusa) {
    const nova = mapearCategoria(escala, codCategoria, (_r, _p, funcao) =>
      tocar(funcao) ? marcarErro(funcao, recusa) : funcao,
    );
    return { escala: nova, envio: null };
  }

  // Preferences go on in screen order after the highest the worker already has.
  let proxima = selecionar ? proximaPreferencia([...ofertasDe(categoria)].map(({ funcao }) => funcao)) : 0;
  const escolhas: Escolha[] = [];
  const anteriores: EnvioEscolhas['anteriores'] = [];
  const nova = mapearCategoria(escala, codCategoria, (req, porao, funcao) => {
    if (!tocar(funcao)) return funcao;
    const preferencia = selecionar ? proxima++ : null;
    anteriores.push({ escolhida: funcao.escolhida, preferencia: funcao.preferencia });
    escolhas.push(escolhaDaOferta({ req, porao, funcao }, { escolhida: selecionar, preferencia }));
    return {
      ...funcao,
      escolhida: selecionar,
      preferencia,
      situacao: SITUACAO_OFERTA.processando,
      mensagem: null,
    };
  });
  if (escolhas.length === 0) return { escala, envio: null };
  return {
    escala: nova,
    envio: {
      numEscalacao: escala.numEscalacao,
      codAvulso: ctx.codAvulso,
      categoria: codCategoria,
      escolhas,
      anteriores,
    },
  };
}

/** 'Selecionar tudo': one POST with every offer that is enabled, rested, not chosen and available. */
export function selecionarTudo(
  escala: EscalaCarregada,
  numEscalacaoTela: number,
  codCategoria: number,
  ctx: ContextoEscolha,
): ResultadoAcao {
  return acaoEmLote(escala, numEscalacaoTela, codCategoria, ctx, true);
}

/** 'Limpar ofertas': one POST clearing every offer that is chosen and available. */
export function limparOfertas(
  escala: EscalaCarregada,
  numEscalacaoTela: number,
  codCategoria: number,
  ctx: ContextoEscolha,
): ResultadoAcao {
  return acaoEmLote(escala, numEscalacaoTela, codCategoria, ctx, false);
}

function envioValeParaEscala(escala: EscalaCarregada, envio: EnvioEscolhas, codAvulso: string): boolean {
  return envio.numEscalacao === escala.numEscalacao && envio.codAvulso === codAvulso;
}

/**
 * The server accepted: the posted offers take the server's resulting state and return to available.
 * Ignored when the call number or the worker differs from what is loaded now.
 */
export function aplicarSucesso(
  escala: EscalaCarregada,
  envio: EnvioEscolhas,
  resposta: PostVagasResposta,
  ctx: Pick<ContextoEscolha, 'codAvulso' | 'escolhaPoraoEstiva'>,
): EscalaCarregada {
  if (!envioValeParaEscala(escala, envio, ctx.codAvulso)) return escala;
  if (resposta.numEscalacao !== escala.numEscalacao || resposta.codAvulso !== ctx.codAvulso) return escala;
  const restringir = restringePorao(envio.categoria, ctx);
  return mapearCategoria(escala, envio.categoria, (req, porao, funcao) => {
    const enviada = envio.escolhas.find((e) => corresponde(req, porao, funcao, e, restringir));
    if (!enviada) return funcao;
    const doServidor =
      resposta.escolhas.find((e) => corresponde(req, porao, funcao, e, restringir)) ?? enviada;
    return {
      ...funcao,
      escolhida: doServidor.escolhida,
      preferencia: doServidor.escolhida ? doServidor.preferencia : null,
      seqCategoTPA: doServidor.seqCategoTPA,
      situacao: SITUACAO_OFERTA.disponivel,
      mensagem: null,
    };
  });
}

/**
 * The server refused (or could not be reached): each posted offer goes back to what it was (a new choice
 * loses its preference) and is marked in error with the server's message.
 */
export function aplicarFalha(
  escala: EscalaCarregada,
  envio: EnvioEscolhas,
  mensagem: string,
  ctx: Pick<ContextoEscolha, 'codAvulso' | 'escolhaPoraoEstiva'>,
): EscalaCarregada {
  if (!envioValeParaEscala(escala, envio, ctx.codAvulso)) return escala;
  const restringir = restringePorao(envio.categoria, ctx);
  return mapearCategoria(escala, envio.categoria, (req, porao, funcao) => {
    const i = envio.escolhas.findIndex((e) => corresponde(req, porao, funcao, e, restringir));
    const anterior = envio.anteriores[i];
    if (i < 0 || !anterior) return funcao;
    return {
      ...funcao,
      escolhida: anterior.escolhida,
      preferencia: anterior.escolhida ? anterior.preferencia : null,
      situacao: SITUACAO_OFERTA.erro,
      mensagem,
    };
  });
}

/** Tapping an offer in error: its message is shown (by the caller) and it returns to available. */
export function dispensarErro(escala: EscalaCarregada, ref: RefOferta): EscalaCarregada {
  return mapearCategoria(escala, ref.codCategoria, (req, porao, funcao) =>
    funcao.situacao === SITUACAO_OFERTA.erro &&
    req.numRequisicao === ref.numRequisicao &&
    porao.numPorao === ref.numPorao &&
    funcao.seqCategoria === ref.seqCategoria &&
    funcao.codFuncao === ref.codFuncao
      ? { ...funcao, situacao: SITUACAO_OFERTA.disponivel, mensagem: null }
      : funcao,
  );
}

/** 'Selecionar tudo' is enabled when the category is not Conferente and available exceeds chosen. */
export function selecionarTudoHabilitado(categoria: CategoriaEscala | undefined): boolean {
  return (
    categoria !== undefined &&
    categoria.codCategoria !== CATEGORIA.conferente &&
    categoria.qtdDisponiveis > categoria.qtdEscolhas
  );
}

/** 'Limpar ofertas' is enabled when something is chosen. */
export function limparOfertasHabilitado(categoria: CategoriaEscala | undefined): boolean {
  return categoria !== undefined && categoria.qtdEscolhas > 0;
}

/** The category chooser links a category only when the loaded call has vacancies in it. */
export function temVagas(escala: EscalaCarregada | null, codCategoria: number): boolean {
  return (escala?.categorias[String(codCategoria)]?.qtdDisponiveis ?? 0) > 0;
}

/** The guard of /escalacao/ofertas/:categoria: the loaded call has offers in that category. */
export function temOfertas(escala: EscalaCarregada | null, codCategoria: number): boolean {
  const categoria = escala?.categorias[String(codCategoria)];
  return categoria !== undefined && categoria.qtdOfertas > 0 && categoria.requisicoes.length > 0;
}

// --- Scheduling load status (test users): I idle, C loading, S success, E error ---

export type StatusCarga = 'I' | 'C' | 'S' | 'E';

/** Editing the number: S if it matches the loaded call, otherwise I. */
export function statusAoEditar(numero: string, numCarregada: number | undefined): StatusCarga {
  const n = Number(numero);
  return numero.trim() !== '' && Number.isInteger(n) && n === numCarregada ? 'S' : 'I';
}

/** Loading starts only when not already loading, a number is entered and it differs from the loaded one. */
export function podeCarregarEscala(
  status: StatusCarga,
  numero: string,
  numCarregada: number | undefined,
): boolean {
  const n = Number(numero);
  return status !== 'C' && numero.trim() !== '' && Number.isInteger(n) && n > 0 && n !== numCarregada;
}

/** Vacancies load only when the worker is not impeded, an open call exists and none is loaded yet. */
export function deveCarregarVagas(
  impedimento: boolean,
  escalaAberta: EscalaAberta | null | undefined,
  escalaCarregada: EscalaCarregada | null,
): escalaAberta is EscalaAberta {
  return !impedimento && escalaAberta != null && escalaAberta.numEscalacao > 0 && escalaCarregada === null;
}
