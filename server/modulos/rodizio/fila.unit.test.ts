import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executarRodizio } from './motor.ts';
import { estadoAposPublicar } from './ponteiros.ts';
import { chamadaArbitraria } from './teste/arbitrarios.ts';
import type { AvulsoRodizio, EntradaRodizio } from './tipos.ts';

/**
 * One queue per category, 'rodízio numérico' (docs/decisions/0216): every offer of the category ranks workers
 * by the same order (registered before cadastered, each list circular from the category's pointer), so the
 * head of the queue chooses first. With one shared order, worker-proposing deferred acceptance is serial
 * dictatorship: each worker in turn takes the best offer on their list that still has a vacancy. Checked here
 * against serial dictatorship written on its own, sharing nothing with the engine but the list order of 0141
 * (one category: by preference, then offer id).
 */

/** The queue's order, written directly: registered then cadastered, each by (number, code) from the pointer. */
function ordemDaFila(
  avulsos: readonly AvulsoRodizio[],
  ponteiro: { registro: number | null; cadastro: number | null },
): AvulsoRodizio[] {
  const porPosicao = (x: AvulsoRodizio, y: AvulsoRodizio) =>
    x.numChamada - y.numChamada || (x.codAvulso < y.codAvulso ? -1 : x.codAvulso > y.codAvulso ? 1 : 0);
  const circular = (lista: AvulsoRodizio[], p: number | null) => {
    lista.sort(porPosicao);
    if (p === null) return lista;
    const k = lista.findIndex((x) => x.numChamada > p);
    return k < 0 ? lista : [...lista.slice(k), ...lista.slice(0, k)];
  };
  return [
    ...circular(
      avulsos.filter((x) => x.artigo === 55),
      ponteiro.registro,
    ),
    ...circular(
      avulsos.filter((x) => x.artigo === 54),
      ponteiro.cadastro,
    ),
  ];
}

function ditaduraSerial(entrada: EntradaRodizio): Map<string, number> {
  const ponteiro = entrada.ponteiros.find((p) => p.codFuncao === 1) ?? { registro: null, cadastro: null };
  const vagas = new Map(entrada.ofertas.map((o) => [o.id, o.capacidade]));
  const encerrada = new Set(entrada.ofertas.filter((o) => o.encerrada).map((o) => o.id));
  const escalados = new Map<string, number>();
  for (const avulso of ordemDaFila(entrada.avulsos, ponteiro)) {
    if (avulso.impedido) continue;
    const lista = entrada.escolhas
      .filter((e) => e.codAvulso === avulso.codAvulso)
      .sort((x, y) => x.preferencia - y.preferencia || x.ofertaId - y.ofertaId);
    for (const e of lista) {
      if (!e.habilitado || !e.comDescanso || encerrada.has(e.ofertaId)) continue;
      const livres = vagas.get(e.ofertaId) ?? 0;
      if (livres <= 0) continue;
      vagas.set(e.ofertaId, livres - 1);
      escalados.set(avulso.codAvulso, e.ofertaId);
      break;
    }
  }
  return escalados;
}

/** The generator's calls turned into one category's, with its queue's pointer and some ended shifts. */
const chamadaDeUmaFila = fc
  .tuple(
    chamadaArbitraria({ maxOfertas: 7, maxAvulsos: 12 }),
    fc.option(fc.integer({ min: 0, max: 13 }), { nil: null }),
    fc.option(fc.integer({ min: 0, max: 13 }), { nil: null }),
    fc.array(fc.boolean(), { minLength: 7, maxLength: 7 }),
  )
  .map(
    ([entrada, registro, cadastro, encerradas]): EntradaRodizio => ({
      ...entrada,
      ofertas: entrada.ofertas.map((o, i) => ({
        ...o,
        codCategoria: 1,
        encerrada: (encerradas[i] ?? false) && i % 3 === 0,
      })),
      ponteiros: [{ codFuncao: 1, registro, cadastro }],
      fila: 'categoria',
    }),
  );

