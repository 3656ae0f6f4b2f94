import type { Generated } from 'kysely';

/** The throttle's counts (server/modulos/sessao/tentativas.ts). */
export interface TentativaTable {
  /** `<policy>:<subject>`: `login:<code as typed>`, `aparelho:<worker>:<device>`, `declaracao:<worker>`. */
  chave: string;
  /** Consecutive failures, the attempt in flight included. */
  falhas: number;
  bloqueado_ate: string | null;
  atualizado_em: string;
  /** Of those, how many are still being checked (0224: a wait raised only by them is waited out). */
  em_curso: Generated<number>;
}

/** Every lock and unlock, for the OGMO staff (GET /api/seguranca/bloqueios). */
export interface RegistroBloqueioTable {
  id: Generated<number>;
  em: string;
  evento: 'bloqueio' | 'desbloqueio';
  politica: 'login' | 'aparelho' | 'totem' | 'declaracao' | 'primeiro-acesso';
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

/** A kiosk of the OGMO registered by staff (docs/decisions/0228): its cookie names the row. */
export interface TotemTable {
  id: string;
  nome: string;
  criado_em: string;
  /** The staff member who registered it. */
  criado_por: string;
  revogado_em: string | null;
  revogado_por: string | null;
  /** The kiosk's last login. */
  usado_em: string | null;
}

/** A worker's passkey (docs/decisions/0229); revoked rows stay, with who revoked and why. */
export interface PasskeyTable {
  id: Generated<number>;
  /** The WebAuthn credential id (base64url). */
  credencial: string;
  cod_avulso: string;
  /** The COSE public key (base64url). */
  chave_publica: string;
  /** The authenticator's signature counter, as text (it may pass 2^31). */
  contador: string;
  /** Comma-separated AuthenticatorTransport values. */
  transportes: string;
  nome: string;
  criada_em: string;
  usada_em: string | null;
  revogada_em: string | null;
  /** The staff member or the worker who revoked it; null when forgotten with the password. */
  revogada_por: string | null;
  motivo_revogacao: 'trabalhador' | 'equipe' | 'senha' | null;
}

/** A login or registration challenge already spent (they are signed, not stored, until used). */
export interface PasskeyDesafioUsadoTable {
  desafio: string;
  expira_em: string;
}

export interface TabelasTentativas {
  tentativa: TentativaTable;
  registro_bloqueio: RegistroBloqueioTable;
  aparelho_confiavel: AparelhoConfiavelTable;
  totem: TotemTable;
  passkey: PasskeyTable;
  passkey_desafio_usado: PasskeyDesafioUsadoTable;
}
