import { describe, expect, it } from 'vitest';
import { avancar, iniciarPassos, voltar } from './passos.ts';

type P = 'Carregando' | 'ErroGenerico' | 'DadosPessoais' | 'Declaracao' | 'ConfirmacaoEnvio';

describe('histórico de passos', () => {
  it('Carregando nunca entra no histórico', () => {
    let e = iniciarPassos<P>('Carregando');
    e = avancar(e, 'DadosPessoais');
    expect(e).toEqual({ atual: 'DadosPessoais', historico: [] });
    e = avancar(e, 'Declaracao');
    e = avancar(e, 'Carregando');
    e = avancar(e, 'ErroGenerico');
    expect(e).toEqual({ atual: 'ErroGenerico', historico: ['DadosPessoais', 'Declaracao'] });
  });

  it('Voltar desfaz um passo por vez e sai no primeiro passo', () => {
    let e = avancar(avancar(iniciarPassos<P>('Carregando'), 'DadosPessoais'), 'Declaracao');
    const anterior = voltar(e);
    expect(anterior).toEqual({ atual: 'DadosPessoais', historico: [] });
    if (anterior === 'sair') throw new Error('inesperado');
    e = anterior;
    expect(voltar(e)).toBe('sair');
  });

  it('da confirmação, Voltar sai do fluxo mesmo com histórico', () => {
    let e = iniciarPassos<P>('Carregando');
    for (const p of ['DadosPessoais', 'Declaracao', 'Carregando', 'ConfirmacaoEnvio'] as const)
      e = avancar(e, p);
    expect(e.historico).toEqual(['DadosPessoais', 'Declaracao']);
    expect(voltar(e)).toBe('sair');
  });

  it('do erro, Voltar retorna ao passo anterior ao carregamento', () => {
    let e = iniciarPassos<P>('Carregando');
    for (const p of ['DadosPessoais', 'Declaracao', 'Carregando', 'ErroGenerico'] as const) e = avancar(e, p);
    expect(voltar(e)).toEqual({ atual: 'Declaracao', historico: ['DadosPessoais'] });
  });

  it('ir para o mesmo passo não duplica o histórico', () => {
    const e = avancar(iniciarPassos<P>('DadosPessoais'), 'DadosPessoais');
    expect(e.historico).toEqual([]);
  });
});
