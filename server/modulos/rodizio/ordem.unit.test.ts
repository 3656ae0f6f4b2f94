import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executarRodizio } from './motor.ts';
import { ErroEntradaRodizio, OrdemRodizio, ordenarEscolhasDoAvulso } from './ordem.ts';
import type { EntradaRodizio, EscolhaRodizio } from './tipos.ts';

function escolha(ofertaId: number, preferencia: number, hora: string): EscolhaRodizio {
  return {
    codAvulso: '100007',
    ofertaId,
    preferencia,
    horaDigitacao: `2026-11-23T${hora}.000Z`,
    habilitado: true,
    comDescanso: true,
  };
}

/** Offers 1xx are Estivador (category 1), 6xx Capatazia (category 6). */
const categoria = (ofertaId: number) => (ofertaId >= 600 ? 6 : 1);

describe('ordem das escolhas de um multifuncional', () => {
  it('intercala as categorias pela hora em que cada escolha foi feita', () => {
    const lista = ordenarEscolhasDoAvulso(
      [
        escolha(101, 1, '10:00:00'),
        escolha(601, 1, '10:01:00'),
        escolha(102, 2, '10:02:00'),
        escolha(602, 2, '10:03:00'),
      ],
      categoria,
    );
    expect(lista.map((e) => e.ofertaId)).toEqual([101, 601, 102, 602]);
  });

  it('na mesma hora, a categoria de código menor primeiro; dentro da categoria, a preferência', () => {
    const lista = ordenarEscolhasDoAvulso(
      [
        escolha(602, 2, '10:00:00'),
        escolha(601, 1, '10:00:00'),
        escolha(102, 2, '10:00:00'),
        escolha(101, 1, '10:00:00'),
      ],
      categoria,
    );
    expect(lista.map((e) => e.ofertaId)).toEqual([101, 102, 601, 602]);
  });

  it('a preferência da categoria vale mesmo se as horas a contradizem (intercalação, não ordenação por hora)', () => {
    const lista = ordenarEscolhasDoAvulso(
      [escolha(101, 1, '10:05:00'), escolha(102, 2, '10:00:00'), escolha(601, 1, '10:03:00')],
      categoria,
    );
    expect(lista.map((e) => e.ofertaId)).toEqual([601, 101, 102]);
  });

  it('lacunas na preferência (escolhas limpas) não mudam a ordem', () => {
    const lista = ordenarEscolhasDoAvulso(
      [escolha(103, 7, '10:09:00'), escolha(101, 2, '10:01:00')],
      categoria,
    );
    expect(lista.map((e) => e.ofertaId)).toEqual([101, 103]);
  });

  it('a ordem da lista é a que o casamento usa ("ordem" do engajamento)', () => {
    const entrada: EntradaRodizio = {
      ofertas: [
        { id: 101, codFuncao: 101, codCategoria: 1, capacidade: 1, descricao: 'A' },
        { id: 601, codFuncao: 601, codCategoria: 6, capacidade: 1, descricao: 'B' },
      ],
      avulsos: [
        { codAvulso: '100007', numChamada: 5, artigo: 55, impedido: false },
        { codAvulso: '100008', numChamada: 3, artigo: 55, impedido: false },
      ],
      escolhas: [
        escolha(601, 1, '10:00:00'),
        escolha(101, 1, '10:01:00'),
        { ...escolha(601, 1, '10:00:00'), codAvulso: '100008' },
      ],
      ponteiros: [],
    };
    const r = executarRodizio(entrada);
    expect(r.engajamentos.map((e) => [e.codAvulso, e.ofertaId, e.ordem, e.preferencia])).toEqual([
      ['100007', 101, 2, 1],
      ['100008', 601, 1, 1],
    ]);
  });
});

