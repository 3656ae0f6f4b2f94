import { describe, expect, it } from 'vitest';
import { RelogioManual } from '../clock.ts';
import { CacheCurto } from './cache-curto.ts';

function contador() {
  const cargas: string[] = [];
  const carregar = async (k: string) => {
    cargas.push(k);
    return `${k}#${cargas.length}`;
  };
  return { cargas, carregar };
}

describe('CacheCurto', () => {
  it('uma carga serve todos durante o período, inclusive enquanto está em andamento', async () => {
    const relogio = new RelogioManual(new Date('2026-11-22T08:00:00Z'));
    const cache = new CacheCurto<string, string>(relogio, 2_000, 10);
    const { cargas, carregar } = contador();
    const [a, b] = await Promise.all([cache.obter('x', carregar), cache.obter('x', carregar)]);
    relogio.avancar(1_999);
    expect(await cache.obter('x', carregar)).toBe('x#1');
    expect([a, b]).toEqual(['x#1', 'x#1']);
    relogio.avancar(1);
    expect(await cache.obter('x', carregar)).toBe('x#2');
    expect(cargas).toEqual(['x', 'x']);
  });

  it('um relógio que volta não estende a entrada', async () => {
    const relogio = new RelogioManual(new Date('2026-11-22T08:00:00Z'));
    const cache = new CacheCurto<string, string>(relogio, 2_000, 10);
    const { carregar } = contador();
    await cache.obter('x', carregar);
    relogio.avancar(-60_000);
    expect(await cache.obter('x', carregar)).toBe('x#2');
  });

  it('uma carga que falha não fica guardada', async () => {
    const relogio = new RelogioManual(new Date('2026-11-22T08:00:00Z'));
    const cache = new CacheCurto<string, string>(relogio, 2_000, 10);
    await expect(cache.obter('x', () => Promise.reject(new Error('banco fora')))).rejects.toThrow(
      'banco fora',
    );
    expect(await cache.obter('x', async () => 'ok')).toBe('ok');
  });

  it('esquecer faz a próxima leitura carregar de novo', async () => {
    const relogio = new RelogioManual(new Date('2026-11-22T08:00:00Z'));
    const cache = new CacheCurto<string, string>(relogio, 2_000, 10);
    const { carregar } = contador();
    await cache.obter('x', carregar);
    cache.esquecer('x');
    expect(await cache.obter('x', carregar)).toBe('x#2');
  });

  it('guarda no máximo o limite de chaves, saindo primeiro as vencidas e depois as mais antigas', async () => {
    const relogio = new RelogioManual(new Date('2026-11-22T08:00:00Z'));
    const cache = new CacheCurto<string, string>(relogio, 2_000, 3);
    const { cargas, carregar } = contador();
    await cache.obter('a', carregar);
    relogio.avancar(2_000);
    await cache.obter('b', carregar); // 'a' expired: dropped now
    expect(cache.tamanho).toBe(1);
    await cache.obter('c', carregar);
    await cache.obter('d', carregar);
    await cache.obter('e', carregar); // full: 'b', the oldest, goes
    expect(cache.tamanho).toBe(3);
    await cache.obter('c', carregar);
    await cache.obter('b', carregar);
    expect(cargas).toEqual(['a', 'b', 'c', 'd', 'e', 'b']);
  });

  it('alterar muda a entrada carregada, e a que ainda carrega assim que termina (antes de quem a espera)', async () => {
    const relogio = new RelogioManual(new Date('2026-11-22T08:00:00Z'));
    const cache = new CacheCurto<string, { itens: string[] }>(relogio, 2_000, 10);
    let liberar: (v: { itens: string[] }) => void = () => {};
    const carregando = cache.obter('x', () => new Promise((r) => (liberar = r)));
    cache.alterar('x', (v) => v.itens.push('durante'));
    cache.alterar('ausente', () => {
      throw new Error('sem entrada, nada a mudar');
    });
    liberar({ itens: ['lido'] });
    expect((await carregando).itens).toEqual(['lido', 'durante']);
    cache.alterar('x', (v) => v.itens.push('depois'));
    expect((await cache.obter('x', async () => ({ itens: [] }))).itens).toEqual([
      'lido',
      'durante',
      'depois',
    ]);
  });

  it('esquecerSe e limpar fazem a próxima leitura ir ao banco', async () => {
    const relogio = new RelogioManual(new Date('2026-11-22T08:00:00Z'));
    const cache = new CacheCurto<string, string>(relogio, 2_000, 10);
    const { cargas, carregar } = contador();
    await Promise.all(['1/a', '1/b', '2/a'].map((k) => cache.obter(k, carregar)));
    cache.esquecerSe((k) => k.startsWith('1/'));
    expect(cache.tamanho).toBe(1);
    await cache.obter('1/a', carregar);
    await cache.obter('2/a', carregar);
    expect(cargas).toEqual(['1/a', '1/b', '2/a', '1/a']);
    cache.limpar();
    expect(cache.tamanho).toBe(0);
  });
});
