import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { catalogoErros } from '#common/erros.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';

/**
 * The badge photo sent by the staff (issue 30, docs/decisions/0234): whatever arrives is decoded by sharp
 * (libvips) and written again as a new JPEG, so what the portal serves is never the bytes someone sent. A file
 * that does not decode as JPEG, PNG or WebP is refused; the new file keeps no metadata (sharp writes none unless
 * asked: no EXIF, GPS, camera or ICC) and is at most LARGURA × ALTURA, turned upright first by its EXIF
 * orientation. JPEG is also the name an external photo server uses (`FOTO_BASE_URL`: `<cod>.jpg`).
 */

export const LIMITE_BYTES_FOTO = 5 * 1024 * 1024;
export const LARGURA_MAXIMA_FOTO = 600;
export const ALTURA_MAXIMA_FOTO = 800;
/** A decoded picture larger than this (a "decompression bomb") is refused before it takes the memory. */
const PIXELS_MAXIMOS_ENTRADA = 40_000_000;
const FORMATOS_ACEITOS = new Set(['jpeg', 'png', 'webp']);

export interface FotoRecodificada {
  conteudo: Buffer;
  tipo: 'image/jpeg';
  largura: number;
  altura: number;
}

function recusa(mensagem: string): ErroApp {
  return new ErroApp('DadosInvalidos', `${catalogoErros.DadosInvalidos.mensagem} ${mensagem}`, {
    dados: [{ campo: 'foto', mensagem }],
  });
}

export async function recodificarFoto(bytes: Uint8Array): Promise<FotoRecodificada> {
  if (bytes.byteLength === 0) throw recusa('Envie o arquivo da foto (JPEG, PNG ou WebP).');
  const opcoes = { failOn: 'error', limitInputPixels: PIXELS_MAXIMOS_ENTRADA, animated: false } as const;
  let formato: string | undefined;
  try {
    formato = (await sharp(bytes, opcoes).metadata()).format;
  } catch {
    throw recusa('O arquivo não é uma imagem JPEG, PNG ou WebP válida.');
  }
  if (!formato || !FORMATOS_ACEITOS.has(formato)) {
    throw recusa('A foto precisa ser JPEG, PNG ou WebP.');
  }
  try {
    const { data, info } = await sharp(bytes, opcoes)
      .autoOrient()
      .resize(LARGURA_MAXIMA_FOTO, ALTURA_MAXIMA_FOTO, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { conteudo: data, tipo: 'image/jpeg', largura: info.width, altura: info.height };
  } catch {
    // A header that reads but a body that does not (a truncated or corrupt file).
    throw recusa('O arquivo da foto está corrompido ou incompleto.');
  }
}

/** What the history keeps of a photo: its digest and size, never the bytes. */
export function digestoFoto(conteudo: Uint8Array): string {
  const hash = createHash('sha256').update(conteudo).digest('hex');
  return `sha256:${hash} (${Math.max(1, Math.round(conteudo.byteLength / 1024))} KB)`;
}
