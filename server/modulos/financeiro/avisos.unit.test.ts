import { describe, expect, it } from 'vitest';
import { textoAviso } from './avisos.ts';

const base = { criados: 1, substituidos: 0, datas: ['2026-11-26'], periodos: ['2026-11'], anuais: [] };

describe('o aviso de documentos novos: um por importação', () => {
  it('um contracheque, vários, corrigidos', () => {
    expect(textoAviso('contracheque', base).corpo).toBe('Seu contracheque de 26/11 está disponível.');
    expect(
      textoAviso('contracheque', { ...base, criados: 3, datas: ['2026-11-26', '2026-11-24', '2026-11-25'] })
        .corpo,
    ).toBe('Seus 3 contracheques de 24/11 a 26/11 estão disponíveis.');
    expect(textoAviso('contracheque', { ...base, criados: 0, substituidos: 1 }).corpo).toBe(
      'Seu contracheque de 26/11 foi corrigido e está disponível.',
    );
  });
  it('13º, ficha e informe', () => {
    expect(textoAviso('13ferias', { ...base, datas: ['2026-12-18'], anuais: ['cc13'] }).corpo).toBe(
      'Seu contracheque de 13º salário de 2026 está disponível.',
    );
    expect(textoAviso('ficha', { ...base, periodos: ['2026-10'] }).corpo).toBe(
      'Sua ficha financeira de outubro/2026 está disponível.',
    );
    expect(textoAviso('informe', { ...base, periodos: ['2025'] }).corpo).toBe(
      'Seu informe de rendimentos de 2025 está disponível.',
    );
  });
});
