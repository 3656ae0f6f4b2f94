import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executarRodizio } from './motor.ts';
import { camposPonteiroOferta, estadoAposPublicar } from './ponteiros.ts';
import type { AvulsoRodizio, EntradaRodizio } from './tipos.ts';

const a = (codAvulso: string, numChamada: number, artigo: 54 | 55 = 55): AvulsoRodizio => ({
  codAvulso,
  numChamada,
  artigo,
  impedido: false,
});

function escolheu(codAvulso: string, ofertaId: number) {
  return {
    codAvulso,
    ofertaId,
    preferencia: 1,
    horaDigitacao: '2026-11-23T10:00:00.000Z',
    habilitado: true,
    comDescanso: true,
  };
}

describe('ponteiros depois da chamada', () => {
  // Function 101 in two holds (2 + 1 vacancies), function 110 in one hold nobody chose.
  const entrada: EntradaRodizio = {
    ofertas: [
      { id: 1, codFuncao: 101, codCategoria: 1, capacidade: 2, descricao: 'A' },
      { id: 2, codFuncao: 101, codCategoria: 1, capacidade: 1, descricao: 'B' },
      { id: 3, codFuncao: 110, codCategoria: 1, capacidade: 1, descricao: 'C' },
    ],
    avulsos: [a('000010', 10), a('000020', 20), a('000030', 30), a('000040', 40), a('000005', 5, 54)],
    escolhas: [
      escolheu('000010', 1),
      escolheu('000020', 1),
      escolheu('000030', 2),
      escolheu('000040', 1),
      escolheu('000005', 2),
    ],
    ponteiros: [
      { codFuncao: 101, registro: 25, cadastro: 3 },
      { codFuncao: 110, registro: 17, cadastro: 2 },
    ],
  };

  it('cada lista da função vai ao último que ela escalou na ordem do rodízio (circular a partir do ponteiro)', () => {
    const r = executarRodizio(entrada);
    // After 25: 30, 40, then 10, 20. Offer 1 (2 vacancies) takes 40 and 10; offer 2 takes 30; 20 is left out.
    expect(r.engajamentos.map((e) => [e.ofertaId, e.numChamada, e.posicaoNaOferta])).toEqual([
      [1, 40, 1],
      [1, 10, 2],
      [2, 30, 1],
    ]);
    expect(r.ponteiros).toEqual([
      {
        codFuncao: 101,
        registro: { inicial: 25, final: 10, inicialAvulso: null, finalAvulso: '000010' },
        cadastro: { inicial: 3, final: 3, inicialAvulso: null, finalAvulso: null },
        alcancouCadastro: false,
      },
      {
        codFuncao: 110,
        registro: { inicial: 17, final: 17, inicialAvulso: null, finalAvulso: null },
        cadastro: { inicial: 2, final: 2, inicialAvulso: null, finalAvulso: null },
        alcancouCadastro: false,
      },
    ]);
    expect(r.ofertas.map((o) => [o.ofertaId, o.escalados, o.ultimoEscalado])).toEqual([
      [1, 2, 10],
      [2, 1, 30],
      [3, 0, null],
    ]);
  });

  it('quando a lista de registrados acaba, o cadastrado é escalado e o ponteiro do cadastro anda', () => {
    const maisVagas: EntradaRodizio = {
      ...entrada,
      ofertas: entrada.ofertas.map((o) => (o.id === 2 ? { ...o, capacidade: 3 } : o)),
    };
    const r = executarRodizio(maisVagas);
    expect(r.ponteiros[0]).toEqual({
      codFuncao: 101,
      registro: { inicial: 25, final: 10, inicialAvulso: null, finalAvulso: '000010' },
      cadastro: { inicial: 3, final: 5, inicialAvulso: null, finalAvulso: '000005' },
      alcancouCadastro: true,
    });
  });

  it('a próxima chamada começa depois do ponteiro novo', () => {
    const primeira = executarRodizio(entrada);
    const estado = estadoAposPublicar(primeira.ponteiros);
    const segunda = executarRodizio({ ...entrada, ponteiros: estado });
    // After 10: 20, 30, 40; 20 (left out before) is now first.
    expect(segunda.engajamentos.map((e) => e.numChamada)).toEqual([20, 40, 30]);
  });

  it('o estado guardado e os campos de ponteiro da oferta', () => {
    const estado = estadoAposPublicar(executarRodizio(entrada).ponteiros);
    expect(estado[0]).toEqual({
      codFuncao: 101,
      registro: 10,
      cadastro: 3,
      registroAvulso: '000010',
      cadastroAvulso: null,
      registroAnterior: 25,
      alcancouCadastro: false,
    });
    expect(camposPonteiroOferta(estado[0])).toEqual({
      ponteiro: 10,
      ponteiroA: 25,
      ponteiroP: 3,
      grupo: 'Registro',
    });
    expect(
      camposPonteiroOferta({ ...(estado[0] as (typeof estado)[number]), alcancouCadastro: true }).grupo,
    ).toBe('Cadastro');
    expect(camposPonteiroOferta(undefined)).toEqual({
      ponteiro: null,
      ponteiroA: null,
      ponteiroP: null,
      grupo: null,
    });
  });

  it('o ponteiro nomeia o trabalhador: dois nº 5 disputando uma vaga se revezam (a issue 27, caso 4)', () => {
    const empate: EntradaRodizio = {
      ofertas: [{ id: 1, codFuncao: 103, codCategoria: 1, capacidade: 1, descricao: 'A' }],
      avulsos: [a('100305', 5), a('100205', 5)],
      escolhas: [escolheu('100305', 1), escolheu('100205', 1)],
      ponteiros: [{ codFuncao: 103, registro: 4, cadastro: null }],
    };
    const vencedores: string[] = [];
    let ponteiros = empate.ponteiros;
    for (let chamada = 0; chamada < 4; chamada++) {
      const r = executarRodizio({ ...empate, ponteiros });
      vencedores.push(r.engajamentos[0]?.codAvulso ?? '');
      ponteiros = estadoAposPublicar(r.ponteiros);
    }
    expect(vencedores).toEqual(['100205', '100305', '100205', '100305']);
    // A pointer stored before the worker was kept (number alone) still starts after every nº 5.
    const antigo = executarRodizio({
      ...empate,
      avulsos: [...empate.avulsos, a('100406', 6)],
      escolhas: [...empate.escolhas, escolheu('100406', 1)],
      ponteiros: [{ codFuncao: 103, registro: 5, cadastro: null }],
    });
    expect(antigo.engajamentos[0]?.codAvulso).toBe('100406');
  });

  it('propriedade: em k chamadas seguidas, cada um dos k que disputam é alcançado (números repetidos, 500 casos)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 100000, max: 999999 }), { minLength: 2, maxLength: 9 }),
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 9, maxLength: 9 }),
        fc.integer({ min: 1, max: 3 }),
        fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
        (codigos, numeros, vagas, inicial) => {
          const avulsos = codigos.map((c, i) => a(String(c), numeros[i] ?? 1));
          const k = Math.ceil(avulsos.length / vagas);
          const chamada = (ponteiros: EntradaRodizio['ponteiros']) =>
            executarRodizio({
              ofertas: [{ id: 1, codFuncao: 101, codCategoria: 1, capacidade: vagas, descricao: 'A' }],
              avulsos,
              escolhas: avulsos.map((x) => escolheu(x.codAvulso, 1)),
              ponteiros,
            });
          let ponteiros: EntradaRodizio['ponteiros'] = [
            { codFuncao: 101, registro: inicial, cadastro: null },
          ];
          const alcancados = new Set<string>();
          for (let n = 0; n < k; n++) {
            const r = chamada(ponteiros);
            for (const e of r.engajamentos) {
              // Nobody a second time before everyone once (the last call wraps around the circle).
              if (n < k - 1) expect(alcancados.has(e.codAvulso)).toBe(false);
              alcancados.add(e.codAvulso);
            }
            ponteiros = estadoAposPublicar(r.ponteiros);
          }
          expect(alcancados.size).toBe(avulsos.length);
        },
      ),
      { numRuns: 500 },
    );
  });
});
