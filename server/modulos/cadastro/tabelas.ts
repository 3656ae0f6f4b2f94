import type { Generated } from 'kysely';

/**
 * Row types of the workers' record kept by the staff (issue 30; migrations 2026-11-26-40 onwards,
 * docs/decisions/0230-0233).
 */

/** One change to a worker's record or roles: append-only (the database refuses updates and deletes). */
export interface HistoricoAvulsoTable {
  id: Generated<number>;
  cod_avulso: string;
  /** Instant, ISO UTC. */
  em: string;
  /** Who made the change: a staff member, or the worker themself. */
  por: string;
  acao: string;
  /** JSON objects of field → text, or null (nothing before a creation, nothing after a removal). */
  antes: string | null;
  depois: string | null;
}

/** An impediment set by the staff: in force from `inicio` to `fim` (port-local days) unless ended. */
export interface ImpedimentoTable {
  id: Generated<number>;
  cod_avulso: string;
  motivo: string;
  inicio: string;
  fim: string | null;
  criado_em: string;
  criado_por: string;
  encerrado_em: string | null;
  encerrado_por: string | null;
}

/** A worker's first-access code: only its SHA-256 (hex) is kept; one per worker. */
export interface CodigoAcessoTable {
  cod_avulso: string;
  hash: string;
  valido_ate: string;
  criado_em: string;
  criado_por: string;
}

export interface TabelasCadastro {
  codigo_acesso: CodigoAcessoTable;
  historico_avulso: HistoricoAvulsoTable;
  impedimento: ImpedimentoTable;
}
