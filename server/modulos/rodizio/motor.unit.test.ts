import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { executarRodizio } from './motor.ts';
import { chamadaArbitraria, embaralhar } from './teste/arbitrarios.ts';
import {
  listasValidas,
  ordensPorFuncao,
  paresDe,
  posicaoObtida,
  todosEstaveis,
  violacoes,
} from './teste/verificador.ts';
import type { EntradaRodizio, EscolhaRodizio } from './tipos.ts';

const PEQUENAS = chamadaArbitraria({ maxOfertas: 6, maxAvulsos: 10 });
const MINUSCULAS = chamadaArbitraria({ maxOfertas: 3, maxAvulsos: 4 });
const MEDIAS = chamadaArbitraria({ maxOfertas: 25, maxAvulsos: 80 });
/** Thousands of calls take seconds; on a machine shared by many test runs, several times that. */
const LIMITE_MS = 120_000;

function obtidas(entrada: EntradaRodizio): Map<string, number> {
  return new Map(executarRodizio(entrada).engajamentos.map((e) => [e.codAvulso, e.ofertaId]));
}

describe('rodízio: propriedades contra o verificador de força bruta', () => {
  it(
    'estável, dentro das vagas, um engajamento por avulso, só escolhas válidas (4000 chamadas)',
    () => {
      fc.assert(
        fc.property(PEQUENAS, (entrada) => {
          const resultado = executarRodizio(entrada);
          expect(violacoes(entrada, paresDe(resultado.engajamentos))).toEqual([]);
        }),
        { numRuns: 4000 },
      );
    },
    LIMITE_MS,
  );

  it(
    'estável e dentro das vagas também em chamadas maiores, com disputa longa (300 chamadas)',
    () => {
      fc.assert(
        fc.property(MEDIAS, (entrada) => {
          const resultado = executarRodizio(entrada);
          expect(violacoes(entrada, paresDe(resultado.engajamentos))).toEqual([]);
          expect(resultado.estatisticas.escalados).toBe(resultado.engajamentos.length);
          expect(resultado.estatisticas.propostas).toBeLessThanOrEqual(
            resultado.estatisticas.escolhasValidas,
          );
        }),
        { numRuns: 300 },
      );
    },
    LIMITE_MS,
  );

  it(
    'o mesmo resultado com a entrada em qualquer ordem (2000 chamadas)',
    () => {
      fc.assert(
        fc.property(PEQUENAS, fc.integer(), (entrada, semente) => {
          expect(executarRodizio(embaralhar(entrada, semente))).toEqual(executarRodizio(entrada));
        }),
        { numRuns: 2000 },
      );
    },
    LIMITE_MS,
  );

  it(
    'ótimo para os avulsos: cada um recebe o melhor que obtém em qualquer casamento estável (1500 chamadas)',
    () => {
      fc.assert(
        fc.property(MINUSCULAS, (entrada) => {
          const listas = listasValidas(entrada);
          const meu = obtidas(entrada);
          const estaveis = todosEstaveis(entrada);
          expect(estaveis.length).toBeGreaterThan(0);
          for (const casamento of estaveis) {
            const outro = new Map(casamento.map((p) => [p.codAvulso, p.ofertaId]));
            for (const [codAvulso, lista] of listas) {
              expect(posicaoObtida(lista, meu.get(codAvulso))).toBeLessThanOrEqual(
                posicaoObtida(lista, outro.get(codAvulso)),
              );
            }
          }
        }),
        { numRuns: 1500 },
      );
    },
    LIMITE_MS,
  );

  it(
    'à prova de estratégia: nenhum avulso ganha reordenando ou omitindo escolhas (1000 chamadas)',
    () => {
      fc.assert(
        fc.property(MINUSCULAS, fc.nat(), (entrada, qual) => {
          const listas = listasValidas(entrada);
          const avulso = entrada.avulsos[qual % entrada.avulsos.length];
          if (!avulso) return;
          const verdade = listas.get(avulso.codAvulso) ?? [];
          const honesto = posicaoObtida(verdade, obtidas(entrada).get(avulso.codAvulso));
          const minhas = entrada.escolhas.filter((e) => e.codAvulso === avulso.codAvulso);
          const outras = entrada.escolhas.filter((e) => e.codAvulso !== avulso.codAvulso);
          for (const relato of ordensParciais(minhas)) {
            const mentira: EntradaRodizio = { ...entrada, escolhas: [...outras, ...relato] };
            const obtida = obtidas(mentira).get(avulso.codAvulso);
            expect(posicaoObtida(verdade, obtida)).toBeGreaterThanOrEqual(honesto);
          }
        }),
        { numRuns: 1000 },
      );
    },
    LIMITE_MS,
  );

  it(
    'ponteiros: cada lista da função vai ao último escalado na ordem do rodízio, ou fica (3000 chamadas)',
    () => {
      fc.assert(
        fc.property(PEQUENAS, (entrada) => {
          const resultado = executarRodizio(entrada);
          const ordens = ordensPorFuncao(entrada);
          const artigo = new Map(entrada.avulsos.map((a) => [a.codAvulso, a]));
          for (const p of resultado.ponteiros) {
            const inicial = entrada.ponteiros.find((x) => x.codFuncao === p.codFuncao);
            const ordem = ordens.get(p.codFuncao) ?? [];
            for (const [lista, art] of [
              ['registro', 55],
              ['cadastro', 54],
            ] as const) {
              const escalados = resultado.engajamentos
                .filter((e) => e.codFuncao === p.codFuncao && artigo.get(e.codAvulso)?.artigo === art)
                .sort((a, b) => ordem.indexOf(a.codAvulso) - ordem.indexOf(b.codAvulso));
              const ultimo = escalados.at(-1);
              expect(p[lista].inicial).toBe(inicial?.[lista] ?? null);
              expect(p[lista].final).toBe(ultimo ? ultimo.numChamada : (inicial?.[lista] ?? null));
            }
            expect(p.alcancouCadastro).toBe(
              resultado.engajamentos.some(
                (e) => e.codFuncao === p.codFuncao && artigo.get(e.codAvulso)?.artigo === 54,
              ),
            );
          }
        }),
        { numRuns: 3000 },
      );
    },
    LIMITE_MS,
  );

  it(
    'auditoria: cada avulso que escolheu tem uma decisão, e cada "preenchida" nomeia alguém à frente dele (3000 chamadas)',
    () => {
      fc.assert(
        fc.property(PEQUENAS, (entrada) => {
          const resultado = executarRodizio(entrada);
          const ordens = ordensPorFuncao(entrada);
          const ofertaPorId = new Map(entrada.ofertas.map((o) => [o.id, o]));
          const escolheram = new Set(entrada.escolhas.map((e) => e.codAvulso));
          expect(resultado.decisoes.map((d) => d.codAvulso)).toEqual([...escolheram].sort());
          const engajamento = new Map(resultado.engajamentos.map((e) => [e.codAvulso, e]));
          for (const d of resultado.decisoes) {
            const e = engajamento.get(d.codAvulso);
            expect(d.resultado).toBe(e ? 'escalado' : 'nao-escalado');
            expect(d.ofertaId).toBe(e?.ofertaId ?? null);
            expect(d.ordem).toBe(e?.ordem ?? null);
            expect(d.escolhas.filter((x) => x.situacao === 'escalado').map((x) => x.ofertaId)).toEqual(
              e ? [e.ofertaId] : [],
            );
            for (const x of d.escolhas) {
              if (x.situacao !== 'preenchida') continue;
              const oferta = ofertaPorId.get(x.ofertaId);
              const ordem = ordens.get(oferta?.codFuncao ?? 0) ?? [];
              const ali = resultado.engajamentos.filter((y) => y.ofertaId === x.ofertaId);
              expect(ali).toHaveLength(oferta?.capacidade ?? -1);
              const ultimo = ali
                .sort((a, b) => ordem.indexOf(a.codAvulso) - ordem.indexOf(b.codAvulso))
                .at(-1);
              expect(x.ultimoEscalado).toBe(ultimo?.numChamada);
              expect(ordem.indexOf(ultimo?.codAvulso ?? '')).toBeLessThan(ordem.indexOf(d.codAvulso));
            }
          }
        }),
        { numRuns: 3000 },
      );
    },
    LIMITE_MS,
  );
});

/**
 * Every list a worker could report instead: every ordered selection of their choices (without repetition),
 * with times and preferences rewritten so the engine reads them in exactly that order.
 */
function ordensParciais(minhas: readonly EscolhaRodizio[]): EscolhaRodizio[][] {
  const saida: EscolhaRodizio[][] = [];
  const base = Date.parse('2026-11-23T12:00:00.000Z');
  const visitar = (atual: EscolhaRodizio[], resto: readonly EscolhaRodizio[]) => {
    saida.push(
      atual.map((e, k) => ({
        ...e,
        preferencia: k + 1,
        horaDigitacao: new Date(base + k * 1000).toISOString(),
      })),
    );
    resto.forEach((e, i) => {
      visitar([...atual, e], [...resto.slice(0, i), ...resto.slice(i + 1)]);
    });
  };
  visitar([], minhas);
  return saida;
}
