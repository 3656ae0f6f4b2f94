import { describe, expect, it } from 'vitest';
import type { AvulsosConfirmados } from '#common/api/escalacao.ts';
import {
  CONFIRMADOS_INICIAL,
  concluirCargaConfirmados,
  falharCargaConfirmados,
  iniciarCargaConfirmados,
} from './confirmados.ts';

const resposta = (numEscalacao: number, codCategoria = 1): AvulsosConfirmados => ({
  numEscalacao,
  codCategoria,
  avulsosConfirmados: [
    {
      nome: 'Estivador',
      exibe: true,
      avulsos: [
        {
          numChamada: 12,
          codAvulso: '100001',
          nomeAvulso: 'José',
          sindicato: 'Estivador',
          horaDigitacao: '2026-11-21T10:00:00.000Z',
        },
      ],
    },
  ],
});

describe('lista de confirmados', () => {
  it('indefinido → carregando → carregado', () => {
    const carregando = iniciarCargaConfirmados(CONFIRMADOS_INICIAL);
    expect(carregando).toEqual({ status: 'carregando', dados: null });
    expect(concluirCargaConfirmados(carregando, resposta(4521), 4521, 1)).toEqual({
      status: 'carregado',
      dados: resposta(4521),
    });
  });

  it('ao reabrir mostra o que tinha enquanto atualiza', () => {
    const carregado = { status: 'carregado' as const, dados: resposta(4521) };
    expect(iniciarCargaConfirmados(carregado)).toEqual({ status: 'carregando', dados: resposta(4521) });
  });

  it('erro mantém a lista anterior', () => {
    const carregado = { status: 'carregando' as const, dados: resposta(4521) };
    expect(falharCargaConfirmados(carregado)).toEqual({ status: 'erro', dados: resposta(4521) });
  });

  it('descarta resposta de outra escala ou categoria', () => {
    const carregando = iniciarCargaConfirmados(CONFIRMADOS_INICIAL);
    expect(concluirCargaConfirmados(carregando, resposta(4520), 4521, 1)).toEqual({
      status: 'indefinido',
      dados: null,
    });
    expect(concluirCargaConfirmados(carregando, resposta(4521, 2), 4521, 1).dados).toBeNull();
  });
});
