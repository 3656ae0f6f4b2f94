import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Intervalo, temDescanso } from '#common/descanso.ts';
import { limitesTurno } from '#common/tempo.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { executarRodizio } from '../rodizio/motor.ts';
import { estadoAposPublicar } from '../rodizio/ponteiros.ts';
import type { EntradaRodizio, PonteiroFuncao, ResultadoRodizio } from '../rodizio/tipos.ts';
import {
  apurar,
  chamadaFechada,
  diaDaqui,
  escolher,
  estivadores,
  publicar,
  requisicao,
} from './apoio-entre-chamadas.ts';

/**
 * Publishing is safe in any order (issue 27; docs/decisions/0211), as a property checked against a model on
 * SQLite and PostgreSQL (TEST_DB): random calls (shifts that overlap or leave less than 11 h between them, two
 * functions, a few workers choosing at random), then rotations and publications in random order, reruns
 * included. The model is the engine (already checked against brute force) fed by its own bookkeeping of
 * published jobs, rotated results and pointers, and the rule: a publication goes through exactly when the
 * pointers and the engagements its result was computed from are still the current ones. After every step the
 * database must agree with the model (engagements, refusals, jobs, pointers), and no worker ever holds two jobs
 * without the rest between them.
 */

let amb: AmbienteTeste;
let w: { cod: string; num: number }[];
let rodada = 0;

beforeAll(async () => {
  amb = await criarAmbiente();
  w = await estivadores(amb, 5);
});
afterAll(async () => {
  await amb.fechar();
});

const FUNCOES = [101, 103] as const;
/** The shifts a run draws from: three of one day and the next morning (overlaps and short rests happen). */
const TURNOS = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 1],
] as const;

interface ChamadaGerada {
  requisicoes: { turno: number; funcoes: [number, number][] }[];
  /** Per worker: indexes of the call's offers, best first. */
  escolhas: number[][];
}

const chamadaGerada: fc.Arbitrary<ChamadaGerada> = fc
  .array(
    fc.record({
      turno: fc.integer({ min: 0, max: TURNOS.length - 1 }),
      funcoes: fc.uniqueArray(fc.tuple(fc.constantFrom(...FUNCOES), fc.integer({ min: 1, max: 2 })), {
        minLength: 1,
        maxLength: 2,
        selector: (f) => f[0],
      }),
    }),
    { minLength: 1, maxLength: 2 },
  )
  .chain((requisicoes) => {
    const nOfertas = requisicoes.reduce((s, r) => s + r.funcoes.length, 0);
    const indices = Array.from({ length: nOfertas }, (_, i) => i);
    return fc
      .array(fc.shuffledSubarray(indices), { minLength: 5, maxLength: 5 })
      .map((escolhas) => ({ requisicoes, escolhas }));
  });

const passos = (n: number) =>
  fc.array(
    fc.record({
      tipo: fc.constantFrom<'apurar' | 'publicar'>('apurar', 'apurar', 'publicar'),
      chamada: fc.integer({ min: 0, max: n - 1 }),
    }),
    { minLength: 4, maxLength: 12 },
  );

interface Apurada {
  resultado: ResultadoRodizio;
  /** The pointers and the engagements it was computed from. */
  ponteiros: string;
  base: string;
}

interface ChamadaReal {
  num: number;
  ofertas: { seq: number; codFuncao: number; turno: Intervalo; capacidade: number }[];
  escolhas: Map<string, number[]>;
  situacao: 'fechada' | 'apurada' | 'publicada';
}

async function ponteirosNoBanco(): Promise<Map<number, PonteiroFuncao>> {
  const linhas = await amb.db
    .selectFrom('ponteiro_rodizio')
    .selectAll()
    .where('cod_funcao', 'in', [...FUNCOES])
    .execute();
  return new Map(
    linhas.map((p) => [
      p.cod_funcao,
      {
        codFuncao: p.cod_funcao,
        registro: p.registro,
        cadastro: p.cadastro,
        registroAvulso: p.registro_avulso,
        cadastroAvulso: p.cadastro_avulso,
      },
    ]),
  );
}

