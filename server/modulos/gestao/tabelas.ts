import type { ColumnType } from 'kysely';

/**
 * Row types of the calls run by the OGMO staff (issue 16; migration 2026-11-23-30-gestao).
 * The call's life lives in `escala` (tables/fundacao.ts): `situacao` and the `*_em` / `*_por` of each step.
 */

/** The life of a call (docs/decisions/0151). */
export type SituacaoEscala = 'rascunho' | 'aberta' | 'fechada' | 'apurada' | 'publicada' | 'cancelada';

export interface PapelTable {
  cod_avulso: string;
  /** 'escalador': runs the calls in /gestao. */
  papel: string;
}

export interface OperadorTable {
  cod_operador: number;
  nome: string;
}

export interface NavioTable {
  cod_navio: number;
  nome: string;
}

export interface LocalAtracacaoTable {
  cod_local_atrac: string;
  nome: string;
}

/** One engaged worker of a call's rotation (the last run; published ones are never rewritten). */
export interface EscalaEngajamentoTable {
  num_escalacao: number;
  cod_avulso: string;
  seq_categoria: number;
  preferencia: number;
  num_chamada: number;
  /** The shift's instants (ISO UTC), copied from the requisition: the rest rule reads them (0210). */
  inicio: string | null;
  fim: string | null;
  /** Place in the offer's rotation order (1 = called first); null for rows of before 2026-11-26-20. */
  posicao: number | null;
  /** 1: the main pass; 2: the double shift's pass (docs/decisions/0218). */
  passe: ColumnType<number, number | undefined, number>;
}

/** The audit of one worker who chose in a call: the outcome and its reasons. */
export interface EscalaDecisaoTable {
  num_escalacao: number;
  cod_avulso: string;
  escalado: number;
  /**
   * The reasons as codes (services/gestao/auditoria-gravada.ts), rendered into Portuguese when read; rows
   * written before migration 2026-11-23-70 hold server/modulos/rodizio's DecisaoAvulso as JSON.
   */
  decisao: string;
}

/** What the audit's sentences name about each offer of a call, stored when its rotation runs. */
export interface EscalaAuditoriaOfertaTable {
  num_escalacao: number;
  seq_categoria: number;
  descricao: string;
  ultimo_escalado: number | null;
}

/** A function's rotation pointers before and after a call's rotation (numChamada; null: none yet). */
export interface EscalaPonteiroTable {
  num_escalacao: number;
  cod_funcao: number;
  registro_inicial: number | null;
  registro_final: number | null;
  cadastro_inicial: number | null;
  cadastro_final: number | null;
  alcancou_cadastro: number;
  /** The worker each pointer names (docs/decisions/0212); null: the number alone (older rows, or none). */
  registro_inicial_avulso: string | null;
  registro_final_avulso: string | null;
  cadastro_inicial_avulso: string | null;
  cadastro_final_avulso: string | null;
}

/** Each function's pointers between calls (docs/decisions/0142), moved when a call is published. */
export interface PonteiroRodizioTable {
  cod_funcao: number;
  registro: number | null;
  cadastro: number | null;
  registro_anterior: number | null;
  alcancou_cadastro: number;
  num_escalacao: number;
  /** The worker the pointer names, with its number (docs/decisions/0212); null: the number alone. */
  registro_avulso: string | null;
  cadastro_avulso: string | null;
}

/** The last number ever given per kind ('requisicao'), never handed out again (docs/decisions/0267). */
export interface NumeradorTable {
  nome: string;
  ultimo: number;
}

export interface TabelasGestao {
  papel: PapelTable;
  operador: OperadorTable;
  navio: NavioTable;
  local_atracacao: LocalAtracacaoTable;
  escala_engajamento: EscalaEngajamentoTable;
  escala_decisao: EscalaDecisaoTable;
  escala_auditoria_oferta: EscalaAuditoriaOfertaTable;
  escala_ponteiro: EscalaPonteiroTable;
  ponteiro_rodizio: PonteiroRodizioTable;
  numerador: NumeradorTable;
}

/** `escala.situacao`: defaults to 'rascunho' on insert. */
export type ColunaSituacao = ColumnType<SituacaoEscala, SituacaoEscala | undefined, SituacaoEscala>;
