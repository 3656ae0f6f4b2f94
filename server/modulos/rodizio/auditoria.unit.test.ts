import { describe, expect, it } from 'vitest';
import { descreverOferta, numeroChamada } from './auditoria.ts';
import { executarRodizio } from './motor.ts';
import type { AvulsoRodizio, EntradaRodizio, EscolhaRodizio, OfertaRodizio } from './tipos.ts';

const AURORA_2: OfertaRodizio = {
  id: 4521001,
  codFuncao: 101,
  codCategoria: 1,
  capacidade: 1,
  descricao: 'MSC AURORA, Porão 2, Estivador',
};
const AURORA_3: OfertaRodizio = { ...AURORA_2, id: 4521002, descricao: 'MSC AURORA, Porão 3, Estivador' };
const BOREAL: OfertaRodizio = {
  id: 4521003,
  codFuncao: 110,
  codCategoria: 1,
  capacidade: 2,
  descricao: 'LOG-IN BOREAL, Porão 1, Peação',
};

function avulso(codAvulso: string, numChamada: number, extra: Partial<AvulsoRodizio> = {}): AvulsoRodizio {
  return { codAvulso, numChamada, artigo: 55, impedido: false, ...extra };
}

function escolha(
  codAvulso: string,
  ofertaId: number,
  preferencia: number,
  extra: Partial<EscolhaRodizio> = {},
): EscolhaRodizio {
  return {
    codAvulso,
    ofertaId,
    preferencia,
    horaDigitacao: `2026-11-23T10:00:0${preferencia}.000Z`,
    habilitado: true,
    comDescanso: true,
    ...extra,
  };
}

function chamada(entrada: Partial<EntradaRodizio>): EntradaRodizio {
  return { ofertas: [AURORA_2, AURORA_3, BOREAL], avulsos: [], escolhas: [], ponteiros: [], ...entrada };
}

function motivoDe(entrada: EntradaRodizio, codAvulso: string): string | undefined {
  return executarRodizio(entrada).decisoes.find((d) => d.codAvulso === codAvulso)?.motivo;
}

