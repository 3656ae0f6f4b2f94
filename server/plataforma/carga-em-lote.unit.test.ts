import { describe, expect, it } from 'vitest';
import { CargaEmLote } from './carga-em-lote.ts';

describe('CargaEmLote', () => {
  it('as chaves pedidas na mesma volta vão numa leitura só, cada uma com o seu valor', async () => {
    const lidas: string[][] = [];
    const carga = new CargaEmLote<string, string>(async (chaves) => {
      lidas.push(chaves);
      return new Map(chaves.filter((c) => c !== 'nao-existe').map((c) => [c, c.toUpperCase()]));
    });
    const valores = await Promise.all(['a', 'b', 'a', 'nao-existe'].map((c) => carga.carregar(c)));
    expect(valores).toEqual(['A', 'B', 'A', undefined]);
    expect(lidas).toEqual([['a', 'b', 'nao-existe']]);
    expect(await carga.carregar('c')).toBe('C');
    expect(carga.estatisticas).toEqual({ leituras: 2, chaves: 4 });
  });

  it('respeita o máximo por leitura', async () => {
    const tamanhos: number[] = [];
    const carga = new CargaEmLote<number, number>(async (chaves) => {
      tamanhos.push(chaves.length);
      return new Map(chaves.map((c) => [c, c * 2]));
    }, 2);
    expect(await Promise.all([1, 2, 3, 4, 5].map((c) => carga.carregar(c)))).toEqual([2, 4, 6, 8, 10]);
    expect(tamanhos).toEqual([2, 2, 1]);
  });

  it('uma leitura que falha recusa quem esperava por ela, e a próxima tenta de novo', async () => {
    let falhar = true;
    const carga = new CargaEmLote<string, number>(async (chaves) => {
      if (falhar) throw new Error('banco fora');
      return new Map(chaves.map((c) => [c, 1]));
    });
    const r = await Promise.allSettled([carga.carregar('a'), carga.carregar('b')]);
    expect(r.map((x) => x.status)).toEqual(['rejected', 'rejected']);
    falhar = false;
    expect(await carga.carregar('a')).toBe(1);
  });
});
