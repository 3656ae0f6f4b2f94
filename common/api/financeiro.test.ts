import { describe, expect, it } from 'vitest';
import { arquivoQuery, nomeDoArquivo, nomeTipoContracheque } from './financeiro.ts';

describe('nomeDoArquivo', () => {
  it('é o último segmento do identificador', () => {
    expect(nomeDoArquivo('contracheques/2026/11/CC-100001-000123.pdf')).toBe('CC-100001-000123.pdf');
    expect(nomeDoArquivo('IR-100001-2025.pdf')).toBe('IR-100001-2025.pdf');
    expect(nomeDoArquivo('a\\b\\c.pdf')).toBe('c.pdf');
    expect(nomeDoArquivo('pasta/')).toBe('pasta');
  });
});

describe('arquivoQuery', () => {
  it('aceita identificadores emitidos pelo servidor', () => {
    expect(arquivoQuery.safeParse({ arquivo: 'fichas-financeiras/2026/FF-100001-202610.pdf' }).success).toBe(
      true,
    );
  });

  it('recusa vazio, longo demais e caracteres fora do alfabeto do identificador', () => {
    for (const arquivo of [
      '',
      'a'.repeat(201),
      'a\u0000b',
      '/etc/passwd\n',
      'c:\\x.pdf',
      'a b.pdf',
      '%2e%2e',
    ]) {
      expect(arquivoQuery.safeParse({ arquivo }).success, JSON.stringify(arquivo)).toBe(false);
    }
  });
});

describe('nomeTipoContracheque', () => {
  it('traduz o tipo', () => {
    expect(nomeTipoContracheque('ccNormal')).toBe('Normal');
    expect(nomeTipoContracheque('ccComplementar')).toBe('Complementar');
  });
});
