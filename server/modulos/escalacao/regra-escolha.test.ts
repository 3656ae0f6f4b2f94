import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEscalacao } from '#common/api/escalacao.ts';
import { limitesTurno } from '#common/tempo.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { carregar, escolha, FAINA_TESTE, inserirTrabalho, ofertasDe } from './apoio-teste.ts';

/**
 * The choice rule lives twice: in TypeScript for SQLite (escolhas.ts: the call's row read in the write unit,
 * `temDescanso`, preferences numbered in `aplicarEscolhas`) and in PL/pgSQL for PostgreSQL (escolher_ofertas).
 * One table of cases, run through POST /api/vagas on whichever database the run uses (TEST_DB): both must
 * give every case the same answer. The call is closed behind the cache's back (a direct UPDATE), so the
 * writer itself, not the cached quick check, decides.
 */

const H = 3_600_000;
const ESCALA = 4521;
/** A worker of category 2 (Conferente) and, configured as a test user, one of category 1. */
const COMUM = '100002';
const TESTE = '100006';

type Nome = 'A' | 'B' | 'C' | 'D';
type Turnos = Record<Nome, { inicio: number; fim: number }>;

interface Caso {
  regra: string;
  quem?: 'comum' | 'teste';
  /** Offers chosen beforehand, one post each, in this order, while the call is open. */
  antes?: Nome[];
  /** An engagement of the worker, placed around the offers' shifts (epoch ms). */
  trabalho?: (t: Turnos) => [number, number];
  fechada?: boolean;
  post: [Nome, boolean][];
  espera:
    | { situacao: 'ok'; preferencias: Partial<Record<Nome, number>> }
    | { situacao: 'EscalaFechada' }
    | { situacao: 'SemDescanso'; oferta: Nome };
}

