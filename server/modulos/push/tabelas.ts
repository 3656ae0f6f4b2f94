import type { Generated } from 'kysely';

/** A browser's Web Push subscription (migration 2026-11-23-60-push, docs/decisions/0162). */
export interface AssinaturaPushTable {
  id: Generated<number>;
  /** The push service's URL for this browser; unique. */
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), which the payload is encrypted to. */
  p256dh: string;
  auth: string;
  cod_avulso: string;
  /** The session it was made in (sessao.sessao_id): its logout removes it. */
  sessao_id: string;
  criada_em: string;
}

/**
 * The outcome of one round of notices (migration 2026-11-26-70, docs/decisions/0264): `referencia` is the call's
 * number (escala-aberta, resultado) or the payroll import's id (documentos).
 */
export interface AvisoEnviadoTable {
  evento: string;
  referencia: number;
  /** Distinct workers whose phones were sent the notice. */
  trabalhadores: number;
  /** Subscriptions (phones, browsers) tried. */
  aparelhos: number;
  enviados: number;
  removidas: number;
  falhas: number;
  terminado_em: string;
}

export interface TabelasPush {
  assinatura_push: AssinaturaPushTable;
  aviso_enviado: AvisoEnviadoTable;
}
