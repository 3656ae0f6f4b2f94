import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGestao } from '#common/api/gestao.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { ESCALADOR } from './apoio-teste.ts';

/**
 * What the result page of a real morning reads (issue 27, "The staff screen"; docs/decisions/0261): the audit
 * search by name, matrícula or número de chamada, and the workers left without a job with their reasons. On
 * the demo's call of 299 vacancies, closed and rotated; SQLite and PostgreSQL (TEST_DB).
 */

let amb: AmbienteTeste;
let staff: ClienteTeste;
const NUM = 4521;

beforeAll(async () => {
  amb = await criarAmbiente();
  staff = await amb.logado(ESCALADOR);
});
afterAll(async () => {
  await amb.fechar();
});

describe('antes de apurar', () => {
  it('a busca e a lista recusam com 409 SituacaoEscalaInvalida; um trabalhador, com 403', async () => {
    for (const r of [
      await staff.chamar(apiGestao.naoEscalados, { params: { num: NUM } }),
      await staff.chamar(apiGestao.buscaAuditoria, { params: { num: NUM }, query: { termo: '100001' } }),
    ]) {
      expect(r.status).toBe(409);
      expect(r.corpo.codigoErro).toBe('SituacaoEscalaInvalida');
    }
    const trabalhador = await amb.logado('100001');
    const r = await trabalhador.chamar(apiGestao.naoEscalados, { params: { num: NUM } });
    expect(r.status).toBe(403);
    expect(r.corpo.codigoErro).toBe('AcessoNegado');
  });
});

describe('depois de apurar a escala da demonstração', () => {
  beforeAll(async () => {
    expect((await staff.chamar(apiGestao.fechar, { params: { num: NUM } })).status).toBe(200);
    expect((await staff.chamar(apiGestao.rodizio, { params: { num: NUM } })).status).toBe(200);
  });

  it('quem ficou sem trabalho: todos os não escalados, por nº de chamada, cada um com o motivo da auditoria', async () => {
    const r = await staff.chamar(apiGestao.naoEscalados, { params: { num: NUM } });
    expect(r.status).toBe(200);
    const lista = r.corpo.dados.trabalhadores;
    const esperados = await amb.db
      .selectFrom('escala_decisao')
      .select('cod_avulso')
      .where('num_escalacao', '=', NUM)
      .where('escalado', '=', 0)
      .execute();
    expect(lista.length).toBe(esperados.length);
    expect(lista.length).toBeGreaterThan(0);
    expect(new Set(lista.map((t) => t.codAvulso))).toEqual(new Set(esperados.map((e) => e.cod_avulso)));
    const numeros = lista.map((t) => t.numChamada);
    expect(numeros).toEqual([...numeros].sort((a, b) => a - b));
    // Each reason is the audit's own paragraph for that worker.
    for (const t of lista.slice(0, 5)) {
      const a = await staff.chamar(apiGestao.auditoria, {
        params: { num: NUM },
        query: { codAvulso: t.codAvulso },
      });
      expect(t.motivo).toBe(a.corpo.dados.motivo);
      expect(t.motivo).toMatch(/^Não escalado/);
    }
  });

  it('a busca acha pela matrícula, pelo nº de chamada e por parte do nome sem acento nem caixa', async () => {
    const quem = await amb.db
      .selectFrom('escala_decisao as d')
      .innerJoin('avulso as a', 'a.cod_avulso', 'd.cod_avulso')
      .select(['a.cod_avulso', 'a.nome', 'a.num_chamada', 'd.escalado'])
      .where('d.num_escalacao', '=', NUM)
      .orderBy('a.num_chamada')
      .execute()
      .then((l) => l.find((x) => /[À-ÿ]/.test(x.nome)));
    if (!quem) throw new Error('ninguém com acento no nome');
    const esperado = {
      codAvulso: quem.cod_avulso,
      nome: quem.nome,
      numChamada: quem.num_chamada,
      escolheu: true,
      escalado: quem.escalado === 1,
    };
    const busca = (termo: string) =>
      staff.chamar(apiGestao.buscaAuditoria, { params: { num: NUM }, query: { termo } });
    expect((await busca(quem.cod_avulso)).corpo.dados).toEqual({ trabalhadores: [esperado], haMais: false });
    expect((await busca(String(quem.num_chamada).padStart(4, '0'))).corpo.dados.trabalhadores).toContainEqual(
      esperado,
    );
    // 'GRAÇAS' found as 'gracas'.
    const palavra = quem.nome.split(' ').find((p) => /[À-ÿ]/.test(p)) ?? '';
    const semAcento = palavra.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    expect(semAcento).not.toBe(palavra);
    const porNome = (await busca(`  ${semAcento} `)).corpo.dados.trabalhadores;
    expect(porNome).toContainEqual(esperado);
    for (const t of porNome) expect(t.escolheu).toBe(true);
    // A worker who did not choose is found by matrícula, with escolheu false.
    const naoEscolheu = await amb.db
      .selectFrom('avulso')
      .select('cod_avulso')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('escala_decisao as d')
              .select('d.cod_avulso')
              .whereRef('d.cod_avulso', '=', 'avulso.cod_avulso')
              .where('d.num_escalacao', '=', NUM),
          ),
        ),
      )
      .executeTakeFirstOrThrow();
    const r = (await busca(naoEscolheu.cod_avulso)).corpo.dados.trabalhadores;
    expect(r).toHaveLength(1);
    expect(r[0]).toMatchObject({ escolheu: false, escalado: false });
    // Nobody: an empty list.
    expect((await busca('zzzz')).corpo.dados).toEqual({ trabalhadores: [], haMais: false });
  });

  it('muitos nomes: até 20, com haMais', async () => {
    const r = await staff.chamar(apiGestao.buscaAuditoria, { params: { num: NUM }, query: { termo: 'da' } });
    expect(r.status).toBe(200);
    const total = (
      await amb.db
        .selectFrom('escala_decisao as d')
        .innerJoin('avulso as a', 'a.cod_avulso', 'd.cod_avulso')
        .select('a.nome')
        .where('d.num_escalacao', '=', NUM)
        .execute()
    ).filter((l) => l.nome.toLowerCase().includes('da')).length;
    expect(total).toBeGreaterThan(20);
    expect(r.corpo.dados.trabalhadores).toHaveLength(20);
    expect(r.corpo.dados.haMais).toBe(true);
  });

  it('termo ruim: 400 DadosInvalidos com a mensagem em português', async () => {
    const casos: [Record<string, string>, string][] = [
      [{}, 'Informe o nome, a matrícula ou o nº de chamada.'],
      [{ termo: '   ' }, 'Informe o nome, a matrícula ou o nº de chamada.'],
      [{ termo: '1234567' }, 'A matrícula tem 6 dígitos e o nº de chamada, até 5.'],
      [{ termo: 'é' }, 'Digite ao menos 2 letras do nome.'],
      [{ termo: 'x'.repeat(201) }, 'A busca tem no máximo 200 caracteres.'],
    ];
    for (const [query, mensagem] of casos) {
      const r = await staff.chamarBruto(apiGestao.buscaAuditoria, { params: { num: NUM }, query });
      expect(r.status, JSON.stringify(query)).toBe(400);
      expect(r.corpo.codigoErro).toBe('DadosInvalidos');
      expect(JSON.stringify(r.corpo)).toContain(mensagem);
    }
  });
});
