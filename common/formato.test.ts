import { describe, expect, it } from 'vitest';
import {
  dataPorExtenso,
  diaMesAbreviado,
  formatarCpf,
  formatarDataIso,
  formatarMilhar,
  formatarMoeda,
  MESES_ABREVIADOS,
  mascararCpf,
  nomeMes,
  nomeProprio,
  preencher,
  somenteDigitos,
  turno,
} from './formato.ts';

describe('nomeProprio', () => {
  it('capitaliza cada nome e deixa as partículas em minúsculas', () => {
    expect(nomeProprio('JOSÉ CARLOS DA SILVA')).toBe('José Carlos da Silva');
    expect(nomeProprio('maria das graças de oliveira e souza')).toBe('Maria das Graças de Oliveira e Souza');
    expect(nomeProprio('SEVERINO DOS SANTOS')).toBe('Severino dos Santos');
  });

  it('trata acentos, hífens e espaços repetidos', () => {
    expect(nomeProprio('  ÂNGELA   MARIA-JOSÉ  ÚRSULA ')).toBe('Ângela Maria-José Úrsula');
    expect(nomeProprio('ÉDSON DO Ó')).toBe('Édson do Ó');
  });

  it('uma partícula no início do nome é capitalizada', () => {
    expect(nomeProprio('DA COSTA')).toBe('Da Costa');
  });
});

describe('CPF', () => {
  it('formata como 000.000.000-00', () => {
    expect(formatarCpf('52998224725')).toBe('529.982.247-25');
    expect(formatarCpf('529.982.247-25')).toBe('529.982.247-25');
  });

  it('completa com zeros à esquerda um CPF que perdeu dígitos', () => {
    expect(formatarCpf('1234567890')).toBe('012.345.678-90');
  });

  it('mascara para a página pública de verificação', () => {
    expect(mascararCpf('52998224725')).toBe('***.982.247-**');
  });

  it('somenteDigitos tira pontuação', () => {
    expect(somenteDigitos('(81) 3527-5000')).toBe('8135275000');
  });
});

describe('números e dinheiro', () => {
  it('preenche com zeros à esquerda (chamada com 3 dígitos, vagas e horas com 2)', () => {
    expect(preencher(7, 3)).toBe('007');
    expect(preencher(42, 3)).toBe('042');
    expect(preencher(1234, 3)).toBe('1234');
    expect(preencher(5, 2)).toBe('05');
    expect(preencher('9', 2)).toBe('09');
  });

  it('separa milhares com ponto', () => {
    expect(formatarMilhar(12500)).toBe('12.500');
    expect(formatarMilhar(1234567)).toBe('1.234.567');
    expect(formatarMilhar(999)).toBe('999');
  });

  it('formata reais com vírgula decimal', () => {
    expect(formatarMoeda(1234.5)).toBe('R$ 1.234,50');
  });

  it('turno com horas de dois dígitos', () => {
    expect(turno(1, 7)).toBe('01-07');
    expect(turno(13, 19)).toBe('13-19');
  });
});

describe('datas em pt-BR', () => {
  it('dia e mês abreviado de jan a dez', () => {
    expect(diaMesAbreviado('20260305')).toBe('05 mar');
    expect(diaMesAbreviado('20261231')).toBe('31 dez');
    expect(diaMesAbreviado('20260101')).toBe('01 jan');
    expect(MESES_ABREVIADOS).toEqual([
      'jan',
      'fev',
      'mar',
      'abr',
      'mai',
      'jun',
      'jul',
      'ago',
      'set',
      'out',
      'nov',
      'dez',
    ]);
  });

  it('yyyy-MM-dd vira dd/MM/yyyy', () => {
    expect(formatarDataIso('2026-11-21')).toBe('21/11/2026');
    expect(formatarDataIso('2028-02-29')).toBe('29/02/2028');
    // A back end's placeholder day, and a year under 100, which Date's constructor would read as 19xx.
    expect(formatarDataIso('0001-01-01')).toBe('01/01/0001');
    expect(formatarDataIso('0099-12-31')).toBe('31/12/0099');
  });

  it('o dia não muda com o fuso do aparelho, nem no dia em que a meia-noite não existiu (horário de verão)', () => {
    const antes = process.env.TZ;
    try {
      for (const fuso of [
        'America/Sao_Paulo',
        'America/Noronha',
        'Pacific/Kiritimati',
        'Pacific/Pago_Pago',
        'UTC',
      ]) {
        process.env.TZ = fuso;
        // 2018-11-04 00:00 did not exist in São Paulo (the clocks went from 23:59:59 to 01:00).
        expect(formatarDataIso('2018-11-04'), fuso).toBe('04/11/2018');
        expect(formatarDataIso('2026-01-01'), fuso).toBe('01/01/2026');
        expect(formatarDataIso('2026-12-31'), fuso).toBe('31/12/2026');
      }
    } finally {
      if (antes === undefined) delete process.env.TZ;
      else process.env.TZ = antes;
    }
  });

  it('uma data fora de yyyy-MM-dd é recusada, como date-fns fazia', () => {
    expect(() => formatarDataIso('2026-11-21T10:00')).toThrow(RangeError);
    expect(() => formatarDataIso('2026-02-30')).toThrow(RangeError);
    expect(() => formatarDataIso('')).toThrow(RangeError);
  });

  it('nomes de mês com inicial maiúscula', () => {
    expect(nomeMes(3)).toBe('Março');
    expect(nomeMes(12)).toBe('Dezembro');
  });

  it('data por extenso', () => {
    expect(dataPorExtenso(new Date(2026, 10, 21))).toBe('21 de novembro de 2026');
    expect(dataPorExtenso(new Date(2026, 2, 1))).toBe('1 de março de 2026');
  });
});
