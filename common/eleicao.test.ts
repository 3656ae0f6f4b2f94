import { describe, expect, it } from 'vitest';
import { VOTO_BRANCO, VOTO_NULO } from './dominio.ts';
import {
  comparecimento,
  ehVotoEspecial,
  formatarPercentual,
  ordenarPorNome,
  perguntaConfirmacao,
  rotuloCandidato,
} from './eleicao.ts';

describe('eleição CPATP', () => {
  it('rótulo do candidato conforme o sexo', () => {
    expect(rotuloCandidato(1, 'F')).toEqual({
      sindicato: 'Estivadora',
      papel: 'Candidata a representante dos trabalhadores',
    });
    expect(rotuloCandidato(1, 'M')).toEqual({
      sindicato: 'Estivador',
      papel: 'Candidato a representante dos trabalhadores',
    });
    expect(rotuloCandidato(6, 'F').sindicato).toBe('Arrumadora');
    expect(rotuloCandidato(2, 'F').sindicato).toBe('Conferente');
  });

  it('ordena nomes pela ordem portuguesa, acentos junto das letras sem acento', () => {
    const nomes = ['Zélia', 'Édson', 'Eduardo', 'Álvaro', 'Ana', 'Ângela', 'bruno', 'Bruna'].map(
      (nomeExibicao) => ({ nomeExibicao }),
    );
    expect(ordenarPorNome(nomes).map((n) => n.nomeExibicao)).toEqual([
      'Álvaro',
      'Ana',
      'Ângela',
      'Bruna',
      'bruno',
      'Édson',
      'Eduardo',
      'Zélia',
    ]);
  });

  it('pergunta de confirmação do voto', () => {
    expect(perguntaConfirmacao(100123, 'Ana Melo')).toEqual({
      inicio: 'Deseja confirmar seu voto para',
      alvo: 'Ana Melo',
    });
    expect(perguntaConfirmacao(VOTO_BRANCO, 'Voto em Branco')).toEqual({
      inicio: 'Deseja confirmar seu',
      alvo: 'voto em branco',
    });
    expect(perguntaConfirmacao(VOTO_NULO, 'Voto Nulo')).toEqual({
      inicio: 'Deseja confirmar seu',
      alvo: 'voto nulo',
    });
    expect(ehVotoEspecial(VOTO_NULO)).toBe(true);
    expect(ehVotoEspecial(999997)).toBe(false);
  });

  it('comparecimento e percentual', () => {
    expect(comparecimento(0, 0)).toBe(0);
    expect(comparecimento(3, 4)).toBe(0.75);
    expect(formatarPercentual(0.4567)).toBe('45,7%');
    expect(formatarPercentual(1)).toBe('100,0%');
  });
});
