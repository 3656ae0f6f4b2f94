import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Escolha } from '#common/api/escalacao.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dialetoTeste } from '../../test/ambiente.ts';
import {
  carregar,
  contarEscolhas,
  escolha,
  escolhasNoBanco,
  type OfertaNaEscala,
  ofertasDe,
} from './apoio-teste.ts';
import type { AvisoEscalacao } from './avisos.ts';
import { rotasEscalacao } from './rotas.ts';

/** app.escalacao: the interface the back office and the live stream use (docs/decisions/0100). */

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

const fecharEscala = (n: number) =>
  amb.app.escalacao.alterarEstado(n, (trx) =>
    trx.updateTable('escala').set({ aberta: 0 }).where('num_escalacao', '=', n).execute(),
  );
const abrirEscala = (n: number) =>
  amb.app.escalacao.alterarEstado(n, (trx) =>
    trx.updateTable('escala').set({ aberta: 1 }).where('num_escalacao', '=', n).execute(),
  );

async function livres(c: ClienteTeste, categoria: number): Promise<OfertaNaEscala[]> {
  return ofertasDe(await carregar(c), categoria).filter(
    (o) => o.funcao.habilitado && o.funcao.comDescanso && !o.funcao.escolhida,
  );
}

function postar(c: ClienteTeste, categoria: number, escolhas: Escolha[]) {
  return c.post('/api/vagas', { numEscalacao: 4521, categoria, escolhas });
}

