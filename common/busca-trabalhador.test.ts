import { describe, expect, it } from 'vitest';
import { lerBuscaTrabalhador, MENSAGEM_BUSCA_VAZIA, normalizarNome } from './busca-trabalhador.ts';

describe('lerBuscaTrabalhador', () => {
  it('6 dígitos são matrícula; até 5, nº de chamada; o resto, nome sem acento nem caixa', () => {
    expect(lerBuscaTrabalhador(' 100007 ')).toEqual({ tipo: 'matricula', codAvulso: '100007' });
    expect(lerBuscaTrabalhador('0047')).toEqual({ tipo: 'numero', numChamada: 47 });
    expect(lerBuscaTrabalhador('12345')).toEqual({ tipo: 'numero', numChamada: 12345 });
    expect(lerBuscaTrabalhador('José  ANTÔNIO')).toEqual({ tipo: 'nome', nome: 'jose antonio' });
  });
  it('recusa o vazio, 7 dígitos ou mais e um nome de menos de 2 letras, em português', () => {
    expect(lerBuscaTrabalhador('   ')).toEqual({ erro: MENSAGEM_BUSCA_VAZIA });
    expect(lerBuscaTrabalhador('1234567')).toEqual({
      erro: 'A matrícula tem 6 dígitos e o nº de chamada, até 5.',
    });
    expect(lerBuscaTrabalhador('é')).toEqual({ erro: 'Digite ao menos 2 letras do nome.' });
    expect(lerBuscaTrabalhador('a'.repeat(81))).toEqual({ erro: 'O nome tem no máximo 80 caracteres.' });
  });
  it('normalizarNome tira acentos, caixa e espaços repetidos', () => {
    expect(normalizarNome('  MARIA DAS GRAÇAS   Oliveira ')).toBe('maria das gracas oliveira');
  });
});
