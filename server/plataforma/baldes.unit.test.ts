import { describe, expect, it } from 'vitest';
import { RelogioManual } from '../clock.ts';
import { Baldes, chaveDoEndereco } from './baldes.ts';

describe('chaveDoEndereco', () => {
  it('IPv4 como é; IPv4 mapeado em IPv6 como o IPv4', () => {
    expect(chaveDoEndereco('203.0.113.7')).toBe('203.0.113.7');
    expect(chaveDoEndereco('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(chaveDoEndereco(undefined)).toBe('?');
  });

  it('IPv6 pelo /64, escrito de qualquer forma', () => {
    const chave = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:DB8:1:2:0:0:0:9',
      '2001:db8:1:2::a%eth0',
    ]) {
      expect(chaveDoEndereco(ip), ip).toBe(chave);
    }
    expect(chaveDoEndereco('2001:db8:1:3::1')).not.toBe(chave);
    expect(chaveDoEndereco('::1')).toBe('0:0:0:0::/64');
  });
});

describe('Baldes', () => {
  it('um minuto de chamadas de uma vez, depois uma a cada 60/n segundos', () => {
    const relogio = new RelogioManual(new Date('2026-11-23T06:30:00Z'));
    const b = new Baldes(20, relogio);
    for (let i = 0; i < 20; i++) expect(b.tirar('s')).toBe(0);
    expect(b.tirar('s')).toBe(3);
    expect(b.tirar('outra')).toBe(0);
    relogio.avancar(2_000);
    expect(b.tirar('s')).toBe(1);
    relogio.avancar(1_000);
    expect(b.tirar('s')).toBe(0);
    expect(b.tirar('s')).toBe(3);
  });

  it('0 desliga; baldes cheios são esquecidos além do máximo de chaves', () => {
    const relogio = new RelogioManual(new Date('2026-11-23T06:30:00Z'));
    expect(new Baldes(0, relogio).tirar('x')).toBe(0);
    const b = new Baldes(60, relogio, 3);
    for (const k of ['a', 'b', 'c']) b.tirar(k);
    expect(b.tamanho).toBe(3);
    relogio.avancar(60_000);
    b.tirar('d');
    expect(b.tamanho).toBe(1);
  });
});