describe('uma fila por categoria (rodízio numérico)', () => {
  it('aceitação adiada com uma só ordem é a ditadura serial: a cabeça da fila escolhe primeiro (2000 chamadas)', () => {
    fc.assert(
      fc.property(chamadaDeUmaFila, (entrada) => {
        const r = executarRodizio(entrada);
        const obtido = new Map(r.engajamentos.map((e) => [e.codAvulso, e.ofertaId]));
        expect(obtido).toEqual(ditaduraSerial(entrada));
      }),
      { numRuns: 2000 },
    );
  });

  it('o ponteiro é da categoria: todas as funções da categoria andam juntas', () => {
    const a = (codAvulso: string, numChamada: number): AvulsoRodizio => ({
      codAvulso,
      numChamada,
      artigo: 55,
      impedido: false,
    });
    const escolheu = (codAvulso: string, ofertaId: number, preferencia: number) => ({
      codAvulso,
      ofertaId,
      preferencia,
      horaDigitacao: '2026-11-23T10:00:00.000Z',
      habilitado: true,
      comDescanso: true,
    });
    const entrada: EntradaRodizio = {
      ofertas: [
        { id: 1, codFuncao: 101, codCategoria: 1, capacidade: 1, descricao: 'A' },
        { id: 2, codFuncao: 103, codCategoria: 1, capacidade: 1, descricao: 'B' },
      ],
      avulsos: [a('100001', 1), a('100002', 2), a('100003', 3)],
      // 3 wants 103 then 101; 1 and 2 want 101 then 103. After the pointer 2, 3 heads the queue.
      escolhas: [
        escolheu('100003', 2, 1),
        escolheu('100003', 1, 2),
        escolheu('100001', 1, 1),
        escolheu('100001', 2, 2),
        escolheu('100002', 1, 1),
      ],
      ponteiros: [{ codFuncao: 1, registro: 2, cadastro: null }],
      fila: 'categoria',
    };
    const r = executarRodizio(entrada);
    expect(r.engajamentos.map((e) => [e.codAvulso, e.ofertaId])).toEqual([
      ['100001', 1],
      ['100003', 2],
    ]);
    // One pointer, the category's: at the last worker called, 1 (after 3, wrapping around).
    expect(estadoAposPublicar(r.ponteiros)).toMatchObject([
      { codFuncao: 1, registro: 1, registroAvulso: '100001' },
    ]);
    // Per function, 101's queue would have started after 2 with 3 missing it: 1 takes 101 only after 3 passed.
    const porFuncao = executarRodizio({
      ...entrada,
      fila: 'funcao',
      ponteiros: [
        { codFuncao: 101, registro: 0, cadastro: null },
        { codFuncao: 103, registro: 0, cadastro: null },
      ],
    });
    expect(porFuncao.ponteiros.map((p) => p.codFuncao)).toEqual([101, 103]);
  });

  it('um turno já encerrado não escala ninguém, e a auditoria diz por quê', () => {
    const r = executarRodizio({
      ofertas: [{ id: 1, codFuncao: 101, codCategoria: 1, capacidade: 2, descricao: 'X', encerrada: true }],
      avulsos: [{ codAvulso: '100001', numChamada: 1, artigo: 55, impedido: false }],
      escolhas: [
        {
          codAvulso: '100001',
          ofertaId: 1,
          preferencia: 1,
          horaDigitacao: '2026-11-23T10:00:00.000Z',
          habilitado: true,
          comDescanso: true,
        },
      ],
      ponteiros: [],
    });
    expect(r.engajamentos).toEqual([]);
    expect(r.decisoes[0]?.motivo).toBe(
      'Não escalado: sua 1ª escolha (X) não valeu: o turno já tinha terminado quando o rodízio foi apurado.',
    );
  });
});
