import { describe, expect, it } from 'vitest';
import { nomePorao } from '#common/porao.ts';
import { detalheOferta, horaDigitacao, nomeCategoria, nomeConfirmado, textoVagas } from './apresentacao.ts';

describe('apresentação das ofertas', () => {
  it('nomeia porões e blocos a partir de 1', () => {
    expect(nomePorao('PR00')).toBe('Porão 1');
    expect(nomePorao('PR04')).toBe('Porão 5');
    expect(nomePorao('BL01')).toBe('Bloco 2');
    expect(nomePorao('CF10')).toBe('CF10');
    expect(nomePorao('PR1')).toBe('PR1');
  });

  it('escreve as vagas com 2 dígitos e plural acima de 1', () => {
    expect(textoVagas(1)).toBe('01 vaga');
    expect(textoVagas(0)).toBe('00 vaga');
    expect(textoVagas(2)).toBe('02 vagas');
    expect(textoVagas(12)).toBe('12 vagas');
  });

  it('Conferente vê o porão no lugar das vagas', () => {
    expect(detalheOferta(2, 3, 'PR02')).toBe('Porão 3');
    expect(detalheOferta(1, 3, 'PR02')).toBe('03 vagas');
    // The flat list of the Estivador who chooses the hold: the hold first.
    expect(detalheOferta(1, 3, 'PR02', true)).toBe('Porão 3 · 03 vagas');
    expect(detalheOferta(1, 1, 'BL00', true)).toBe('Bloco 1 · 01 vaga');
    expect(detalheOferta(2, 3, 'PR02', true)).toBe('Porão 3');
  });

  it('hora de digitação em HH:mm:ss do porto, não do aparelho', () => {
    expect(horaDigitacao('2026-11-21T12:05:07.000Z', 'America/Recife')).toBe('09:05:07');
    expect(horaDigitacao('2026-11-21T12:05:07.000Z', 'America/Manaus')).toBe('08:05:07');
    expect(horaDigitacao('lixo', 'America/Recife')).toBe('');
  });

  it("categoria desconhecida se chama 'Erro'", () => {
    expect(nomeCategoria(undefined)).toBe('Erro');
    expect(nomeCategoria('Vigia')).toBe('Vigia');
  });

  it('nome dos confirmados; Multifuncionais com o sindicato entre parênteses, sem repetir', () => {
    expect(nomeConfirmado('JOSÉ DA SILVA', 'Estivador', false)).toBe('José da Silva');
    expect(nomeConfirmado('JOSÉ DA SILVA', 'Multifuncional', true)).toBe('José da Silva (Multifuncional)');
    expect(nomeConfirmado('JOSÉ DA SILVA (Multifuncional)', 'Multifuncional', true)).toBe(
      'José da Silva (Multifuncional)',
    );
  });
});
