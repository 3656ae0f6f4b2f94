import type { Generated } from 'kysely';

/**
 * The CPATP election (docs/decisions/0060-eleicao-sigilo-do-voto.md). Who voted (`votante`) and what was
 * voted (`cedula`) are kept apart: a ballot carries no worker, no time and no insertion order.
 */
export interface EleicaoTable {
  id: Generated<number>;
  descricao: string | null;
  /** ISO instant the election opened. */
  abertura: string;
  /** ISO instant it closed; null while open. */
  encerramento: string | null;
  situacao: 'aberta' | 'encerrada';
  /** The roll (workers entitled to vote), fixed at closing; null while open. */
  eleitores: number | null;
  /**
   * The X25519 public key ballots are sealed with (base64url) and the salt its private half is derived
   * with from the commission's code (docs/decisions/0063-cedula-selada.md). Null: no box set up yet, so
   * nobody can vote.
   */
  chave_publica: string | null;
  sal_chave: string | null;
  /** ISO instant voting ends (exclusive); null: until closed. `abertura` is when it starts (0271). */
  fim_votacao: string | null;
  /** The staff member who created it on screen, and when (null: the seed's and the script's). */
  criada_por: string | null;
  criada_em: string | null;
}

export interface CandidatoTable {
  eleicao_id: number;
  /** The candidate's worker code as a number (below 999998). */
  matricula: number;
  nome_exibicao: string;
  sexo: 'F' | 'M';
  cod_sindicato: number;
}

/** Who has voted: no time at all, so it cannot be lined up with anything. */
export interface VotanteTable {
  eleicao_id: number;
  cod_avulso: string;
}

/**
 * A ballot: a random key and the vote sealed with the election's public key. Nothing else. `selo` is null
 * only for ballots cast before sealing existed, already counted into `apuracao` by the migration.
 */
export interface CedulaTable {
  eleicao_id: number;
  /** Random UUID v4: the physical order of the rows says nothing about when they came. */
  id: string;
  selo: Uint8Array | null;
}

/** The tally: votes per chosen matricula (999998 white, 999999 null), written when the election closes. */
export interface ApuracaoTable {
  eleicao_id: number;
  voto: number;
  votos: number;
}

/** Every creation and key ceremony of an election by the staff (0271): who, when, what; never the code. */
export interface EleicaoAuditoriaTable {
  id: Generated<number>;
  eleicao_id: number;
  acao: 'criada' | 'urna';
  por: string;
  em: string;
  /** JSON: the election as created (description, period, candidates); null for the ceremony. */
  dados: string | null;
}

export interface TabelasEleicao {
  eleicao: EleicaoTable;
  candidato: CandidatoTable;
  votante: VotanteTable;
  cedula: CedulaTable;
  apuracao: ApuracaoTable;
  eleicao_auditoria: EleicaoAuditoriaTable;
}
