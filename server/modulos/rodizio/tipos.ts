import type { SituacaoEscolha } from '#common/dominio.ts';

/**
 * The rotation's input and output (docs/decisions/0140). Pure data: the caller reads the rows of a closed call,
 * computes the per-choice eligibility at the moment the rotation runs, calls `executarRodizio`
 * (server/modulos/rodizio/motor.ts) and writes what comes back. Nothing here touches a database or a clock.
 */

/** Legal article of a worker: 55 registered (registro), 54 cadastered (cadastro). */
export type ArtigoRodizio = 54 | 55;

/**
 * An offer of the call: one row of `oferta` (requisition × hold × function), `capacidade` = `num_vagas`.
 * Vacancies of one hold and function in a requisition are one offer; its workers are ranked by the function.
 */
export interface OfertaRodizio {
  /** `oferta.seq_categoria`. */
  id: number;
  codFuncao: number;
  codCategoria: number;
  /** Vacancies (`num_vagas`); 0 is allowed (nobody is engaged there). */
  capacidade: number;
  /** What a worker reads in the audit: ship, hold, function, date and shift ('MSC AURORA, Porão 2, Estivador, 23/11 07-13'). */
  descricao: string;
  /** The shift had already ended when the rotation ran: nobody is engaged there (docs/decisions/0213). */
  encerrada?: boolean;
}

/** A worker who chose something in the call. Workers without choices need not be sent. */
export interface AvulsoRodizio {
  codAvulso: string;
  numChamada: number;
  artigo: ArtigoRodizio;
  /** Impeded (or on definitive leave) at the moment the rotation runs: every choice is left out. */
  impedido: boolean;
  /** The impediment's message, quoted in the audit when present. */
  motivoImpedimento?: string | null;
  /**
   * A second round ('repescagem', docs/decisions/0217) is for workers the main call did not engage: one it
   * engaged has every choice left out, and the audit says why.
   */
  jaEscalado?: boolean;
}

/**
 * One row of `escolha`, with its eligibility as the caller found it when the rotation ran (not when the worker
 * chose): `habilitado` = the worker holds the offer's function now; `comDescanso` = the rest rule
 * (common/descanso.ts) holds now for the offer's shift.
 */
export interface EscolhaRodizio {
  codAvulso: string;
  ofertaId: number;
  /** The preference inside the offer's category (1, 2, … with possible gaps). */
  preferencia: number;
  /** ISO UTC instant the choice was recorded (`escolha.hora_digitacao`): orders choices across categories. */
  horaDigitacao: string;
  habilitado: boolean;
  comDescanso: boolean;
}

/**
 * A queue's pointers before the call: the position (numChamada and codAvulso) of the last worker it engaged,
 * per list (docs/decisions/0142, 0212). The queue is a function (`codFuncao`, the default) or, under the
 * policy of one queue per category (`EntradaRodizio.fila`, docs/decisions/0216), a category: then
 * `codFuncao` holds the category's code (1-9, never a function's, which start at 101).
 */
export interface PonteiroFuncao {
  codFuncao: number;
  /** Registered list (art. 55); null: never engaged anyone, the rotation starts at the lowest number. */
  registro: number | null;
  /** Cadastered list (art. 54). */
  cadastro: number | null;
  /** The worker of each pointer: the circle starts right after them; absent or null: after the whole number. */
  registroAvulso?: string | null;
  cadastroAvulso?: string | null;
}

/** Who shares a rotation order and a pointer: each function (the default) or each category. */
export type FilaRodizio = 'funcao' | 'categoria';

export interface EntradaRodizio {
  ofertas: readonly OfertaRodizio[];
  avulsos: readonly AvulsoRodizio[];
  escolhas: readonly EscolhaRodizio[];
  /** Functions absent here start from null pointers. */
  ponteiros: readonly PonteiroFuncao[];
  /** Only for the audit's text about rest (common/descanso.ts's setting); default 11. */
  horasDescanso?: number;
  /** One queue per function (default) or per category, 'rodízio numérico' (docs/decisions/0216). */
  fila?: FilaRodizio;
}

/** Why one choice of a worker ended as it did: the list and what each means are in common/dominio.ts. */
export type { SituacaoEscolha };

export interface DecisaoEscolha {
  ofertaId: number;
  /** Position in the worker's whole list (1-based), the order the matching used. */
  ordem: number;
  /** The category preference as stored. */
  preferencia: number;
  situacao: SituacaoEscolha;
  /** For 'preenchida': numChamada of the last worker engaged there in rotation order. */
  ultimoEscalado?: number;
  /** The sentence about this choice, in Portuguese ('a 1ª (…) foi preenchida …'). */
  texto: string;
}

/** The audit of one worker who chose: what they got and why. */
export interface DecisaoAvulso {
  codAvulso: string;
  numChamada: number;
  artigo: ArtigoRodizio;
  resultado: 'escalado' | 'nao-escalado';
  /** The offer engaged in, and its position in the worker's list. */
  ofertaId: number | null;
  ordem: number | null;
  /** One paragraph a worker understands ('Escalado na sua 2ª preferência: a 1ª (…) foi preenchida …'). */
  motivo: string;
  /** Every choice in the worker's order. */
  escolhas: DecisaoEscolha[];
}

export interface Engajamento {
  codAvulso: string;
  numChamada: number;
  ofertaId: number;
  codFuncao: number;
  /** Position of this offer in the worker's list (1-based): "the preference it met". */
  ordem: number;
  /** The category preference as stored. */
  preferencia: number;
  /** Position among the offer's engaged workers in rotation order (1 = first called). */
  posicaoNaOferta: number;
}

/** One list's pointer before and after the call: number and worker (docs/decisions/0212). */
export interface PonteiroLista {
  inicial: number | null;
  final: number | null;
  inicialAvulso: string | null;
  finalAvulso: string | null;
}

export interface PonteirosResultado {
  /** The queue's key: the function's code, or the category's under `fila: 'categoria'`. */
  codFuncao: number;
  registro: PonteiroLista;
  cadastro: PonteiroLista;
  /** Whether this call engaged cadastered workers in this function (the registered list was exhausted). */
  alcancouCadastro: boolean;
}

export interface OfertaResultado {
  ofertaId: number;
  codFuncao: number;
  capacidade: number;
  escalados: number;
  /** numChamada of the offer's last engaged worker in rotation order, when any. */
  ultimoEscalado: number | null;
}

export interface ResultadoRodizio {
  /** Sorted by offer id, then rotation order. */
  engajamentos: Engajamento[];
  /** One per worker who sent at least one choice, sorted by codAvulso. */
  decisoes: DecisaoAvulso[];
  /** One per function of the call's offers, sorted by codFuncao: to store at publish. */
  ponteiros: PonteirosResultado[];
  /** One per offer, sorted by id. */
  ofertas: OfertaResultado[];
  estatisticas: {
    avulsos: number;
    escolhas: number;
    escolhasValidas: number;
    propostas: number;
    vagas: number;
    escalados: number;
  };
}
