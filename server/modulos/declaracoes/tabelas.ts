import type { Generated } from 'kysely';

/** Row types of the declarations (docs/decisions/0050-declaracoes.md). */

/** Whether a worker may issue a kind of declaration. No row: not enabled. */
export interface DeclaracaoHabilitacaoTable {
  cod_avulso: string;
  /** 'lockdown' | 'mp945' */
  tipo: string;
  habilitado: number;
  atualizado_em: string;
}

/** An issued declaration: one per worker and kind (unique), with what the worker confirmed and its PDF. */
export interface DeclaracaoTable {
  id: Generated<number>;
  tipo: string;
  cod_avulso: string;
  /** Printed on the PDF and read by the public verification page: LKD-7K3M-9QX2. */
  codigo_verificacao: string;
  /** 256 random bits, base64url: the capability in the PDF link /api/declaracoes/<token>.pdf. */
  token_url: string;
  emitida_em: string;
  /** When the worker began the flow (dataHoraInicio). */
  data_hora_inicio: string;
  /** Snapshot for the verification page. */
  nome: string;
  cpf: string;
  /** JSON of what the worker confirmed or corrected. */
  dados_tpa: string;
  dados_contato: string;
  situacoes: string | null;
  pdf: Uint8Array;
}

/** Failed CPF/birth-date checks of the MP 945 access form, per worker (throttling). */
export interface TabelasDeclaracoes {
  declaracao_habilitacao: DeclaracaoHabilitacaoTable;
  declaracao: DeclaracaoTable;
}
