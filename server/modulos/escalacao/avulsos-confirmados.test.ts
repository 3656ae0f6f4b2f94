import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvulsosConfirmados } from '#common/api/escalacao.ts';
import { avulsosConfirmadosSchema } from '#common/api/escalacao.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { carregar, escolha, ofertasDe } from './apoio-teste.ts';

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

async function confirmados(codAvulso: string, numEscalacao: number, codCategoria: number) {
  const c = await amb.logado(codAvulso);
  return c.get('/api/avulsosConfirmados', {
    numEscalacao: String(numEscalacao),
    codCategoria: String(codCategoria),
  });
}

function dados(r: { status: number; corpo: unknown }): AvulsosConfirmados {
  expect(r.status).toBe(200);
  return envelopeSucesso(avulsosConfirmadosSchema).parse(r.corpo).dados;
}

const ORDEM_GRUPOS = [
  'Estivadores',
  'Conferentes',
  'Consertadores',
  'Vigias',
  'Bloco',
  'Arrumadores',
  'Portuários',
  'Multifuncionais',
];

describe('GET /api/avulsosConfirmados', () => {
  it('agrupa por sindicato, em ordem de código, cada grupo pela horaDigitacao e depois numChamada', async () => {
    const lista = dados(await confirmados('100001', 4521, 1));
    expect(lista).toMatchObject({ numEscalacao: 4521, codCategoria: 1 });
    const nomes = lista.avulsosConfirmados.map((g) => g.nome);
    expect(nomes).toContain('Estivadores');
    expect(nomes).toContain('Multifuncionais');
    expect(nomes).toEqual([...nomes].sort((a, b) => ORDEM_GRUPOS.indexOf(a) - ORDEM_GRUPOS.indexOf(b)));
    const vistos = new Set<string>();
    for (const grupo of lista.avulsosConfirmados) {
      expect(grupo.exibe).toBe(true);
      expect(grupo.avulsos.length).toBeGreaterThan(0);
      for (let i = 1; i < grupo.avulsos.length; i++) {
        const [a, b] = [grupo.avulsos[i - 1], grupo.avulsos[i]];
        if (!a || !b) continue;
        expect(a.horaDigitacao <= b.horaDigitacao).toBe(true);
        if (a.horaDigitacao === b.horaDigitacao) expect(a.numChamada).toBeLessThan(b.numChamada);
      }
      for (const a of grupo.avulsos) {
        expect(new Date(a.horaDigitacao).toISOString()).toBe(a.horaDigitacao);
        expect(vistos.has(a.codAvulso)).toBe(false);
        vistos.add(a.codAvulso);
      }
    }
    const estivadores = lista.avulsosConfirmados.find((g) => g.nome === 'Estivadores');
    expect(estivadores?.avulsos.every((a) => ['Estivador', 'Estivadora'].includes(a.sindicato))).toBe(true);
    const multi = lista.avulsosConfirmados.find((g) => g.nome === 'Multifuncionais');
    for (const a of multi?.avulsos ?? []) {
      expect(a.sindicato).toBe('Multifuncional');
      expect(a.nomeAvulso).toMatch(/ \(Multifuncional\)$/);
    }
    // Who is listed is exactly who has a chosen offer in that call and category.
    const noBanco = await amb.db
      .selectFrom('escolha')
      .select('cod_avulso')
      .distinct()
      .where('num_escalacao', '=', 4521)
      .where('cod_categoria', '=', 1)
      .execute();
    expect([...vistos].sort()).toEqual(noBanco.map((l) => l.cod_avulso).sort());
  });

  it('vigia: o grupo Vigias', async () => {
    const lista = dados(await confirmados('100004', 4521, 4));
    expect(lista.avulsosConfirmados.map((g) => g.nome)).toContain('Vigias');
  });

  it('100007 entra por último em Multifuncionais com o sindicato entre parênteses, e sai ao limpar', async () => {
    const c = await amb.logado('100007');
    const antes = dados(await confirmados('100001', 4521, 1));
    const escala = await carregar(c);
    const livres = ofertasDe(escala, 1).filter((o) => o.funcao.habilitado && o.funcao.comDescanso);
    const [a, b] = livres;
    if (!a || !b) throw new Error('100007 sem ofertas');
    amb.relogio.avancar(10 * 60_000);
    const t1 = amb.relogio.now().toISOString();
    expect(
      (await c.post('/api/vagas', { numEscalacao: 4521, categoria: 1, escolhas: [escolha(a, true)] })).status,
    ).toBe(200);
    let lista = dados(await confirmados('100001', 4521, 1));
    let multi = lista.avulsosConfirmados.find((g) => g.nome === 'Multifuncionais');
    expect(multi?.avulsos.at(-1)).toEqual({
      numChamada: expect.any(Number),
      codAvulso: '100007',
      nomeAvulso: 'FRANCISCO DE ASSIS MOURA (Multifuncional)',
      sindicato: 'Multifuncional',
      horaDigitacao: t1,
    });
    const total = (l: AvulsosConfirmados) => l.avulsosConfirmados.reduce((n, g) => n + g.avulsos.length, 0);
    expect(total(lista)).toBe(total(antes) + 1);

    // A later choice moves his horaDigitacao (his latest choice).
    amb.relogio.avancar(60_000);
    const t2 = amb.relogio.now().toISOString();
    await c.post('/api/vagas', { numEscalacao: 4521, categoria: 1, escolhas: [escolha(b, true)] });
    lista = dados(await confirmados('100001', 4521, 1));
    multi = lista.avulsosConfirmados.find((g) => g.nome === 'Multifuncionais');
    expect(multi?.avulsos.filter((x) => x.codAvulso === '100007')).toEqual([
      expect.objectContaining({ horaDigitacao: t2 }),
    ]);

    // Clearing the latest brings back the one left.
    await c.post('/api/vagas', { numEscalacao: 4521, categoria: 1, escolhas: [escolha(b, false)] });
    lista = dados(await confirmados('100001', 4521, 1));
    multi = lista.avulsosConfirmados.find((g) => g.nome === 'Multifuncionais');
    expect(multi?.avulsos.filter((x) => x.codAvulso === '100007')).toEqual([
      expect.objectContaining({ horaDigitacao: t1 }),
    ]);

    await c.post('/api/vagas', {
      numEscalacao: 4521,
      categoria: 1,
      escolhas: [escolha(a, false), escolha(b, false)],
    });
    lista = dados(await confirmados('100001', 4521, 1));
    expect(lista.avulsosConfirmados.flatMap((g) => g.avulsos).some((x) => x.codAvulso === '100007')).toBe(
      false,
    );
    expect(total(lista)).toBe(total(antes));
  });

  it('uma escolha gravada por outro servidor aparece quando a lista é lida de novo (5 s)', async () => {
    const lista = dados(await confirmados('100001', 4521, 1));
    const listados = new Set(lista.avulsosConfirmados.flatMap((g) => g.avulsos.map((a) => a.codAvulso)));
    const candidatos = await amb.db
      .selectFrom('avulso')
      .select('cod_avulso')
      .where('cod_categoria', '=', 1)
      .orderBy('cod_avulso')
      .execute();
    const fora = candidatos.find((l) => !listados.has(l.cod_avulso))?.cod_avulso;
    const oferta = await amb.db
      .selectFrom('oferta')
      .select('seq_categoria')
      .where('num_escalacao', '=', 4521)
      .where('cod_categoria', '=', 1)
      .orderBy('seq_categoria')
      .executeTakeFirstOrThrow();
    if (!fora) throw new Error('todos os estivadores já escolheram');
    await amb.db
      .insertInto('escolha')
      .values({
        num_escalacao: 4521,
        cod_categoria: 1,
        seq_categoria: oferta.seq_categoria,
        cod_avulso: fora,
        preferencia: 1,
        hora_digitacao: amb.relogio.now().toISOString(),
      })
      .execute();
    const nomes = (l: AvulsosConfirmados) =>
      l.avulsosConfirmados.flatMap((g) => g.avulsos.map((a) => a.codAvulso));
    // Still the rows read a moment ago (no other server's write is known here)...
    expect(nomes(dados(await confirmados('100001', 4521, 1)))).not.toContain(fora);
    // ...until the period passes and they are read again.
    amb.relogio.avancar(5_001);
    expect(nomes(dados(await confirmados('100001', 4521, 1)))).toContain(fora);
    await amb.db
      .deleteFrom('escolha')
      .where('cod_avulso', '=', fora)
      .where('seq_categoria', '=', oferta.seq_categoria)
      .execute();
    amb.relogio.avancar(5_001);
  });

  it('escala fechada: recusada ao trabalhador comum, aberta ao usuário de teste', async () => {
    // A call closed and not (yet) published.
    await amb.db
      .insertInto('escala')
      .values({
        num_escalacao: 4600,
        data_chamada: '2026-11-20',
        hora_chamada: '06:30',
        aberta: 0,
        situacao: 'fechada',
      })
      .execute();
    const fechada = await confirmados('100001', 4600, 1);
    expect(fechada.status).toBe(409);
    expect(fechada.corpo.codigoErro).toBe('EscalaFechada');
    const teste = dados(await confirmados('900001', 4600, 1));
    expect(teste).toEqual({ numEscalacao: 4600, codCategoria: 1, avulsosConfirmados: [] });
  });

  it('escala publicada: aberta a todos, com quem o rodízio escalou marcado (decisão 0155)', async () => {
    const publicada = dados(await confirmados('100001', 4519, 1));
    expect(publicada.numEscalacao).toBe(4519);
    const todos = publicada.avulsosConfirmados.flatMap((g) => g.avulsos);
    // Engaged in this category: a job from that call in a stevedores' function (1xx, blocks 5xx).
    const escalados = await amb.db
      .selectFrom('trabalho')
      .select('cod_avulso')
      .where('num_escalacao', '=', 4519)
      .where((eb) => eb.or([eb('cod_funcao', '<', 200), eb('cod_funcao', '>=', 500)]))
      .where('cod_funcao', '<', 600)
      .execute();
    const marcados = new Set(todos.filter((a) => a.escalado).map((a) => a.codAvulso));
    expect(marcados.size).toBeGreaterThan(0);
    for (const a of todos) expect(a.escalado === undefined || a.escalado === true).toBe(true);
    // Every marked worker has a job from that call.
    const comTrabalho = new Set(escalados.map((e) => e.cod_avulso));
    for (const m of marcados) expect(comTrabalho.has(m), m).toBe(true);
  });

  it('entrada ruim ou escala inexistente', async () => {
    const c = await amb.logado('100001');
    const consultas: Record<string, string>[] = [
      { numEscalacao: '4521', codCategoria: '3' },
      { numEscalacao: '4521', codCategoria: 'x' },
      { numEscalacao: '-1', codCategoria: '1' },
      { numEscalacao: '4521' },
    ];
    for (const q of consultas) {
      const r = await c.get('/api/avulsosConfirmados', q);
      expect(r.status, JSON.stringify(q)).toBe(400);
      expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    }
    const inexistente = await c.get('/api/avulsosConfirmados', { numEscalacao: '9999', codCategoria: '1' });
    expect(inexistente.status).toBe(404);
    expect(inexistente.corpo.codigoErro).toBe('NaoEncontrado');
    // Past the column's 32 bits: the sender's mistake (issue 12, item 6).
    const grande = await c.get('/api/avulsosConfirmados', { numEscalacao: '99999999999', codCategoria: '1' });
    expect(grande.status).toBe(400);
    expect(grande.corpo.codigoErro).toBe('DadosInvalidos');
    const anonimo = await amb.cliente();
    expect(
      (await anonimo.get('/api/avulsosConfirmados', { numEscalacao: '4521', codCategoria: '1' })).status,
    ).toBe(401);
  });
});
