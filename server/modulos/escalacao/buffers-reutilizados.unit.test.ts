import { describe, expect, it } from 'vitest';
import { BuffersReutilizados } from './buffers-reutilizados.ts';

describe('BuffersReutilizados', () => {
  it('junta as partes na ordem e devolve só o tamanho delas', () => {
    const reserva = new BuffersReutilizados();
    const { corpo } = reserva.juntar([Buffer.from('{"a":'), Buffer.from('1'), Buffer.from('}')]);
    expect(corpo.toString()).toBe('{"a":1}');
  });

  it('reutiliza um buffer só depois de devolvido', () => {
    const reserva = new BuffersReutilizados();
    const primeiro = reserva.juntar([Buffer.from('x'.repeat(1000))]);
    const segundo = reserva.juntar([Buffer.from('y'.repeat(10))]);
    expect(segundo.corpo.buffer).not.toBe(primeiro.corpo.buffer);
    expect(primeiro.corpo.toString()).toBe('x'.repeat(1000));
    primeiro.devolver();
    primeiro.devolver(); // twice changes nothing
    const terceiro = reserva.juntar([Buffer.from('z'.repeat(20))]);
    expect(terceiro.corpo.buffer).toBe(primeiro.corpo.buffer);
    expect(terceiro.corpo.toString()).toBe('z'.repeat(20));
    const quarto = reserva.juntar([Buffer.from('w')]);
    expect(quarto.corpo.buffer).not.toBe(terceiro.corpo.buffer);
  });

  it('um buffer pequeno demais não serve: aloca outro', () => {
    const reserva = new BuffersReutilizados();
    const pequeno = reserva.juntar([Buffer.from('a')]);
    pequeno.devolver();
    const grande = reserva.juntar([Buffer.alloc(200_000, 98)]);
    expect(grande.corpo.length).toBe(200_000);
    expect(grande.corpo.every((c) => c === 98)).toBe(true);
  });
});
