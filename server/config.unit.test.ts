import { describe, expect, it } from 'vitest';
import { carregarConfig } from './config.ts';

describe('carregarConfig: HASH_NICE', () => {
  it('defaults to 5 and takes 0 to 19', () => {
    expect(carregarConfig({}).hashNice).toBe(5);
    expect(carregarConfig({ HASH_NICE: '0' }).hashNice).toBe(0);
    expect(carregarConfig({ HASH_NICE: '19' }).hashNice).toBe(19);
  });

  it('refuses what is not a whole number from 0 to 19, naming the value', () => {
    for (const valor of ['-1', '20', '2.5', 'baixo']) {
      expect(() => carregarConfig({ HASH_NICE: valor })).toThrow(`Valor inválido na configuração: ${valor}`);
    }
  });
});