describe('publicação em qualquer ordem, contra um modelo', () => {
  it('chamadas, rodízios e publicações ao acaso: o banco faz o que o modelo diz e ninguém fica sem descanso', async () => {
    const horas = amb.config.horasDescanso;
    await fc.assert(
      fc.asyncProperty(
        fc
          .array(chamadaGerada, { minLength: 2, maxLength: 3 })
          .chain((cs) => fc.tuple(fc.constant(cs), passos(cs.length))),
        async ([geradas, sequencia]) => {
          const dia0 = diaDaqui(amb, 60 + 4 * rodada++);
          const dias = [dia0, diaDaqui(amb, 61 + 4 * (rodada - 1))];
          const chamadas: ChamadaReal[] = [];
          for (const g of geradas) {
            const reqs = g.requisicoes.map((r) => {
              const [d, periodo] = TURNOS[r.turno] ?? [0, 1];
              return requisicao(dias[d] ?? dia0, periodo, r.funcoes);
            });
            const c = await chamadaFechada(amb, reqs);
            const capacidades = g.requisicoes.flatMap((r) => r.funcoes.map(([, v]) => v));
            const turnos = g.requisicoes.flatMap((r) => {
              const [d, periodo] = TURNOS[r.turno] ?? [0, 1];
              const q = requisicao(dias[d] ?? dia0, periodo, r.funcoes);
              const t = limitesTurno(q.dataOperacao, q.horaInicio, q.horaFim, amb.config.fusoHorario);
              return r.funcoes.map(() => ({ inicio: t.inicio.getTime(), fim: t.fim.getTime() }));
            });
            const ofertas = c.ofertas.map((o, i) => ({
              ...o,
              turno: turnos[i] as Intervalo,
              capacidade: capacidades[i] ?? 1,
            }));
            const escolhas = new Map<string, number[]>();
            for (const [k, avulso] of w.entries()) {
              const minhas = (g.escolhas[k] ?? []).map((i) => ofertas[i]).filter((o) => o !== undefined);
              await escolher(amb, c.num, avulso.cod, minhas);
              escolhas.set(
                avulso.cod,
                minhas.map((o) => o.seq),
              );
            }
            chamadas.push({ num: c.num, ofertas, escolhas, situacao: 'fechada' });
          }

          // The model's world.
          const publicados = new Map<string, Intervalo[]>();
          const apuradas = new Map<number, Apurada>();
          const ponteiros = await ponteirosNoBanco();
          const turnoDe = new Map(chamadas.flatMap((c) => c.ofertas.map((o) => [o.seq, o.turno] as const)));

          /** Engagements of the call's choosers near its shifts: published, or rotated in another call. */
          const engajamentosPara = (c: ChamadaReal) => {
            const inicio = Math.min(...c.ofertas.map((o) => o.turno.inicio)) - horas * 3_600_000;
            const fim = Math.max(...c.ofertas.map((o) => o.turno.fim)) + horas * 3_600_000;
            const por = new Map<string, Intervalo[]>();
            const somar = (cod: string, t: Intervalo) => {
              if (!(t.fim > inicio && t.inicio < fim)) return;
              const l = por.get(cod) ?? [];
              if (!l.some((x) => x.inicio === t.inicio && x.fim === t.fim)) l.push(t);
              por.set(cod, l);
            };
            for (const [cod] of c.escolhas) {
              if ((c.escolhas.get(cod) ?? []).length === 0) continue;
              for (const t of publicados.get(cod) ?? []) somar(cod, t);
              for (const [num, a] of apuradas) {
                if (num === c.num) continue;
                for (const e of a.resultado.engajamentos)
                  if (e.codAvulso === cod) somar(cod, turnoDe.get(e.ofertaId) as Intervalo);
              }
            }
            return por;
          };
          const chaveBase = (por: Map<string, Intervalo[]>) =>
            [...por]
              .flatMap(([cod, l]) => l.map((t) => `${cod}|${t.inicio}|${t.fim}`))
              .sort()
              .join(',');
          const chavePonteiros = (c: ChamadaReal) =>
            JSON.stringify(
              [...new Set(c.ofertas.map((o) => o.codFuncao))].sort().map((f) => ponteiros.get(f) ?? null),
            );

          for (const passo of sequencia) {
            const c = chamadas[passo.chamada] as ChamadaReal;
            if (passo.tipo === 'apurar') {
              const real = await apurar(amb, c.num).then(
                () => 'ok',
                (e: { codigoErro?: string }) => e.codigoErro ?? 'erro',
              );
              if (c.situacao === 'publicada') {
                expect(real).toBe('SituacaoEscalaInvalida');
                continue;
              }
              expect(real).toBe('ok');
              const eng = engajamentosPara(c);
              const entrada: EntradaRodizio = {
                ofertas: c.ofertas.map((o) => ({
                  id: o.seq,
                  codFuncao: o.codFuncao,
                  codCategoria: 1,
                  capacidade: o.capacidade,
                  descricao: '',
                })),
                avulsos: w
                  .filter((a) => (c.escolhas.get(a.cod) ?? []).length > 0)
                  .map((a) => ({
                    codAvulso: a.cod,
                    numChamada: a.num,
                    artigo: 55 as const,
                    impedido: false,
                  })),
                escolhas: [...c.escolhas].flatMap(([cod, seqs]) =>
                  seqs.map((seq, i) => ({
                    codAvulso: cod,
                    ofertaId: seq,
                    preferencia: i + 1,
                    horaDigitacao: '2026-11-23T10:00:00.000Z',
                    habilitado: true,
                    comDescanso: temDescanso(turnoDe.get(seq) as Intervalo, eng.get(cod) ?? [], horas),
                  })),
                ),
                ponteiros: [...ponteiros.values()],
              };
              const resultado = executarRodizio(entrada);
              apuradas.set(c.num, { resultado, ponteiros: chavePonteiros(c), base: chaveBase(eng) });
              c.situacao = 'apurada';
              const noBanco = await amb.db
                .selectFrom('escala_engajamento')
                .select(['cod_avulso', 'seq_categoria'])
                .where('num_escalacao', '=', c.num)
                .execute();
              expect(new Set(noBanco.map((l) => `${l.cod_avulso}@${l.seq_categoria}`))).toEqual(
                new Set(resultado.engajamentos.map((e) => `${e.codAvulso}@${e.ofertaId}`)),
              );
            } else {
              const real = await publicar(amb, c.num).then(
                () => 'ok',
                (e: { codigoErro?: string }) => e.codigoErro ?? 'erro',
              );
              const a = apuradas.get(c.num);
              if (c.situacao !== 'apurada' || !a) {
                expect(real).toBe('SituacaoEscalaInvalida');
                continue;
              }
              const atual = a.ponteiros === chavePonteiros(c) && a.base === chaveBase(engajamentosPara(c));
              expect(real).toBe(atual ? 'ok' : 'RodizioDesatualizado');
              if (!atual) continue;
              for (const e of a.resultado.engajamentos) {
                publicados.set(e.codAvulso, [
                  ...(publicados.get(e.codAvulso) ?? []),
                  turnoDe.get(e.ofertaId) as Intervalo,
                ]);
              }
              for (const p of estadoAposPublicar(a.resultado.ponteiros)) {
                ponteiros.set(p.codFuncao, {
                  codFuncao: p.codFuncao,
                  registro: p.registro,
                  cadastro: p.cadastro,
                  registroAvulso: p.registroAvulso,
                  cadastroAvulso: p.cadastroAvulso,
                });
              }
              apuradas.delete(c.num);
              c.situacao = 'publicada';
              const jobs = await amb.db
                .selectFrom('trabalho')
                .select(['cod_avulso', 'inicio'])
                .where('num_escalacao', '=', c.num)
                .execute();
              expect(jobs.length).toBe(a.resultado.engajamentos.length);
              expect(await ponteirosNoBanco()).toEqual(ponteiros);
            }
          }

          // Never two jobs without the rest between them, whatever the order.
          for (const [, jobs] of publicados) {
            jobs.forEach((j, i) => {
              expect(temDescanso(j, [...jobs.slice(0, i), ...jobs.slice(i + 1)], horas)).toBe(true);
            });
          }
        },
      ),
      { numRuns: 15, endOnFailure: true },
    );
  }, 600_000);
});