describe('auditoria do rodízio: o que o trabalhador lê', () => {
  it('descreve a oferta por navio, porão, função, data e turno, e o número como a barra do topo', () => {
    expect(descreverOferta({ nomeNavio: 'MSC AURORA', numPorao: 'PR01', codFuncao: 101 })).toBe(
      'MSC AURORA, Porão 2, Estivador',
    );
    expect(descreverOferta({ nomeNavio: 'LOG-IN BOREAL', numPorao: 'BL00', codFuncao: 110 })).toBe(
      'LOG-IN BOREAL, Bloco 1, Peação',
    );
    expect(
      descreverOferta({
        nomeNavio: 'MSC AURORA',
        numPorao: 'PR00',
        codFuncao: 101,
        dataOperacao: '20270315',
        horaInicio: 7,
        horaFim: 13,
      }),
    ).toBe('MSC AURORA, Porão 1, Estivador, 15/03 07-13');
    expect(numeroChamada(1)).toBe('Chamada 001');
    expect(numeroChamada(412)).toBe('Chamada 412');
    expect(numeroChamada(12345)).toBe('Chamada 12345');
  });

  it('escalado na 2ª preferência porque a 1ª foi preenchida por quem estava à frente (o exemplo da issue)', () => {
    const entrada = chamada({
      avulsos: [avulso('100001', 412), avulso('100002', 500)],
      escolhas: [
        escolha('100001', AURORA_2.id, 1),
        escolha('100002', AURORA_2.id, 1),
        escolha('100002', AURORA_3.id, 2),
      ],
      ponteiros: [{ codFuncao: 101, registro: 400, cadastro: null }],
    });
    expect(motivoDe(entrada, '100002')).toBe(
      'Escalado na sua 2ª escolha: sua 1ª escolha (MSC AURORA, Porão 2, Estivador) foi preenchida por trabalhadores à sua frente no rodízio (último escalado: Chamada 412).',
    );
    expect(motivoDe(entrada, '100001')).toBe('Escalado na sua 1ª escolha (MSC AURORA, Porão 2, Estivador).');
  });

  it('o ponteiro decide quem está à frente: depois do 450, o 500 vem antes do 412', () => {
    const entrada = chamada({
      avulsos: [avulso('100001', 412), avulso('100002', 500)],
      escolhas: [escolha('100001', AURORA_2.id, 1), escolha('100002', AURORA_2.id, 1)],
      ponteiros: [{ codFuncao: 101, registro: 450, cadastro: null }],
    });
    expect(motivoDe(entrada, '100002')).toBe('Escalado na sua 1ª escolha (MSC AURORA, Porão 2, Estivador).');
    expect(motivoDe(entrada, '100001')).toBe(
      'Não escalado: sua 1ª escolha (MSC AURORA, Porão 2, Estivador) foi preenchida por trabalhadores à sua frente no rodízio (último escalado: Chamada 500).',
    );
  });

  it('registrado (art. 55) antes de cadastrado (art. 54), qualquer que seja o número', () => {
    const entrada = chamada({
      avulsos: [avulso('100001', 1, { artigo: 54 }), avulso('100002', 900)],
      escolhas: [escolha('100001', AURORA_2.id, 1), escolha('100002', AURORA_2.id, 1)],
    });
    const r = executarRodizio(entrada);
    expect(r.engajamentos.map((e) => e.codAvulso)).toEqual(['100002']);
    expect(motivoDe(entrada, '100001')).toBe(
      'Não escalado: sua 1ª escolha (MSC AURORA, Porão 2, Estivador) foi preenchida por trabalhadores à sua frente no rodízio (último escalado: Chamada 900).',
    );
  });

  it('não escalado: cada escolha com o seu motivo (habilitação, descanso, vagas, preenchida)', () => {
    const semVagas: OfertaRodizio = {
      ...BOREAL,
      id: 4521009,
      capacidade: 0,
      descricao: 'LOG-IN BOREAL, Porão 4, Peação',
    };
    const entrada = chamada({
      ofertas: [AURORA_2, AURORA_3, BOREAL, semVagas],
      avulsos: [avulso('100001', 10), avulso('100002', 20)],
      escolhas: [
        escolha('100001', AURORA_2.id, 1),
        escolha('100002', BOREAL.id, 1, { habilitado: false }),
        escolha('100002', AURORA_3.id, 2, { comDescanso: false }),
        escolha('100002', semVagas.id, 3),
        escolha('100002', AURORA_2.id, 4),
      ],
    });
    expect(motivoDe(entrada, '100002')).toBe(
      'Não escalado: sua 1ª escolha (LOG-IN BOREAL, Porão 1, Peação) não valeu: no momento do rodízio você não tinha habilitação para a função; ' +
        'sua 2ª escolha (MSC AURORA, Porão 3, Estivador) não valeu: você não teria o descanso mínimo de 11 horas entre esse turno e outro trabalho seu; ' +
        'sua 3ª escolha (LOG-IN BOREAL, Porão 4, Peação) não tinha vagas; ' +
        'sua 4ª escolha (MSC AURORA, Porão 2, Estivador) foi preenchida por trabalhadores à sua frente no rodízio (último escalado: Chamada 010).',
    );
  });

  it('as horas de descanso do texto vêm do parâmetro', () => {
    const entrada = chamada({
      avulsos: [avulso('100001', 10)],
      escolhas: [escolha('100001', AURORA_2.id, 1, { comDescanso: false })],
      horasDescanso: 12,
    });
    expect(motivoDe(entrada, '100001')).toBe(
      'Não escalado: sua 1ª escolha (MSC AURORA, Porão 2, Estivador) não valeu: você não teria o descanso mínimo de 12 horas entre esse turno e outro trabalho seu.',
    );
  });

  it('impedido depois de escolher: fica de fora, com o motivo do impedimento', () => {
    const entrada = chamada({
      avulsos: [
        avulso('100001', 10, { impedido: true, motivoImpedimento: 'Exame periódico vencido' }),
        avulso('100002', 20),
      ],
      escolhas: [escolha('100001', AURORA_2.id, 1), escolha('100002', AURORA_2.id, 1)],
      ponteiros: [{ codFuncao: 101, registro: 0, cadastro: null }],
    });
    const r = executarRodizio(entrada);
    expect(r.engajamentos.map((e) => e.codAvulso)).toEqual(['100002']);
    expect(motivoDe(entrada, '100001')).toBe(
      'Não escalado: você estava impedido no momento do rodízio (Exame periódico vencido).',
    );
    expect(r.decisoes[0]?.escolhas[0]?.texto).toBe(
      'sua 1ª escolha (MSC AURORA, Porão 2, Estivador) não valeu: você estava impedido no momento do rodízio (Exame periódico vencido)',
    );
    const semMotivo = chamada({
      avulsos: [avulso('100001', 10, { impedido: true })],
      escolhas: [escolha('100001', AURORA_2.id, 1)],
    });
    expect(motivoDe(semMotivo, '100001')).toBe('Não escalado: você estava impedido no momento do rodízio.');
  });

  it('as escolhas abaixo da escalada ficam registradas como não necessárias', () => {
    const entrada = chamada({
      avulsos: [avulso('100001', 10)],
      escolhas: [escolha('100001', BOREAL.id, 1), escolha('100001', AURORA_2.id, 2)],
    });
    const decisao = executarRodizio(entrada).decisoes[0];
    expect(decisao?.escolhas.map((e) => [e.situacao, e.texto])).toEqual([
      ['escalado', 'sua 1ª escolha (LOG-IN BOREAL, Porão 1, Peação): escalado'],
      [
        'nao-necessaria',
        'sua 2ª escolha (MSC AURORA, Porão 2, Estivador) não foi necessária: você já estava escalado numa escolha anterior',
      ],
    ]);
  });

  it('escalado na 3ª: cada uma das anteriores com o seu motivo, separadas por ponto e vírgula', () => {
    const entrada = chamada({
      avulsos: [avulso('100001', 10), avulso('100002', 20)],
      escolhas: [
        escolha('100001', AURORA_2.id, 1),
        escolha('100002', AURORA_2.id, 1),
        escolha('100002', AURORA_3.id, 2, { habilitado: false }),
        escolha('100002', BOREAL.id, 3),
      ],
    });
    expect(motivoDe(entrada, '100002')).toBe(
      'Escalado na sua 3ª escolha: sua 1ª escolha (MSC AURORA, Porão 2, Estivador) foi preenchida por trabalhadores à sua frente no rodízio (último escalado: Chamada 010); ' +
        'sua 2ª escolha (MSC AURORA, Porão 3, Estivador) não valeu: no momento do rodízio você não tinha habilitação para a função.',
    );
  });

  it('decisões em ordem de codAvulso, como texto quando os códigos não são todos de seis dígitos', () => {
    const codigos = (lista: string[]) =>
      executarRodizio(
        chamada({
          avulsos: lista.map((c, i) => avulso(c, i + 1)),
          escolhas: lista.map((c) => escolha(c, BOREAL.id, 1)),
        }),
      ).decisoes.map((d) => d.codAvulso);
    expect(codigos(['100010', '100002', '200001', '099999'])).toEqual([
      '099999',
      '100002',
      '100010',
      '200001',
    ]);
    expect(codigos(['9', '10', 'A2', '100002'])).toEqual(['10', '100002', '9', 'A2']);
  });
});
