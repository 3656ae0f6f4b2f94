import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { comporComprimido, comprimirPrefixo } from './corpo-composto.ts';

const NIVEIS = { qualidadeBrotli: 4, nivelGzip: 6 };

/** Text that compresses like JSON does (repeated keys, varying numbers). */
function texto(tamanho: number, semente: number): Buffer {
  let s = '';
  for (let i = 0; s.length < tamanho; i++)
    s += `{"seq":${(i * 7919 + semente) % 100_003},"nome":"x${i % 17}"},`;
  return Buffer.from(s.slice(0, tamanho));
}

describe('corpo composto: prefixo comprimido uma vez, sufixo guardado como está', () => {
  // Empty parts, one byte, exactly one and just over one block of the formats' stored blocks, large ones.
  const tamanhos: [number, number][] = [
    [0, 0],
    [0, 1],
    [1, 0],
    [470_000, 300],
    [2_000, 65_535],
    [2_000, 65_536],
    [2_000, 65_537],
    [100_000, 200_000],
  ];
  for (const codificacao of ['br', 'gzip'] as const) {
    it(`${codificacao}: qualquer decodificador lê prefixo + sufixo, byte a byte`, () => {
      for (const [p, s] of tamanhos) {
        const prefixo = texto(p, 1);
        const sufixo = texto(s, 2);
        const composto = comporComprimido(comprimirPrefixo(prefixo, codificacao, NIVEIS), sufixo);
        const lido = codificacao === 'br' ? brotliDecompressSync(composto) : gunzipSync(composto);
        expect(lido.equals(Buffer.concat([prefixo, sufixo])), `${p}+${s}`).toBe(true);
      }
    });
  }

  it('o mesmo prefixo serve a sufixos diferentes, e o fio cresce só o tamanho do sufixo', () => {
    const prefixo = texto(470_000, 3);
    for (const codificacao of ['br', 'gzip'] as const) {
      const comprimido = comprimirPrefixo(prefixo, codificacao, NIVEIS);
      expect(comprimido.dados.length).toBeLessThan(prefixo.length / 4);
      for (const sufixo of [texto(500, 4), texto(2_000, 5)]) {
        const composto = comporComprimido(comprimido, sufixo);
        expect(composto.length - comprimido.dados.length).toBeLessThan(sufixo.length + 32);
        const lido = codificacao === 'br' ? brotliDecompressSync(composto) : gunzipSync(composto);
        expect(lido.subarray(prefixo.length).equals(sufixo)).toBe(true);
      }
    }
  });
});
