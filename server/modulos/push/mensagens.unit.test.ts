import { describe, expect, it } from 'vitest';
import { servicoPermitido } from './destino.ts';
import { mensagemEscalaAberta, mensagemResultado } from './mensagens.ts';

describe('the notices (docs/decisions/0162)', () => {
  it('a call opened: its number, date and time, a tap opens /escalacao', () => {
    expect(
      mensagemEscalaAberta({ numEscalacao: 4522, dataChamada: '2026-11-24', horaChamada: '07:00' }),
    ).toEqual({
      titulo: 'Chamada aberta',
      corpo: 'A escala nº 4522 (24/11/2026, 07:00) está aberta. Toque para escolher suas vagas.',
      url: '/escalacao',
      tag: 'escala-4522',
    });
  });

  it('engaged: the job as the job list writes it; not engaged: where to read why', () => {
    const trabalho = {
      funcao: 'Conferente',
      navio: 'MSC AURORA',
      faina: 'Porão 3',
      dataOperacao: '20260305',
      horaInicio: 13,
      horaFim: 19,
      localAtracacao: 'Cais 5',
    };
    expect(mensagemResultado(4522, trabalho)).toEqual({
      titulo: 'Você foi escalado!',
      corpo: 'Escala nº 4522: Conferente no MSC AURORA, Porão 3, 05 mar, turno 13-19, Cais 5.',
      url: '/inicio',
      tag: 'resultado-4522',
    });
    expect(mensagemResultado(4522, null)).toEqual({
      titulo: 'Você não foi escalado',
      corpo: 'Escala nº 4522: você não foi escalado. Toque para ver o motivo.',
      url: '/inicio',
      tag: 'resultado-4522',
    });
  });
});

describe('servicoPermitido: the server posts only to push services', () => {
  const servicos = ['fcm.googleapis.com', 'push.apple.com'];
  it('the host itself or a subdomain, over https', () => {
    expect(servicoPermitido('https://fcm.googleapis.com/fcm/send/abc', servicos)).toBe(true);
    expect(servicoPermitido('https://web.push.apple.com/QK1', servicos)).toBe(true);
    expect(servicoPermitido('https://FCM.googleapis.com/x', servicos)).toBe(true);
    expect(servicoPermitido('https://fcm.googleapis.com:443/x', servicos)).toBe(true);
  });

  it('not a look-alike, not http, not through userinfo, not an address', () => {
    for (const endpoint of [
      'https://evilfcm.googleapis.com/x',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com@evil.example/x',
      'http://fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'não é url',
      // Issue 28: the host web-push's url.parse connects to is not the one WHATWG URL reads.
      'https://127.0.0.1{.fcm.googleapis.com/x',
      "https://127.0.0.1'.fcm.googleapis.com/x",
      'https://127.0.0.1}.fcm.googleapis.com/x',
      'https://127.0.0.1;.fcm.googleapis.com/x',
      'https://127.0.0.1`.fcm.googleapis.com/x',
      'https://127.0.0.1".fcm.googleapis.com/x',
      'https://127.0.0.1%27.fcm.googleapis.com/x',
      'https://10.0.0.7{.fcm.googleapis.com/x',
      'https://169.254.169.254{.fcm.googleapis.com/x',
      // Any port but 443, userinfo of any kind, a trailing dot, a number the two parsers read apart.
      'https://fcm.googleapis.com:22/x',
      'https://fcm.googleapis.com:8443/x',
      'https://u:p@fcm.googleapis.com/x',
      'https://u@fcm.googleapis.com/x',
      'https://fcm.googleapis.com./x',
      'https://0x7f000001/x',
    ]) {
      expect(servicoPermitido(endpoint, servicos), endpoint).toBe(false);
    }
  });
});
