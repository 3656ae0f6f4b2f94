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
  politica: 'login' | 'aparelho' | 'declaracao' | 'primeiro-acesso';
  sujeito: string;
  falhas: number;
  /** End of the lock (bloqueio). */
  ate: string | null;
  /** The address the attempt came from. */
  ip: string | null;
}

export interface TabelasTentativas {
  tentativa: TentativaTable;
  registro_bloqueio: RegistroBloqueioTable;
}
