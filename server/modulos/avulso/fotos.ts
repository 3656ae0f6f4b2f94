import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

/**
 * Photos are personal data (docs/produto/decisoes.md §1): `fotoUrl` is a signed URL that expires, so an <img> works
 * without the token header and nobody can list or guess photos. The expiry is rounded up to a
 * quarter of the validity so that the same photo keeps one URL for a while and browsers cache it.
 */
export function urlFoto(config: Config, segredo: string, codAvulso: string, agora: Date): string {
  if (config.fotoBaseUrl) return `${config.fotoBaseUrl.replace(/\/+$/, '')}/${codAvulso}.jpg`;
  const validadeS = config.fotoValidadeMinutos * 60;
  const passo = Math.max(60, Math.floor(validadeS / 4));
  const exp = Math.ceil((Math.floor(agora.getTime() / 1000) + validadeS) / passo) * passo;
  return `/api/fotos/${codAvulso}?exp=${exp}&sig=${assinar(segredo, codAvulso, exp)}`;
}

/** The file extension of a stored photo's type: the name a saved photo gets (decision 0122). */
const EXTENSOES: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};

export function nomeArquivoFoto(codAvulso: string, tipo: string): string {
  return `${codAvulso}.${EXTENSOES[tipo] ?? 'bin'}`;
}

function assinar(segredo: string, codAvulso: string, exp: number): string {
  return createHmac('sha256', segredo).update(`${codAvulso}.${exp}`).digest('base64url');
}

export function assinaturaValida(
  segredo: string,
  codAvulso: string,
  exp: number,
  sig: string,
  agora: Date,
): boolean {
  if (!Number.isInteger(exp) || exp * 1000 <= agora.getTime()) return false;
  const esperado = Buffer.from(assinar(segredo, codAvulso, exp));
  const recebido = Buffer.from(sig);
  return esperado.length === recebido.length && timingSafeEqual(esperado, recebido);
}
