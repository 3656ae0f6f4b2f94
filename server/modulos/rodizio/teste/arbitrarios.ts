import fc from 'fast-check';
import { categoriaDaFuncao } from '#common/funcoes.ts';
import type { ArtigoRodizio, EntradaRodizio, EscolhaRodizio, OfertaRodizio } from '../tipos.ts';

/**
 * Random small calls for the property tests: few offers (capacities 0-3, sometimes 0) over a few functions in
 * two or three categories, registered and cadastered workers whose numbers collide, impediments, choices that
 * stopped being valid, typing times that tie and cross categories, preferences with gaps, random pointers.
 */
export interface Limites {
  maxOfertas: number;
  maxAvulsos: number;
}

const FUNCOES = [101, 103, 201, 601];
const BASE_MS = Date.parse('2026-11-23T10:00:00.000Z');

const quaseSempre = fc.integer({ min: 0, max: 9 }).map((x) => x > 0);

export function chamadaArbitraria({ maxOfertas, maxAvulsos }: Limites): fc.Arbitrary<EntradaRodizio> {
  return fc
    .record({
      funcoes: fc.uniqueArray(fc.constantFrom(...FUNCOES), { minLength: 1, maxLength: 3 }),
      ids: fc.uniqueArray(fc.integer({ min: 1, max: 999 }), { minLength: 1, maxLength: maxOfertas }),
      nAvulsos: fc.integer({ min: 1, max: maxAvulsos }),
    })
    .chain(({ funcoes, ids, nAvulsos }) => {
      const ofertas = fc.tuple(
        ...ids.map((id) =>
          fc
            .record({
              codFuncao: fc.constantFrom(...funcoes),
              capacidade: fc.oneof(
                { weight: 1, arbitrary: fc.constant(0) },
                { weight: 6, arbitrary: fc.integer({ min: 1, max: 3 }) },
              ),
            })
            .map(
              ({ codFuncao, capacidade }): OfertaRodizio => ({
                id,
                codFuncao,
                codCategoria: categoriaDaFuncao(codFuncao),
                capacidade,
                descricao: `Navio ${id}, Porão 1, Função ${codFuncao}`,
              }),
            ),
        ),
      );
      const escolhaDe = fc.record({
        habilitado: quaseSempre,
        comDescanso: quaseSempre,
        minuto: fc.integer({ min: 0, max: 3 }),
        salto: fc.integer({ min: 1, max: 2 }),
      });
      const avulsos = fc.tuple(
        ...Array.from({ length: nAvulsos }, (_, i) =>
          fc.record({
            codAvulso: fc.constant(String(100001 + i)),
            numChamada: fc.integer({ min: 1, max: 12 }),
            artigo: fc.constantFrom<ArtigoRodizio>(55, 55, 54),
            impedido: fc.integer({ min: 0, max: 9 }).map((x) => x === 0),
            escolhidas: fc
              .shuffledSubarray(ids)
              .chain((sub) =>
                fc
                  .tuple(...sub.map(() => escolhaDe))
                  .map((dados) => sub.map((id, k) => ({ id, ...dados[k] }))),
              ),
          }),
        ),
      );
      const ponteiros = fc.tuple(
        ...funcoes.map((codFuncao) =>
          fc.record({
            codFuncao: fc.constant(codFuncao),
            registro: fc.option(fc.integer({ min: 0, max: 13 }), { nil: null }),
            cadastro: fc.option(fc.integer({ min: 0, max: 13 }), { nil: null }),
          }),
        ),
      );
      return fc.tuple(ofertas, avulsos, ponteiros).map(([ofertas, avulsos, ponteiros]) => {
        const categoria = new Map(ofertas.map((o) => [o.id, o.codCategoria]));
        const escolhas: EscolhaRodizio[] = [];
        for (const a of avulsos) {
          const ultimaPreferencia = new Map<number, number>();
          for (const e of a.escolhidas) {
            const cat = categoria.get(e.id) ?? 0;
            const preferencia = (ultimaPreferencia.get(cat) ?? 0) + (e.salto ?? 1);
            ultimaPreferencia.set(cat, preferencia);
            escolhas.push({
              codAvulso: a.codAvulso,
              ofertaId: e.id,
              preferencia,
              horaDigitacao: new Date(BASE_MS + (e.minuto ?? 0) * 60_000).toISOString(),
              habilitado: e.habilitado ?? true,
              comDescanso: e.comDescanso ?? true,
            });
          }
        }
        return {
          ofertas,
          avulsos: avulsos.map(({ codAvulso, numChamada, artigo, impedido }) => ({
            codAvulso,
            numChamada,
            artigo,
            impedido,
            motivoImpedimento: impedido ? 'Exame periódico vencido' : null,
          })),
          escolhas,
          ponteiros,
        };
      });
    });
}

/** The same call with every list in another order (a seeded Fisher-Yates, so failures replay). */
export function embaralhar(entrada: EntradaRodizio, semente: number): EntradaRodizio {
  let s = semente >>> 0 || 1;
  const aleatorio = () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
  const mistura = <T>(lista: readonly T[]): T[] => {
    const copia = [...lista];
    for (let i = copia.length - 1; i > 0; i--) {
      const j = Math.floor(aleatorio() * (i + 1));
      [copia[i], copia[j]] = [copia[j] as T, copia[i] as T];
    }
    return copia;
  };
  return {
    ofertas: mistura(entrada.ofertas),
    avulsos: mistura(entrada.avulsos),
    escolhas: mistura(entrada.escolhas),
    ponteiros: mistura(entrada.ponteiros),
  };
}