describe('app.escalacao: avisos, contagens e escala aberta', () => {
  it('um post que muda algo é anunciado e muda as contagens; um que não muda nada não é', async () => {
    const avisos: AvisoEscalacao[] = [];
    const sair = amb.app.escalacao.assinar((a) => avisos.push(a));
    const c = await amb.logado('100001');
    const [o] = await livres(c, 1);
    if (!o) throw new Error('sem oferta livre');
    const antes = await amb.app.escalacao.contagens(4521, 1);
    const qtdAntes = antes.find((x) => x.seqCategoria === o.funcao.seqCategoria)?.qtdEscolhas;
    expect(qtdAntes).toBeDefined();
    expect(antes.length).toBe(ofertasDe(await carregar(c), 1).length);

    expect((await postar(c, 1, [escolha(o, true)])).status).toBe(200);
    expect(avisos).toEqual([
      {
        tipo: 'escolhas',
        numEscalacao: 4521,
        codCategoria: 1,
        codAvulso: '100001',
        seqCategorias: [o.funcao.seqCategoria],
        confirmados: {
          avulso: expect.objectContaining({ codAvulso: '100001' }),
          horaMax: expect.any(String),
        },
        contagens: { marca: expect.stringMatching(/^\d+$/), deltas: [[o.funcao.seqCategoria, 1]] },
        origem: 'local',
      },
    ]);
    const depois = await amb.app.escalacao.contagens(4521, 1);
    expect(depois.find((x) => x.seqCategoria === o.funcao.seqCategoria)).toEqual({
      seqCategoria: o.funcao.seqCategoria,
      numVagas: o.funcao.numVagas,
      qtdEscolhas: (qtdAntes ?? 0) + 1,
    });

    // The same post again changes nothing: no notice.
    expect((await postar(c, 1, [escolha(o, true)])).status).toBe(200);
    expect(avisos).toHaveLength(1);

    sair();
    expect((await postar(c, 1, [escolha(o, false)])).status).toBe(200);
    expect(avisos).toHaveLength(1);
    expect(
      (await amb.app.escalacao.contagens(4521, 1)).find((x) => x.seqCategoria === o.funcao.seqCategoria)
        ?.qtdEscolhas,
    ).toBe(qtdAntes);
  });

  it('uma leitura das contagens diz quais posts já conta: os de antes sim, os de depois não (decisão 0173)', async () => {
    const avisos: AvisoEscalacao[] = [];
    const sair = amb.app.escalacao.assinar((a) => avisos.push(a));
    try {
      const c = await amb.logado('100001');
      const [o, p] = await livres(c, 1);
      if (!o || !p) throw new Error('sem ofertas livres');
      expect((await postar(c, 1, [escolha(o, true)])).status).toBe(200);
      const lida = await amb.app.escalacao.contagensComMarca(4521, 1);
      // Chooses p and clears o in one post: +1 and -1.
      expect((await postar(c, 1, [escolha(p, true), escolha(o, false)])).status).toBe(200);
      const depois = await amb.app.escalacao.contagensComMarca(4521, 1);
      const [primeiro, segundo] = avisos.map((a) => (a.tipo === 'escolhas' ? a.contagens : undefined));
      if (!primeiro || !segundo) throw new Error('avisos sem as mudanças das contagens');
      expect(segundo.deltas).toEqual(
        expect.arrayContaining([
          [p.funcao.seqCategoria, 1],
          [o.funcao.seqCategoria, -1],
        ]),
      );
      expect(segundo.deltas).toHaveLength(2);
      expect(lida.inclui(primeiro.marca)).toBe(true);
      expect(lida.inclui(segundo.marca)).toBe(false);
      expect(depois.inclui(segundo.marca)).toBe(true);
      // The read plus the second post's changes is the later read.
      const qtd = (l: typeof lida, seq: number) => l.ofertas.find((x) => x.seqCategoria === seq)?.qtdEscolhas;
      for (const [seq, delta] of segundo.deltas) expect(qtd(depois, seq)).toBe((qtd(lida, seq) ?? 0) + delta);
    } finally {
      sair();
    }
  });

  it('um ouvinte que falha não derruba o post nem os outros ouvintes', async () => {
    const recebidos: string[] = [];
    const sairA = amb.app.escalacao.assinar(() => {
      throw new Error('falha de propósito');
    });
    const sairB = amb.app.escalacao.assinar((a) => recebidos.push(a.tipo));
    try {
      amb.app.escalacao.invalidar(4521);
      expect(recebidos).toEqual(['escala']);
    } finally {
      sairA();
      sairB();
    }
  });

  it('fechar pelo módulo vale na hora: escala aberta, GET e POST já veem o novo estado', async () => {
    const avisos: AvisoEscalacao[] = [];
    const sair = amb.app.escalacao.assinar((a) => avisos.push(a));
    const c = await amb.logado('100006');
    const [o] = await livres(c, 1);
    if (!o) throw new Error('sem oferta livre');
    expect(await amb.app.escalacao.escalaAberta()).toMatchObject({ numEscalacao: 4521 });
    try {
      await fecharEscala(4521);
      expect(avisos).toContainEqual({
        tipo: 'escala',
        numEscalacao: 4521,
        motivo: 'estado',
        origem: 'local',
      });
      // No waiting out a cache period (the app's clock did not move).
      expect(await amb.app.escalacao.escalaAberta()).not.toMatchObject({ numEscalacao: 4521 });
      const get = await c.get('/api/vagas', { numEscalacao: '4521' });
      expect(get.corpo.codigoErro).toBe('EscalaFechada');
      const post = await postar(c, 1, [escolha(o, true)]);
      expect(post.status).toBe(409);
      expect(post.corpo.codigoErro).toBe('EscalaFechada');
      expect((await escolhasNoBanco(amb.db, '100006')).map((e) => e.seq_categoria)).not.toContain(
        o.funcao.seqCategoria,
      );
    } finally {
      await abrirEscala(4521);
      sair();
    }
    expect(await amb.app.escalacao.escalaAberta()).toMatchObject({ numEscalacao: 4521 });
  });
});

