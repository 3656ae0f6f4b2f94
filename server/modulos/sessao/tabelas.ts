import type { Generated } from 'kysely';

/** The throttle's counts (server/modulos/sessao/tentativas.ts). */
export interface TentativaTable {
  /** `<policy>:<subject>`: `login:<code as typed>`, `aparelho:<worker>:<device>`, `declaracao:<worker>`. */
  chave: string;
  /** Consecutive failures, the attempt in flight included. */
  falhas: number;
  bloqueado_ate: string | null;
  atualizado_em: string;
}

/** Every lock and unlock, for the OGMO staff (GET /api/seguranca/bloqueios). */
export interface RegistroBloqueioTable {
  id: Generated<number>;
  em: string;
  evento: 'bloqueio' | 'desbloqueio';
  politica: 'login' | 'aparelho' | 'declaracao';
  sujeito: string;
  falhas: number;
  /** End of the lock (bloqueio). */
  ate: string | null;
  /** The address the attempt came from. */
  ip: string | null;
}

/** A device a worker logged in from, bound to the account (docs/decisions/0227): the cookie names its row. */
export interface AparelhoConfiavelTable {
  /** The id the device cookie carries (22 base64url characters). */
  id: string;
  cod_avulso: string;
  criado_em: string;
  /** Last successful login from it: past the cap, the least recently used is forgotten. */
  usado_em: string;
}

export interface TabelasTentativas {
  tentativa: TentativaTable;
  registro_bloqueio: RegistroBloqueioTable;
  aparelho_confiavel: AparelhoConfiavelTable;
}
