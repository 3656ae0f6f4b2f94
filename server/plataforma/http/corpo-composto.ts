import { hash } from 'node:crypto';
import { brotliCompressSync, constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * An answer made of a large part many clients share and a small part of their own, compressed without
 * compressing anything per request (docs/decisions/0134-vagas-compartilhada-e-pessoal.md). The shared part
 * is compressed once, ending in a flush (byte-aligned, not final); each answer is those bytes, then its own
 * part stored verbatim in the format's uncompressed blocks, then the format's end. Both are single valid
 * streams that any brotli or gzip decoder reads (RFC 7932 §9.2 uncompressed meta-blocks; RFC 1951 §3.2.4
 * stored blocks, RFC 1952 members). The own part is a few hundred bytes to a few KB: storing it costs less on
 * the wire than the CPU compressing it would cost the server in a rush.
 */

export type CodificacaoComposta = 'br' | 'gzip';

/** The shared part of composed answers. */
export interface CorpoCompartilhado {
  /** The shared bytes, the answer's beginning. */
  json: Buffer;
  /** SHA-1 of `json` (base64url): the key of its compressed copies and the first half of the ETag. */
  chave: string;
}

export function corpoCompartilhado(json: Buffer): CorpoCompartilhado {
  return { json, chave: hash('sha1', json, 'base64url') };
}

export interface PrefixoComprimido {
  codificacao: CodificacaoComposta;
  /** br: a stream without its last meta-block; gzip: raw deflate ending in a sync flush. */
  dados: Buffer;
  /** CRC-32 and length of the uncompressed prefix (gzip's trailer needs them). */
  crc32: number;
  tamanho: number;
}

export interface NiveisCompressao {
  qualidadeBrotli: number;
  nivelGzip: number;
}

export function comprimirPrefixo(
  corpo: Buffer,
  codificacao: CodificacaoComposta,
  niveis: NiveisCompressao,
): PrefixoComprimido {
  if (codificacao === 'br') {
    const dados = brotliCompressSync(corpo, {
      finishFlush: constants.BROTLI_OPERATION_FLUSH,
      params: {
        [constants.BROTLI_PARAM_QUALITY]: niveis.qualidadeBrotli,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: corpo.length,
      },
    });
    return { codificacao, dados, crc32: 0, tamanho: corpo.length };
  }
  const dados = deflateRawSync(corpo, { level: niveis.nivelGzip, finishFlush: constants.Z_SYNC_FLUSH });
  return { codificacao, dados, crc32: crc32(corpo), tamanho: corpo.length };
}

/** Brotli meta-blocks hold at most 2^16 bytes with a 4-nibble length; gzip's stored blocks 2^16 − 1. */
const BLOCO_BR = 65_536;
const BLOCO_GZIP = 65_535;
/** ID1 ID2 CM=deflate FLG=0 MTIME=0 XFL=0 OS=255 (unknown). */
const CABECALHO_GZIP = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** The whole answer: the prefix compressed once, then `sufixo` as it is. */
export function comporComprimido(prefixo: PrefixoComprimido, sufixo: Buffer): Buffer {
  return prefixo.codificacao === 'br' ? comporBrotli(prefixo, sufixo) : comporGzip(prefixo, sufixo);
}

function comporBrotli(prefixo: PrefixoComprimido, sufixo: Buffer): Buffer {
  const blocos = Math.ceil(sufixo.length / BLOCO_BR);
  const saida = Buffer.allocUnsafe(prefixo.dados.length + blocos * 3 + sufixo.length + 1);
  let p = prefixo.dados.copy(saida, 0);
  for (let inicio = 0; inicio < sufixo.length; inicio += BLOCO_BR) {
    const fim = Math.min(inicio + BLOCO_BR, sufixo.length);
    // ISLAST=0, MNIBBLES=4 (00), MLEN−1 in 16 bits, ISUNCOMPRESSED=1: 20 bits, zero-padded to 3 bytes.
    const cabecalho = ((fim - inicio - 1) << 3) | (1 << 19);
    saida[p++] = cabecalho & 0xff;
    saida[p++] = (cabecalho >> 8) & 0xff;
    saida[p++] = (cabecalho >> 16) & 0xff;
    p += sufixo.copy(saida, p, inicio, fim);
  }
  // ISLAST=1, ISLASTEMPTY=1.
  saida[p++] = 0x03;
  return saida.subarray(0, p);
}

function comporGzip(prefixo: PrefixoComprimido, sufixo: Buffer): Buffer {
  const blocos = Math.max(1, Math.ceil(sufixo.length / BLOCO_GZIP));
  const saida = Buffer.allocUnsafe(
    CABECALHO_GZIP.length + prefixo.dados.length + blocos * 5 + sufixo.length + 8,
  );
  let p = CABECALHO_GZIP.copy(saida, 0);
  p += prefixo.dados.copy(saida, p);
  for (let b = 0; b < blocos; b++) {
    const inicio = b * BLOCO_GZIP;
    const fim = Math.min(inicio + BLOCO_GZIP, sufixo.length);
    const tamanho = fim - inicio;
    // BFINAL on the last, BTYPE=00 (stored), padded to the byte; LEN and its complement, little-endian.
    saida[p++] = b === blocos - 1 ? 1 : 0;
    saida.writeUInt16LE(tamanho, p);
    saida.writeUInt16LE(~tamanho & 0xffff, p + 2);
    p += 4;
    p += sufixo.copy(saida, p, inicio, fim);
  }
  saida.writeUInt32LE(crc32(sufixo, prefixo.crc32) >>> 0, p);
  saida.writeUInt32LE((prefixo.tamanho + sufixo.length) % 2 ** 32, p + 4);
  return saida.subarray(0, p + 8);
}