describe('ordem das escolhas: propriedades (2000 listas)', () => {
  const lista = fc
    .uniqueArray(
      fc.record({
        ofertaId: fc.integer({ min: 1, max: 60 }),
        categoria: fc.constantFrom(1, 2, 4, 6),
        preferencia: fc.integer({ min: 1, max: 9 }),
        segundo: fc.integer({ min: 0, max: 5 }),
      }),
      { selector: (x) => x.ofertaId, maxLength: 12 },
    )
    .map((itens) => ({
      categoriaDe: new Map(itens.map((x) => [x.ofertaId, x.categoria])),
      escolhas: itens.map((x) => escolha(x.ofertaId, x.preferencia, `10:00:0${x.segundo}`)),
    }));

  it('é uma permutação que mantém, em cada categoria, a ordem das preferências', () => {
    fc.assert(
      fc.property(lista, ({ categoriaDe, escolhas }) => {
        const saida = ordenarEscolhasDoAvulso(escolhas, (id) => categoriaDe.get(id) ?? 0);
        expect(saida.map((e) => e.ofertaId).sort((a, b) => a - b)).toEqual(
          escolhas.map((e) => e.ofertaId).sort((a, b) => a - b),
        );
        for (const cat of new Set(categoriaDe.values())) {
          const daCategoria = saida.filter((e) => categoriaDe.get(e.ofertaId) === cat);
          const esperada = [...daCategoria].sort(
            (a, b) => a.preferencia - b.preferencia || a.ofertaId - b.ofertaId,
          );
          expect(daCategoria).toEqual(esperada);
        }
      }),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('quando as horas concordam com as preferências, é a ordem por (hora, categoria)', () => {
    fc.assert(
      fc.property(lista, ({ categoriaDe, escolhas }) => {
        // Times rewritten to rise with the preference inside each category, as the server records them.
        const porCategoria = new Map<number, EscolhaRodizio[]>();
        for (const e of escolhas) {
          const cat = categoriaDe.get(e.ofertaId) ?? 0;
          porCategoria.set(cat, [...(porCategoria.get(cat) ?? []), e]);
        }
        const coerentes = [...porCategoria.values()].flatMap((l) =>
          [...l]
            .sort((a, b) => a.preferencia - b.preferencia || a.ofertaId - b.ofertaId)
            .map((e, k) => ({
              ...e,
              horaDigitacao: `2026-11-23T10:${String(k).padStart(2, '0')}:${e.horaDigitacao.slice(17)}`,
            })),
        );
        const saida = ordenarEscolhasDoAvulso(coerentes, (id) => categoriaDe.get(id) ?? 0);
        const t = (e: EscolhaRodizio) => Date.parse(e.horaDigitacao);
        for (let i = 1; i < saida.length; i++) {
          const a = saida[i - 1] as EscolhaRodizio;
          const b = saida[i] as EscolhaRodizio;
          const ca = categoriaDe.get(a.ofertaId) ?? 0;
          const cb = categoriaDe.get(b.ofertaId) ?? 0;
          expect(t(a) < t(b) || (t(a) === t(b) && ca <= cb)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  }, 60_000);
});

describe('ordem do rodízio', () => {
  const avulsos = [
    { codAvulso: '000005', numChamada: 5, artigo: 55 as const, impedido: false },
    { codAvulso: '000001', numChamada: 1, artigo: 55 as const, impedido: false },
    { codAvulso: '000009', numChamada: 9, artigo: 55 as const, impedido: false },
    { codAvulso: '000003', numChamada: 3, artigo: 54 as const, impedido: false },
    { codAvulso: '000007', numChamada: 7, artigo: 54 as const, impedido: false },
  ];
  const ordem = new OrdemRodizio(avulsos);
  const classificar = (registro: number | null, cadastro: number | null) => {
    const i = ordem.inicios(registro, cadastro);
    return ordem.avulsos
      .map((a, k) => ({ a, chave: ordem.chave(k, i.registro, i.cadastro) }))
      .sort((x, y) => x.chave - y.chave)
      .map((x) => x.a.numChamada);
  };

  it('sem ponteiro: pelo número, registrados antes dos cadastrados', () => {
    expect(classificar(null, null)).toEqual([1, 5, 9, 3, 7]);
  });

  it('circular a partir de logo depois do ponteiro de cada lista', () => {
    expect(classificar(5, 3)).toEqual([9, 1, 5, 7, 3]);
    expect(classificar(9, 7)).toEqual([1, 5, 9, 3, 7]);
    expect(classificar(4, 100)).toEqual([5, 9, 1, 3, 7]);
    expect(classificar(0, 5)).toEqual([1, 5, 9, 7, 3]);
  });

  it('o mesmo número em dois avulsos desempata pelo código', () => {
    const empate = new OrdemRodizio([
      { codAvulso: '000200', numChamada: 4, artigo: 55, impedido: false },
      { codAvulso: '000100', numChamada: 4, artigo: 55, impedido: false },
    ]);
    expect(empate.avulsos.map((a) => a.codAvulso)).toEqual(['000100', '000200']);
  });
});

describe('entrada incoerente', () => {
  const base: EntradaRodizio = {
    ofertas: [{ id: 1, codFuncao: 101, codCategoria: 1, capacidade: 1, descricao: 'A' }],
    avulsos: [{ codAvulso: '100001', numChamada: 1, artigo: 55, impedido: false }],
    escolhas: [],
    ponteiros: [],
  };
  const e = { ...escolha(1, 1, '10:00:00'), codAvulso: '100001' };

  it.each([
    ['oferta repetida', { ofertas: [...base.ofertas, ...base.ofertas] }],
    [
      'capacidade negativa',
      { ofertas: [{ ...(base.ofertas[0] as EntradaRodizio['ofertas'][number]), capacidade: -1 }] },
    ],
    ['avulso repetido', { avulsos: [...base.avulsos, ...base.avulsos] }],
    [
      'numChamada não inteiro',
      { avulsos: [{ codAvulso: '100001', numChamada: Number.NaN, artigo: 55 as const, impedido: false }] },
    ],
    ['preferência não numérica', { escolhas: [{ ...e, preferencia: Number.POSITIVE_INFINITY }] }],
    [
      'artigo desconhecido',
      { avulsos: [{ codAvulso: '100001', numChamada: 1, artigo: 56 as 55, impedido: false }] },
    ],
    ['escolha de avulso ausente', { escolhas: [{ ...e, codAvulso: '999999' }] }],
    ['escolha de oferta ausente', { escolhas: [{ ...e, ofertaId: 2 }] }],
    ['oferta escolhida duas vezes', { escolhas: [e, { ...e, preferencia: 2 }] }],
    [
      'hora ilegível numa lista de duas categorias',
      {
        ofertas: [...base.ofertas, { id: 2, codFuncao: 601, codCategoria: 6, capacidade: 1, descricao: 'B' }],
        escolhas: [
          { ...e, horaDigitacao: 'ontem' },
          { ...e, ofertaId: 2 },
        ],
      },
    ],
  ])('%s: ErroEntradaRodizio', (_nome, parte) => {
    expect(() => executarRodizio({ ...base, ...parte })).toThrow(ErroEntradaRodizio);
  });

  it('a entrada válida correspondente passa', () => {
    expect(executarRodizio({ ...base, escolhas: [e] }).engajamentos).toHaveLength(1);
  });
});