const CASOS: Caso[] = [
  {
    regra: 'escala aberta, oferta livre: aceita, preferência 1',
    post: [['A', true]],
    espera: { situacao: 'ok', preferencias: { A: 1 } },
  },
  {
    regra: 'duas ofertas num post: preferências na ordem do post',
    post: [
      ['C', true],
      ['A', true],
    ],
    espera: { situacao: 'ok', preferencias: { C: 1, A: 2 } },
  },
  {
    regra: 'limpar deixa lacuna: as outras mantêm a preferência',
    antes: ['A', 'C', 'D'],
    post: [['A', false]],
    espera: { situacao: 'ok', preferencias: { C: 2, D: 3 } },
  },
  {
    regra: 'limpa primeiro, depois numera a nova após a maior que sobrou',
    antes: ['A', 'C'],
    post: [
      ['C', false],
      ['D', true],
    ],
    espera: { situacao: 'ok', preferencias: { A: 1, D: 2 } },
  },
  {
    regra: 'escolher de novo uma oferta já escolhida não muda nada',
    antes: ['A', 'C'],
    post: [['A', true]],
    espera: { situacao: 'ok', preferencias: { A: 1, C: 2 } },
  },
  {
    regra: 'escala fechada: EscalaFechada, nada muda',
    fechada: true,
    post: [['A', true]],
    espera: { situacao: 'EscalaFechada' },
  },
  {
    regra: 'escala fechada: limpar também é recusado',
    antes: ['A'],
    fechada: true,
    post: [['A', false]],
    espera: { situacao: 'EscalaFechada' },
  },
  {
    regra: 'usuário de teste escolhe numa escala fechada',
    quem: 'teste',
    fechada: true,
    post: [['A', true]],
    espera: { situacao: 'ok', preferencias: { A: 1 } },
  },
  {
    regra: 'descanso de exatamente 11 h: aceita',
    trabalho: ({ A }) => [A.inicio - 17 * H, A.inicio - 11 * H],
    post: [['A', true]],
    espera: { situacao: 'ok', preferencias: { A: 1 } },
  },
  {
    regra: '11 h menos um minuto de descanso: SemDescanso',
    trabalho: ({ A }) => [A.inicio - 17 * H, A.inicio - 11 * H + 60_000],
    post: [['A', true]],
    espera: { situacao: 'SemDescanso', oferta: 'A' },
  },
  {
    regra: 'trabalho que termina no início do turno: SemDescanso',
    trabalho: ({ A }) => [A.inicio - 6 * H, A.inicio],
    post: [['A', true]],
    espera: { situacao: 'SemDescanso', oferta: 'A' },
  },
  {
    regra: 'trabalho dentro do turno: SemDescanso',
    trabalho: ({ A }) => [A.inicio + H, A.inicio + 2 * H],
    post: [['A', true]],
    espera: { situacao: 'SemDescanso', oferta: 'A' },
  },
  {
    regra:
      'trabalho que começa 11 horas depois do fim do turno: descansado (a regra olha para os dois lados)',
    trabalho: ({ A }) => [A.fim + 11 * H, A.fim + 17 * H],
    post: [['A', true]],
    espera: { situacao: 'ok', preferencias: { A: 1 } },
  },
  {
    regra:
      'trabalho que começa menos de 11 horas depois do fim do turno: sem descanso (Lei 9.719/1998, art. 8)',
    trabalho: ({ A }) => [A.fim + 11 * H - 60_000, A.fim + 17 * H],
    post: [['A', true]],
    espera: { situacao: 'SemDescanso', oferta: 'A' },
  },
  {
    regra: 'limpar é sempre permitido, descansado ou não',
    antes: ['A'],
    trabalho: ({ A }) => [A.inicio + H, A.inicio + 2 * H],
    post: [['A', false]],
    espera: { situacao: 'ok', preferencias: {} },
  },
  {
    regra: 'tudo ou nada: a segunda oferta sem descanso recusa o post inteiro',
    // Within 11 h after B's end, but 16 h or more after A's.
    trabalho: ({ B }) => [B.fim + 10 * H, B.fim + 10 * H + 60_000],
    post: [
      ['A', true],
      ['B', true],
    ],
    espera: { situacao: 'SemDescanso', oferta: 'B' },
  },
  {
    regra: 'várias sem descanso: aponta a primeira na ordem do post',
    trabalho: ({ A, B }) => [A.inicio - H, B.fim],
    post: [
      ['B', true],
      ['A', true],
    ],
    espera: { situacao: 'SemDescanso', oferta: 'B' },
  },
];

let amb: AmbienteTeste;
const clientes = new Map<string, ClienteTeste>();
const ofertas = new Map<string, Record<Nome, ReturnType<typeof ofertasDe>[number]>>();

/** A: the earliest free offer; B: the first starting at or after A's end; C, D: two more. */
async function prepararTrabalhador(codAvulso: string): Promise<void> {
  const c = await amb.logado(codAvulso);
  const escala = await carregar(c, ESCALA);
  const livres = ofertasDe(escala).filter((o) => o.funcao.habilitado && o.funcao.comDescanso);
  const turno = (o: (typeof livres)[number]) =>
    limitesTurno(
      o.requisicao.dataOperacao,
      o.requisicao.horaInicio,
      o.requisicao.horaFim,
      amb.config.fusoHorario,
    );
  const ordenadas = [...livres].sort((x, y) => turno(x).inicio.getTime() - turno(y).inicio.getTime());
  const A = ordenadas[0];
  const B = A && ordenadas.find((o) => turno(o).inicio.getTime() >= turno(A).fim.getTime());
  const [C, D] = ordenadas.filter((o) => o !== A && o !== B);
  if (!A || !B || !C || !D) throw new Error(`${codAvulso}: ofertas livres insuficientes para a tabela`);
  clientes.set(codAvulso, c);
  ofertas.set(codAvulso, { A, B, C, D });
}

