import type { Generated } from 'kysely';

/**
 * Row types of the electronic call (docs/produto/escalacao.md §3). The calls themselves are the foundation's `escala`.
 * A requisition is one ship's operation in one shift and one category; its holds (PR..) and blocks (BL..)
 * carry the function offers; a worker's choice of an offer is a row of `escolha` (no row: not chosen).
 */
export interface RequisicaoTable {
  num_requisicao: number;
  num_escalacao: number;
  cod_categoria: number;
  cod_operador: number;
  nome_operador: string;
  cod_navio: number;
  nome_navio: string;
  /** yyyymmdd, local date of the operation. */
  data_operacao: string;
  cod_periodo: number;
  hora_inicio: number;
  hora_fim: number;
  /** Instants (ISO UTC) of the shift's start and end: the rest rule compares them. */
  inicio: string;
  fim: string;
  /** Quay code as the scheduling system writes it ('1', '07'...): compare as a number. */
  cod_local_atrac: string;
  nome_local_atrac: string;
}

export interface PoraoTable {
  num_requisicao: number;
  /** 'PR00'…'PR09' holds, 'BL00'…'BL09' blocks. */
  num_porao: string;
  mercadoria: string;
  tonelagem: number;
}

export interface OfertaTable {
  /** Identifies the offer (seqCategoria on the wire); numbered by the scheduling system. */
  seq_categoria: number;
  num_escalacao: number;
  cod_categoria: number;
  num_requisicao: number;
  num_porao: string;
  cod_funcao: number;
  num_vagas: number;
  /** Rotation pointer data, shown only where docs/produto/escalacao.md §5 allows. */
  ponteiro: number | null;
  ponteiro_a: number | null;
  ponteiro_p: number | null;
  grupo: string | null;
}

export interface EscolhaTable {
  /** seqCategoTPA on the wire. */
  id: Generated<number>;
  num_escalacao: number;
  cod_categoria: number;
  seq_categoria: number;
  cod_avulso: string;
  preferencia: number;
  /** Instant (ISO UTC) the server recorded this choice; the worker's horaDigitacao is their latest. */
  hora_digitacao: string;
}

export interface TabelasEscalacao {
  requisicao: RequisicaoTable;
  porao: PoraoTable;
  oferta: OfertaTable;
  escolha: EscolhaTable;
}