describe('app.escalacao.alterarEstado: fechar com posts em andamento', () => {
  it('cada post está inteiro antes do fechamento (gravado) ou depois (EscalaFechada, nada gravado)', async () => {
    const a2 = await criarAmbiente();
    try {
      const trabalhadores = await Promise.all(
        (
          [
            ['100001', 1],
            ['100006', 1],
            ['100008', 1],
            ['100002', 2],
          ] as const
        ).map(async ([codAvulso, categoria]) => {
          const c = await a2.logado(codAvulso);
          const ofertas = ofertasDe(await carregar(c), categoria)
            .filter((o) => o.funcao.habilitado && o.funcao.comDescanso && !o.funcao.escolhida)
            .slice(0, 4);
          return { codAvulso, categoria, c, ofertas };
        }),
      );
      const antes = await contarEscolhas(a2.db);
      // Every offer in a post of its own, all in flight at once; the close starts once the first is answered.
      const posts = trabalhadores.flatMap(({ codAvulso, categoria, c, ofertas }) =>
        ofertas.map((o) => ({
          codAvulso,
          seq: o.funcao.seqCategoria,
          resposta: c.post('/api/vagas', { numEscalacao: 4521, categoria, escolhas: [escolha(o, true)] }),
        })),
      );
      expect(posts.length).toBeGreaterThanOrEqual(8);
      await Promise.race(posts.map((p) => p.resposta));
      await a2.app.escalacao.alterarEstado(4521, (trx) =>
        trx.updateTable('escala').set({ aberta: 0 }).where('num_escalacao', '=', 4521).execute(),
      );
      const respostas = await Promise.all(posts.map((p) => p.resposta));
      let gravadas = 0;
      for (const [i, r] of respostas.entries()) {
        const { codAvulso, seq } = posts[i] as (typeof posts)[number];
        const noBanco = (await escolhasNoBanco(a2.db, codAvulso)).map((e) => e.seq_categoria);
        if (r.status === 200) {
          gravadas++;
          expect(noBanco).toContain(seq);
        } else {
          expect([r.status, r.corpo.codigoErro]).toEqual([409, 'EscalaFechada']);
          expect(noBanco).not.toContain(seq);
        }
      }
      expect(gravadas).toBeGreaterThanOrEqual(1);
      expect(await contarEscolhas(a2.db)).toBe(antes + gravadas);

      // After the close, every post is refused and nothing is written.
      const depois = await Promise.all(
        trabalhadores.map(({ c, categoria, ofertas }) =>
          c.post('/api/vagas', {
            numEscalacao: 4521,
            categoria,
            escolhas: ofertas.slice(0, 1).map((o) => escolha(o, false)),
          }),
        ),
      );
      expect(depois.map((r) => r.corpo.codigoErro)).toEqual(depois.map(() => 'EscalaFechada'));
      expect(await contarEscolhas(a2.db)).toBe(antes + gravadas);
    } finally {
      await a2.fechar();
    }
  });

  it('PostgreSQL: um post que lê a escala enquanto o fechamento não terminou espera e recebe EscalaFechada', async () => {
    if (dialetoTeste() !== 'postgres') return;
    const c = await amb.logado('100008');
    const [o] = await livres(c, 1);
    if (!o) throw new Error('sem oferta livre');
    const antes = await contarEscolhas(amb.db);
    let post: Promise<{ status: number; corpo: { codigoErro?: string } }> | undefined;
    // A close done by hand, held open: the call's row is locked FOR UPDATE and already says closed.
    await amb.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('escala')
        .select('num_escalacao')
        .where('num_escalacao', '=', 4521)
        .forUpdate()
        .execute();
      await trx.updateTable('escala').set({ aberta: 0 }).where('num_escalacao', '=', 4521).execute();
      post = postar(c, 1, [escolha(o, true)]);
      let respondido = false;
      void post.finally(() => {
        respondido = true;
      });
      // The post waits for the call's row (FOR SHARE in escolher_ofertas) until this transaction ends; had it
      // not waited, it is answered meanwhile and the assertions below fail.
      while (!respondido) {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query like '%escolher_ofertas%'`.execute(amb.db);
        if ((rows[0]?.n ?? 0) > 0) break;
        await new Promise((r) => setImmediate(r));
      }
    });
    try {
      const r = await post;
      expect(r?.status).toBe(409);
      expect(r?.corpo.codigoErro).toBe('EscalaFechada');
      expect(await contarEscolhas(amb.db)).toBe(antes);
    } finally {
      await abrirEscala(4521);
    }
  });
});

describe('plugin escalacao', () => {
  it('as rotas da escalação declaram que dependem do módulo', async () => {
    const app = Fastify({ logger: false });
    await expect(app.register(rotasEscalacao).ready()).rejects.toThrow(/escalacao/);
  });
});