beforeAll(async () => {
  amb = await criarAmbiente({ usuariosTeste: ['900001', TESTE] });
  await prepararTrabalhador(COMUM);
  await prepararTrabalhador(TESTE);
});
afterAll(async () => {
  await amb.fechar();
});

async function escolhasPorSeq(codAvulso: string): Promise<Map<number, number>> {
  const linhas = await amb.db
    .selectFrom('escolha')
    .select(['seq_categoria', 'preferencia'])
    .where('cod_avulso', '=', codAvulso)
    .where('num_escalacao', '=', ESCALA)
    .execute();
  return new Map(linhas.map((l) => [l.seq_categoria, l.preferencia]));
}

const abrir = (aberta: 0 | 1) =>
  amb.db.updateTable('escala').set({ aberta }).where('num_escalacao', '=', ESCALA).execute();

describe('a regra de escolha, uma tabela nos dois bancos', () => {
  it.each(CASOS)('$regra', async (caso) => {
    const codAvulso = caso.quem === 'teste' ? TESTE : COMUM;
    const c = clientes.get(codAvulso) as ClienteTeste;
    const porNome = ofertas.get(codAvulso) as Record<Nome, ReturnType<typeof ofertasDe>[number]>;
    const categoria = porNome.A.codCategoria;
    const postar = (itens: [Nome, boolean][]) =>
      c.chamar(apiEscalacao.escolher, {
        corpo: {
          numEscalacao: ESCALA,
          categoria,
          escolhas: itens.map(([n, escolhida]) => escolha(porNome[n], escolhida)),
        },
      });
    // A clean slate: no choices, no test engagements, the call open (the cache already says open).
    await amb.db.deleteFrom('escolha').where('cod_avulso', '=', codAvulso).execute();
    await amb.db
      .deleteFrom('trabalho')
      .where('cod_avulso', '=', codAvulso)
      .where('faina', '=', FAINA_TESTE)
      .execute();
    await abrir(1);
    try {
      for (const n of caso.antes ?? []) expect((await postar([[n, true]])).status).toBe(200);
      if (caso.trabalho) {
        const turnos = Object.fromEntries(
          (Object.keys(porNome) as Nome[]).map((n) => {
            const r = porNome[n].requisicao;
            const { inicio, fim } = limitesTurno(
              r.dataOperacao,
              r.horaInicio,
              r.horaFim,
              amb.config.fusoHorario,
            );
            return [n, { inicio: inicio.getTime(), fim: fim.getTime() }];
          }),
        ) as Turnos;
        const [inicio, fim] = caso.trabalho(turnos);
        await inserirTrabalho(amb.db, codAvulso, inicio, fim);
      }
      if (caso.fechada) await abrir(0);
      const antes = await escolhasPorSeq(codAvulso);

      const r = await postar(caso.post);

      const depois = await escolhasPorSeq(codAvulso);
      if (caso.espera.situacao === 'ok') {
        expect(r.status).toBe(200);
        const esperadas = new Map(
          Object.entries(caso.espera.preferencias).map(([n, p]) => [
            porNome[n as Nome].funcao.seqCategoria,
            p,
          ]),
        );
        expect(depois).toEqual(esperadas);
        // The answer shows each posted offer as the database now has it.
        for (const [i, [n]] of caso.post.entries()) {
          const seq = porNome[n].funcao.seqCategoria;
          expect(r.corpo.dados.escolhas[i]).toMatchObject({
            seqCategoria: seq,
            escolhida: esperadas.has(seq),
            preferencia: esperadas.get(seq) ?? null,
          });
        }
      } else {
        expect(r.status).toBe(409);
        expect(r.corpo.codigoErro).toBe(caso.espera.situacao);
        if (caso.espera.situacao === 'SemDescanso') {
          expect(r.corpo.dados).toEqual({ seqCategoria: porNome[caso.espera.oferta].funcao.seqCategoria });
        }
        expect(depois).toEqual(antes);
      }
    } finally {
      await abrir(1);
    }
  });
});
