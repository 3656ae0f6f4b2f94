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

describe('carregarConfig: limites (docs/decisions/0091)', () => {
  it('defaults: 30 s per request, 256 connections per address, 20/300/30 expensive calls a minute, cleanup every 10 min', () => {
    const c = carregarConfig({});
    expect(c.limites).toEqual({
      tempoRequisicaoSegundos: 30,
      conexoesPorEndereco: 256,
      carosPorMinutoSessao: 20,
      carosPorMinutoEndereco: 300,
      publicosPorMinutoEndereco: 30,
    });
    expect(c.limpezaMinutos).toBe(10);
  });

  it('0 turns a cap off; what is not a whole number from 0 up is refused', () => {
    expect(
      carregarConfig({ CONEXOES_POR_ENDERECO: '0', CAROS_POR_MINUTO_SESSAO: '0' }).limites,
    ).toMatchObject({
      conexoesPorEndereco: 0,
      carosPorMinutoSessao: 0,
    });
    for (const valor of ['-1', '2.5', 'muitas']) {
      expect(() => carregarConfig({ CONEXOES_POR_ENDERECO: valor })).toThrow(valor);
      expect(() => carregarConfig({ PUBLICOS_POR_MINUTO_ENDERECO: valor })).toThrow(valor);
    }
    expect(() => carregarConfig({ TEMPO_REQUISICAO_SEGUNDOS: '0' })).toThrow('0');
    expect(() => carregarConfig({ LIMPEZA_MINUTOS: '-5' })).toThrow('-5');
  });
});

describe('as regras do rodízio do porto (docs/produto/gestao.md §6)', () => {
  it('padrões: fila por função, período 4 no mesmo dia, sem repescagem, sem dobra, sem abrir/fechar sozinho', () => {
    expect(carregarConfig({}).rodizio).toEqual({
      fila: 'funcao',
      periodo4: 'mesmo',
      repescagem: false,
      dobraHorasDescanso: null,
      aberturaAutomaticaMinutos: null,
      fechamentoAutomatico: false,
    });
  });

  it('cada uma se liga pelo ambiente; um valor desconhecido para a partida dizendo qual', () => {
    expect(
      carregarConfig({
        RODIZIO_FILA: 'categoria',
        PERIODO_4_DIA: 'seguinte',
        REPESCAGEM: '1',
        DOBRA_HORAS_DESCANSO: '6',
        ABERTURA_AUTOMATICA_MINUTOS: '45',
        FECHAMENTO_AUTOMATICO: '1',
      }).rodizio,
    ).toEqual({
      fila: 'categoria',
      periodo4: 'seguinte',
      repescagem: true,
      dobraHorasDescanso: 6,
      aberturaAutomaticaMinutos: 45,
      fechamentoAutomatico: true,
    });
    expect(() => carregarConfig({ RODIZIO_FILA: 'numerico' })).toThrow(/RODIZIO_FILA: numerico/);
    expect(() => carregarConfig({ PERIODO_4_DIA: 'ontem' })).toThrow(/PERIODO_4_DIA/);
    expect(() => carregarConfig({ DOBRA_HORAS_DESCANSO: '30' })).toThrow(/30/);
    expect(() => carregarConfig({ ABERTURA_AUTOMATICA_MINUTOS: '0' })).toThrow(/inteiro de 1 a 1440/);
  });
});

describe('as métricas (docs/operacao.md)', () => {
  it('desligadas por padrão: sem token e sem porta própria', () => {
    expect(carregarConfig({}).metricas).toEqual({ token: undefined, porta: undefined, host: '127.0.0.1' });
  });

  it('token de 24 caracteres ou mais, porta de 1 a 65535', () => {
    const token = 'a'.repeat(24);
    expect(
      carregarConfig({ METRICAS_TOKEN: token, METRICAS_PORTA: '9464', METRICAS_HOST: '10.0.0.5' }).metricas,
    ).toEqual({ token, porta: 9464, host: '10.0.0.5' });
    expect(() => carregarConfig({ METRICAS_TOKEN: 'curto' })).toThrow(/24 caracteres/);
    expect(() => carregarConfig({ METRICAS_PORTA: '70000' })).toThrow(/70000/);
  });
});
