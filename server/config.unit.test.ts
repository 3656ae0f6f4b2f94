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

describe('carregarConfig: Web Push (docs/decisions/0162)', () => {
  it('without VAPID keys generates them later (undefined here); the contact defaults to a mailto:', () => {
    const c = carregarConfig({});
    expect(c.push.vapid).toBeUndefined();
    expect(c.push.contato).toMatch(/^mailto:/);
    expect(c.push.servicos).toContain('fcm.googleapis.com');
  });

  it('an https URL_PUBLICA is the default contact; PUSH_CONTATO and PUSH_SERVICOS are read', () => {
    expect(carregarConfig({ URL_PUBLICA: 'https://portal.ogmo.example/' }).push.contato).toBe(
      'https://portal.ogmo.example',
    );
    const c = carregarConfig({
      PUSH_CONTATO: 'mailto:ti@ogmo.example',
      PUSH_SERVICOS: ' Push.Example ,, b.example',
    });
    expect(c.push.contato).toBe('mailto:ti@ogmo.example');
    expect(c.push.servicos).toEqual(['push.example', 'b.example']);
    expect(carregarConfig({ VAPID_PUBLICA: 'p', VAPID_PRIVADA: 'q' }).push.vapid).toEqual({
      publica: 'p',
      privada: 'q',
    });
  });

  it('refuses one VAPID key without the other, and a contact that is neither mailto: nor https', () => {
    expect(() => carregarConfig({ VAPID_PUBLICA: 'p' })).toThrow(
      'Defina VAPID_PUBLICA e VAPID_PRIVADA juntas',
    );
    expect(() => carregarConfig({ VAPID_PRIVADA: 'q' })).toThrow(
      'Defina VAPID_PUBLICA e VAPID_PRIVADA juntas',
    );
    expect(() => carregarConfig({ PUSH_CONTATO: 'http://ogmo.example' })).toThrow(
      'PUSH_CONTATO precisa ser mailto: ou https://',
    );
  });
});
