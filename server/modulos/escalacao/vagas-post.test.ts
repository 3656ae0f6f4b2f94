import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEscalacao, type EscalaCarregada, postVagasResposta } from '#common/api/escalacao.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import { limitesTurno } from '#common/tempo.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dialetoTeste } from '../../test/ambiente.ts';
import type { OfertaNaEscala } from './apoio-teste.ts';
import {
  carregar,
  contarEscolhas,
  escolha,
  escolhasNoBanco,
  FAINA_TESTE,
  inserirTrabalho,
  ofertasDe,
} from './apoio-teste.ts';
import { LotesDeEscolhas } from './escolhas-postgres.ts';

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

const H = 3_600_000;

async function ofertasHabilitadas(codAvulso: string, categoria: number, numEscalacao = 4521) {
  const c = await amb.logado(codAvulso);
  const escala = await carregar(c, numEscalacao);
  const todas = ofertasDe(escala, categoria);
  return {
    c,
    todas,
    livres: todas.filter((o) => o.funcao.habilitado && o.funcao.comDescanso),
  };
}

function pegar<T>(lista: readonly T[], i: number): T {
  const item = lista[i];
  if (item === undefined) throw new Error(`sem o item ${i}`);
  return item;
}

function postar(
  c: Awaited<ReturnType<AmbienteTeste['logado']>>,
  categoria: number,
  ofertas: [OfertaNaEscala, boolean][],
  numEscalacao = 4521,
) {
  return c.chamar(apiEscalacao.escolher, {
    corpo: { numEscalacao, categoria, escolhas: ofertas.map(([o, escolhida]) => escolha(o, escolhida)) },
  });
}

