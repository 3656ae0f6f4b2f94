import { describe, expect, it } from 'vitest';
import { contagem, diaMes, formatarEmissao, formatarMovimento, ouTraco } from './apresentacao.ts';

describe('formatarEmissao', () => {
  it('mostra a hora do porto (UTC-3), não a do aparelho', () => {
    expect(formatarEmissao('2026-11-20T13:00:00.000Z', 'America/Recife')).toBe('20/11/2026 às 10:00');
    expect(formatarEmissao('2026-01-01T02:30:00.000Z', 'America/Recife')).toBe('31/12/2025 às 23:30');
    expect(formatarEmissao('2026-11-20T13:00:00.000Z', 'America/Manaus')).toBe('20/11/2026 às 09:00');
  });

  it('devolve o texto recebido quando não é uma data', () => {
    expect(formatarEmissao('ontem', 'America/Recife')).toBe('ontem');
  });
});

describe('formatarMovimento e diaMes', () => {
  it('formatam datas do movimento e do trabalho', () => {
    expect(formatarMovimento('2026-11-18')).toBe('18/11/2026');
    expect(formatarMovimento('18/11/2026')).toBe('18/11/2026');
    expect(diaMes('20261105')).toBe('05/11');
  });
});

describe('ouTraco e contagem', () => {
  it('traço para vazio, singular e plural', () => {
    expect(ouTraco('')).toBe('—');
    expect(ouTraco('  ')).toBe('—');
    expect(ouTraco(null)).toBe('—');
    expect(ouTraco('3')).toBe('3');
    expect(contagem(1, 'contracheque', 'contracheques')).toBe('1 contracheque');
    expect(contagem(0, 'contracheque', 'contracheques')).toBe('0 contracheques');
  });
});