describe('POST /api/vagas: escolher e limpar', () => {
  it('escolhe, numera as preferências, limpa e deixa lacuna; grava a hora do servidor', async () => {
    const { c, livres } = await ofertasHabilitadas('100001', 1);
    expect(livres.length).toBeGreaterThanOrEqual(3);
    const [a, b, d] = [pegar(livres, 0), pegar(livres, 1), pegar(livres, 2)];

    amb.relogio.avancar(60_000);
    const t1 = amb.relogio.now().toISOString();
    const r1 = await postar(c, 1, [[a, true]]);
    expect(r1.status).toBe(200);
    const env = envelopeSucesso(postVagasResposta).parse(r1.corpo);
    expect(env.dados).toMatchObject({ codAvulso: '100001', numEscalacao: 4521, categoria: 1 });
    expect(env.dados.escolhas).toHaveLength(1);
    expect(env.dados.escolhas[0]).toMatchObject({
      seqCategoria: a.funcao.seqCategoria,
      codFuncao: a.funcao.codFuncao,
      nomeFuncao: a.funcao.nomeFuncao,
      numRequisicao: a.requisicao.numRequisicao,
      escolhida: true,
      preferencia: 1,
    });
    expect(env.dados.escolhas[0]?.seqCategoTPA).toBeGreaterThan(0);
    let banco = await escolhasNoBanco(amb.db, '100001');
    expect(banco).toHaveLength(1);
    expect(banco[0]).toMatchObject({
      seq_categoria: a.funcao.seqCategoria,
      preferencia: 1,
      hora_digitacao: t1,
    });
    expect(banco[0]?.id).toBe(env.dados.escolhas[0]?.seqCategoTPA);

    const r2 = await postar(c, 1, [[b, true]]);
    expect(r2.corpo.dados.escolhas[0]).toMatchObject({ escolhida: true, preferencia: 2 });

    const r3 = await postar(c, 1, [[a, false]]);
    expect(r3.corpo.dados.escolhas[0]).toMatchObject({
      escolhida: false,
      preferencia: null,
      seqCategoTPA: 0,
    });

    const r4 = await postar(c, 1, [[d, true]]);
    expect(r4.corpo.dados.escolhas[0]).toMatchObject({ escolhida: true, preferencia: 3 });

    banco = await escolhasNoBanco(amb.db, '100001');
    expect(banco.map((e) => [e.seq_categoria, e.preferencia])).toEqual([
      [b.funcao.seqCategoria, 2],
      [d.funcao.seqCategoria, 3],
    ]);

    // GET shows the state: chosen flags, preferences, seqCategoTPA and the worker's counts.
    const escala = await carregar(c);
    const porSeq = new Map(ofertasDe(escala, 1).map((o) => [o.funcao.seqCategoria, o]));
    expect(porSeq.get(b.funcao.seqCategoria)?.funcao).toMatchObject({ escolhida: true, preferencia: 2 });
    expect(porSeq.get(d.funcao.seqCategoria)?.funcao).toMatchObject({
      escolhida: true,
      preferencia: 3,
      seqCategoTPA: banco[1]?.id,
    });
    expect(porSeq.get(a.funcao.seqCategoria)?.funcao).toMatchObject({ escolhida: false, preferencia: null });
    expect(escala.categorias['1']?.qtdEscolhas).toBe(2);
    const reqB = escala.categorias['1']?.requisicoes.find(
      (r) => r.numRequisicao === b.requisicao.numRequisicao,
    );
    expect(reqB?.qtdEscolhas).toBe(
      [b, d].filter((o) => o.requisicao.numRequisicao === b.requisicao.numRequisicao).length,
    );

    // Clearing everything leaves nothing behind.
    await postar(c, 1, [
      [b, false],
      [d, false],
    ]);
    expect(await escolhasNoBanco(amb.db, '100001')).toHaveLength(0);
  });

  it('o valor de preferência enviado pelo cliente é ignorado: o servidor numera', async () => {
    const { c, livres } = await ofertasHabilitadas('100002', 2);
    const corpo = {
      numEscalacao: 4521,
      categoria: 2,
      escolhas: [pegar(livres, 0), pegar(livres, 1)].map((o) => ({ ...escolha(o, true), preferencia: 7 })),
    };
    const r = await c.chamar(apiEscalacao.escolher, { corpo });
    expect(r.status).toBe(200);
    expect(r.corpo.dados.escolhas.map((e) => e.preferencia)).toEqual([1, 2]);
    await c.post('/api/vagas', {
      ...corpo,
      escolhas: corpo.escolhas.map((e) => ({ ...e, escolhida: false })),
    });
  });

  it('repetir o mesmo post não muda nada e responde o mesmo estado', async () => {
    const { c, livres } = await ofertasHabilitadas('100003', 6);
    const lote: [OfertaNaEscala, boolean][] = [
      [pegar(livres, 0), true],
      [pegar(livres, 1), true],
    ];
    const r1 = await postar(c, 6, lote);
    expect(r1.status).toBe(200);
    const antes = await escolhasNoBanco(amb.db, '100003');
    amb.relogio.avancar(5 * 60_000);
    const r2 = await postar(c, 6, lote);
    expect(r2.status).toBe(200);
    expect(r2.corpo.dados).toEqual(r1.corpo.dados);
    expect(await escolhasNoBanco(amb.db, '100003')).toEqual(antes);
    // Clearing twice as well.
    const limpar: [OfertaNaEscala, boolean][] = lote.map(([o]) => [o, false]);
    const l1 = await postar(c, 6, limpar);
    const l2 = await postar(c, 6, limpar);
    expect(l2.corpo.dados).toEqual(l1.corpo.dados);
    expect(await escolhasNoBanco(amb.db, '100003')).toHaveLength(0);
  });

  it('dois posts do mesmo trabalhador ao mesmo tempo terminam consistentes', async () => {
    const { c, livres } = await ofertasHabilitadas('100007', 1);
    expect(livres.length).toBeGreaterThanOrEqual(4);
    const quatro = [0, 1, 2, 3].map((i) => pegar(livres, i));
    const respostas = await Promise.all(quatro.map((o) => postar(c, 1, [[o, true]])));
    expect(respostas.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const banco = await escolhasNoBanco(amb.db, '100007');
    expect(banco).toHaveLength(4);
    expect(banco.map((e) => e.preferencia).sort()).toEqual([1, 2, 3, 4]);
    expect(new Set(respostas.map((r) => r.corpo.dados.escolhas[0]?.preferencia)).size).toBe(4);

    // The same post twice at once: one row.
    const outra = pegar(livres, 4);
    const iguais = await Promise.all([postar(c, 1, [[outra, true]]), postar(c, 1, [[outra, true]])]);
    expect(iguais.map((r) => r.status)).toEqual([200, 200]);
    expect(iguais[0]?.corpo.dados).toEqual(iguais[1]?.corpo.dados);
    const depois = await escolhasNoBanco(amb.db, '100007');
    expect(depois.filter((e) => e.seq_categoria === outra.funcao.seqCategoria)).toHaveLength(1);
    expect(new Set(depois.map((e) => e.preferencia)).size).toBe(depois.length);
  });

  it('usuário de teste escolhe numa escala fechada', async () => {
    const { c, livres } = await ofertasHabilitadas('900001', 1, 4520);
    const r = await postar(c, 1, [[pegar(livres, 0), true]], 4520);
    expect(r.status).toBe(200);
    expect(r.corpo.dados).toMatchObject({ numEscalacao: 4520, codAvulso: '900001' });
    expect(r.corpo.dados.escolhas[0]?.escolhida).toBe(true);
  });

  it('a escolha confirmada já está gravada: outra conexão ao banco a encontra', async () => {
    const { c, livres } = await ofertasHabilitadas('100006', 1);
    const o = pegar(livres, 0);
    const r = await postar(c, 1, [[o, true]]);
    expect(r.status).toBe(200);
    const consulta = 'select preferencia from escolha where cod_avulso = $1 and seq_categoria = $2';
    if (dialetoTeste() === 'sqlite') {
      const lista = await sql<{ file: string }>`pragma database_list`.execute(amb.db);
      const arquivo = lista.rows[0]?.file ?? '';
      const { rows: sync } = await sql<{ synchronous: number }>`pragma synchronous`.execute(amb.db);
      const { rows: modo } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(amb.db);
      expect(sync[0]?.synchronous).toBe(2); // FULL
      expect(modo[0]?.journal_mode).toBe('wal');
      const outra = new SQLite(arquivo, { readonly: true });
      try {
        const linha = outra
          .prepare(consulta.replace('$1', '?').replace('$2', '?'))
          .get('100006', o.funcao.seqCategoria);
        expect(linha).toEqual({ preferencia: 1 });
      } finally {
        outra.close();
      }
    } else {
      const outra = new pg.Client({ connectionString: amb.config.databaseUrl });
      await outra.connect();
      try {
        const { rows } = await outra.query(consulta, ['100006', o.funcao.seqCategoria]);
        expect(rows).toEqual([{ preferencia: 1 }]);
        // The function that wrote it plans its queries once per connection, as index lookups (migrations
        // 2026-11-21-07 and 2026-11-22-01).
        const { rows: conf } = await outra.query<{ proconfig: string[] }>(
          "select proconfig from pg_proc where proname = 'escolher_ofertas'",
        );
        expect(conf[0]?.proconfig).toEqual(
          expect.arrayContaining(['enable_seqscan=off', 'plan_cache_mode=force_generic_plan']),
        );
      } finally {
        await outra.end();
      }
    }
  });
});

describe('POST /api/vagas: recusas (nada muda)', () => {
  it('sem habilitação: a mensagem com o nome da função, e nada gravado (tudo ou nada)', async () => {
    const { c, todas, livres } = await ofertasHabilitadas('100002', 2);
    const sem = todas.find((o) => !o.funcao.habilitado);
    if (!sem) throw new Error('nenhuma oferta sem habilitação');
    const antes = await contarEscolhas(amb.db);
    const r = await postar(c, 2, [
      [pegar(livres, 0), true],
      [sem, true],
    ]);
    expect(r.status).toBe(409);
    expect(r.corpo).toMatchObject({
      sucesso: false,
      codigoErro: 'SemHabilitacao',
      mensagem: `Você não possui habilitação para a função ${sem.funcao.nomeFuncao}!`,
      dados: { seqCategoria: sem.funcao.seqCategoria },
    });
    expect(await contarEscolhas(amb.db)).toBe(antes);
  });

  it('100001 sem habilitação para Contramestre de Terno', async () => {
    const { c, todas, livres } = await ofertasHabilitadas('100001', 1);
    const contramestre = todas.find((o) => o.funcao.codFuncao === 103);
    if (!contramestre) throw new Error('sem oferta 103');
    const antes = await contarEscolhas(amb.db);
    const r = await postar(c, 1, [
      [pegar(livres, 0), true],
      [contramestre, true],
    ]);
    expect(r.status).toBe(409);
    expect(r.corpo).toMatchObject({
      codigoErro: 'SemHabilitacao',
      mensagem: 'Você não possui habilitação para a função Contramestre de Terno!',
    });
    expect(await contarEscolhas(amb.db)).toBe(antes);
  });

  it('sem descanso (o turno seguinte ao trabalho atual de 100001)', async () => {
    const { c, todas } = await ofertasHabilitadas('100001', 1);
    const cansado = todas.find((o) => o.funcao.habilitado && !o.funcao.comDescanso);
    if (!cansado) throw new Error('sem oferta sem descanso');
    const antes = await contarEscolhas(amb.db);
    const r = await postar(c, 1, [[cansado, true]]);
    expect(r.status).toBe(409);
    expect(r.corpo).toMatchObject({
      codigoErro: 'SemDescanso',
      mensagem: 'Você não possui descanso suficiente para esta operação!',
    });
    expect(await contarEscolhas(amb.db)).toBe(antes);
  });

  it('descanso de exatamente 11 horas é aceito; um minuto a menos é recusado', async () => {
    const { c, livres } = await ofertasHabilitadas('100002', 2);
    const o = pegar(livres, 0);
    const { inicio } = limitesTurno(
      o.requisicao.dataOperacao,
      o.requisicao.horaInicio,
      o.requisicao.horaFim,
      amb.config.fusoHorario,
    );
    const limpar = () =>
      amb.db
        .deleteFrom('trabalho')
        .where('cod_avulso', '=', '100002')
        .where('faina', '=', FAINA_TESTE)
        .execute();
    await inserirTrabalho(amb.db, '100002', inicio.getTime() - 17 * H, inicio.getTime() - 11 * H + 60_000);
    const recusa = await postar(c, 2, [[o, true]]);
    expect(recusa.status).toBe(409);
    expect(recusa.corpo.codigoErro).toBe('SemDescanso');
    await limpar();
    await inserirTrabalho(amb.db, '100002', inicio.getTime() - 17 * H, inicio.getTime() - 11 * H);
    const aceita = await postar(c, 2, [[o, true]]);
    expect(aceita.status).toBe(200);
    expect(aceita.corpo.dados.escolhas[0]?.escolhida).toBe(true);
    // Clearing is always allowed, rested or not.
    await limpar();
    await inserirTrabalho(amb.db, '100002', inicio.getTime() - 6 * H, inicio.getTime() - H);
    const limpa = await postar(c, 2, [[o, false]]);
    expect(limpa.status).toBe(200);
    expect(limpa.corpo.dados.escolhas[0]?.escolhida).toBe(false);
    await limpar();
  });

  it('trabalhador impedido: TpaImpedido', async () => {
    const { livres } = await ofertasHabilitadas('100001', 1);
    const impedido = await amb.logado('100005');
    const r = await postar(impedido, 1, [[pegar(livres, 0), true]]);
    expect(r.status).toBe(403);
    expect(r.corpo.codigoErro).toBe('TpaImpedido');
  });

  it('escala fechada para trabalhador comum; escala inexistente', async () => {
    const staff = await ofertasHabilitadas('900001', 1, 4520);
    const c = await amb.logado('100001');
    const antes = await contarEscolhas(amb.db);
    const fechada = await postar(c, 1, [[pegar(staff.todas, 0), true]], 4520);
    expect(fechada.status).toBe(409);
    expect(fechada.corpo.codigoErro).toBe('EscalaFechada');
    const inexistente = await postar(c, 1, [[pegar(staff.todas, 0), true]], 9999);
    expect(inexistente.status).toBe(404);
    expect(inexistente.corpo.codigoErro).toBe('NaoEncontrado');
    expect(await contarEscolhas(amb.db)).toBe(antes);
  });

  it('escala fechada há um instante: GET ainda pode servir da memória, POST já recusa', async () => {
    const { c, livres } = await ofertasHabilitadas('100001', 1);
    await amb.db.updateTable('escala').set({ aberta: 0 }).where('num_escalacao', '=', 4521).execute();
    try {
      const antes = await contarEscolhas(amb.db);
      const r = await postar(c, 1, [[pegar(livres, 0), true]]);
      expect(r.status).toBe(409);
      expect(r.corpo.codigoErro).toBe('EscalaFechada');
      expect(await contarEscolhas(amb.db)).toBe(antes);
    } finally {
      await amb.db.updateTable('escala').set({ aberta: 1 }).where('num_escalacao', '=', 4521).execute();
    }
  });

  it('oferta de outra escala, de outra categoria ou com função/requisição trocada', async () => {
    const { c, livres } = await ofertasHabilitadas('100001', 1);
    const antiga = (await ofertasHabilitadas('900001', 1, 4520)).todas[0];
    if (!antiga) throw new Error('sem oferta antiga');
    const o = pegar(livres, 0);
    const antes = await contarEscolhas(amb.db);
    const casos = [
      { numEscalacao: 4521, categoria: 1, escolhas: [escolha(antiga, true)] },
      { numEscalacao: 4521, categoria: 2, escolhas: [escolha(o, true)] },
      {
        numEscalacao: 4521,
        categoria: 1,
        escolhas: [{ ...escolha(o, true), codFuncao: o.funcao.codFuncao === 101 ? 102 : 101 }],
      },
      { numEscalacao: 4521, categoria: 1, escolhas: [{ ...escolha(o, true), numRequisicao: 1 }] },
      { numEscalacao: 4521, categoria: 1, escolhas: [{ ...escolha(o, true), seqCategoria: 123456789 }] },
    ];
    for (const corpo of casos) {
      const r = await c.post('/api/vagas', corpo);
      expect(r.status, JSON.stringify(corpo)).toBe(404);
      expect(r.corpo).toMatchObject({
        sucesso: false,
        codigoErro: 'NaoEncontrado',
        mensagem: 'Oferta não encontrada nesta escala e categoria.',
      });
    }
    expect(await contarEscolhas(amb.db)).toBe(antes);
  });

  it('entrada ruim: DadosInvalidos, nunca 500', async () => {
    const { c, livres } = await ofertasHabilitadas('100001', 1);
    const boa = escolha(pegar(livres, 0), true);
    const antes = await contarEscolhas(amb.db);
    const casos: unknown[] = [
      {},
      { numEscalacao: '4521', categoria: 1, escolhas: [boa] },
      { numEscalacao: 4521, categoria: '1', escolhas: [boa] },
      { numEscalacao: -4521, categoria: 1, escolhas: [boa] },
      { numEscalacao: 4521, categoria: 3, escolhas: [boa] },
      { numEscalacao: 4521, categoria: 1, escolhas: [] },
      { numEscalacao: 4521, categoria: 1, escolhas: 'tudo' },
      { numEscalacao: 4521, categoria: 1, escolhas: [{ ...boa, seqCategoria: -1 }] },
      { numEscalacao: 4521, categoria: 1, escolhas: [{ ...boa, seqCategoria: 1e12 }] },
      { numEscalacao: 4521, categoria: 1, escolhas: [{ ...boa, codFuncao: 'Estivador' }] },
      { numEscalacao: 4521, categoria: 1, escolhas: [{ ...boa, escolhida: 'sim' }] },
      { numEscalacao: 4521, categoria: 1, escolhas: [{ ...boa, preferencia: -1 }] },
      { numEscalacao: 4521, categoria: 1, escolhas: [{ ...boa, dataOperacao: '2026-11-22' }] },
      { numEscalacao: 4521, categoria: 1, escolhas: [boa, boa] },
      { numEscalacao: 4521, categoria: 1, escolhas: Array.from({ length: 501 }, () => ({})) },
      [boa],
      null,
    ];
    for (const corpo of casos) {
      const r = await c.post('/api/vagas', corpo);
      expect(r.status, JSON.stringify(corpo).slice(0, 200)).toBe(400);
      expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'DadosInvalidos' });
      expect(typeof r.corpo.mensagem).toBe('string');
    }
    // Beyond the body limit: 413 in the envelope.
    const enorme = await c.post('/api/vagas', {
      numEscalacao: 4521,
      categoria: 1,
      escolhas: Array.from({ length: 400 }, (_, i) => ({
        ...boa,
        seqCategoria: i + 1,
        nomeFuncao: 'x'.repeat(100),
      })),
    });
    expect(enorme.status).toBe(413);
    expect(enorme.corpo.codigoErro).toBe('ConteudoMuitoGrande');
    // A number the database cannot hold, in the call number.
    const grande = await c.post('/api/vagas', { numEscalacao: 99999999999, categoria: 1, escolhas: [boa] });
    expect(grande.status).toBe(400);
    expect(await contarEscolhas(amb.db)).toBe(antes);
  });

  it('sem XSRF ou sem sessão: recusado', async () => {
    const { livres } = await ofertasHabilitadas('100001', 1);
    const anonimo = await amb.cliente();
    const r = await anonimo.post('/api/vagas', {
      numEscalacao: 4521,
      categoria: 1,
      escolhas: [escolha(pegar(livres, 0), true)],
    });
    expect(r.status).toBe(401);
    const c = await amb.logado('100001');
    const semXsrf = await c.requisitar({
      method: 'POST',
      url: '/api/vagas',
      payload: { numEscalacao: 4521, categoria: 1, escolhas: [escolha(pegar(livres, 0), true)] },
      semXsrf: true,
    });
    expect(semXsrf.status).toBe(403);
    expect(semXsrf.corpo).toMatchObject({ codigoErro: 'XsrfInvalido' });
  });
});

describe('POST /api/vagas: vários trabalhadores ao mesmo tempo', () => {
  it('cada post tem a sua resposta e fica gravado; no PostgreSQL vão juntos, e um erro refaz cada um sozinho', async () => {
    const a2 = await criarAmbiente();
    try {
      const prontos = await Promise.all(
        ['100001', '100006', '100008'].map(async (codAvulso) => {
          const c = await a2.logado(codAvulso);
          const o = ofertasDe(await carregar(c), 1).find(
            (x) => x.funcao.habilitado && x.funcao.comDescanso && !x.funcao.escolhida,
          );
          if (!o) throw new Error(`${codAvulso} sem oferta livre`);
          return { codAvulso, c, o };
        }),
      );
      const respostas = await Promise.all(
        prontos.map(({ c, o }) =>
          c.post('/api/vagas', { numEscalacao: 4521, categoria: 1, escolhas: [escolha(o, true)] }),
        ),
      );
      expect(respostas.map((r) => r.status)).toEqual([200, 200, 200]);
      for (const [i, { codAvulso, o }] of prontos.entries()) {
        const env = envelopeSucesso(postVagasResposta).parse(respostas[i]?.corpo);
        expect(env.dados.codAvulso).toBe(codAvulso);
        expect(env.dados.escolhas[0]).toMatchObject({ seqCategoria: o.funcao.seqCategoria, escolhida: true });
        const linhas = await escolhasNoBanco(a2.db, codAvulso);
        expect(linhas.map((l) => l.seq_categoria)).toContain(o.funcao.seqCategoria);
      }
      // Loaded again at once (their personal reads go in one query): each sees their own choice only.
      const escalas = await Promise.all(prontos.map(({ c }) => carregar(c)));
      for (const [i, { o }] of prontos.entries()) {
        const escolhidas = ofertasDe(escalas[i] as EscalaCarregada, 1)
          .filter((x) => x.funcao.escolhida)
          .map((x) => x.funcao.seqCategoria);
        expect(escolhidas).toEqual([o.funcao.seqCategoria]);
      }
      if (dialetoTeste() !== 'postgres') return;

      // Straight to the batcher: two posts in one turn go in one statement; one of them breaks a constraint
      // (an offer that does not exist), so the batch is undone and each post runs alone.
      const lotes = new LotesDeEscolhas(a2.db);
      const primeiro = prontos[0] as (typeof prontos)[number];
      const base = {
        escalacao: 4521,
        categoria: 1,
        teste: false,
        remover: [] as number[],
        escolher: [] as number[],
        limiteFim: [] as string[],
        fim: [] as string[],
        agora: new Date().toISOString(),
      };
      const [limpar, quebrar] = await Promise.allSettled([
        lotes.executar({ ...base, avulso: primeiro.codAvulso, remover: [primeiro.o.funcao.seqCategoria] }),
        lotes.executar({
          ...base,
          avulso: '100006',
          escolher: [999_999],
          limiteFim: ['2000-01-01T00:00:00.000Z'],
          fim: ['2000-01-01T06:00:00.000Z'],
        }),
      ]);
      expect(lotes.estatisticas).toEqual({ lotes: 1, maior: 2 });
      expect(limpar).toMatchObject({ status: 'fulfilled', value: { situacao: 'ok', alterou: true } });
      expect(quebrar.status).toBe('rejected');
      const linhas = await escolhasNoBanco(a2.db, primeiro.codAvulso);
      expect(linhas.map((l) => l.seq_categoria)).not.toContain(primeiro.o.funcao.seqCategoria);
      expect((await escolhasNoBanco(a2.db, '100006')).map((l) => l.seq_categoria)).not.toContain(999_999);

      // A batch that goes through: both answered in their own order.
      const [x, y] = await Promise.all([
        lotes.executar({
          ...base,
          avulso: primeiro.codAvulso,
          escolher: [primeiro.o.funcao.seqCategoria],
          limiteFim: ['2000-01-01T00:00:00.000Z'],
          fim: ['2000-01-01T06:00:00.000Z'],
        }),
        lotes.executar({ ...base, avulso: '100008', remover: [prontos[2]?.o.funcao.seqCategoria ?? 0] }),
      ]);
      expect(lotes.estatisticas).toEqual({ lotes: 2, maior: 2 });
      expect(x).toMatchObject({
        situacao: 'ok',
        alterou: true,
        escolhas: [{ seq: primeiro.o.funcao.seqCategoria }],
      });
      expect(y).toMatchObject({ situacao: 'ok', alterou: true, horaMax: null });
    } finally {
      await a2.fechar();
    }
  });
});
