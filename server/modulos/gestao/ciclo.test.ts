import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEscalaAberta } from '#common/api/escala-aberta.ts';
import { apiGestao } from '#common/api/gestao.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { criarRascunho, ESCALADOR, requisicaoExemplo } from './apoio-teste.ts';

let amb: AmbienteTeste;
let staff: ClienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
  staff = await amb.logado(ESCALADOR);
});
afterAll(async () => {
  await amb.fechar();
});

async function situacao(num: number) {
  const r = await staff.chamar(apiGestao.escala, { params: { num } });
  return r.corpo.dados.situacao;
}

describe('acesso a /api/gestao', () => {
  const chamadas = [
    ['GET', '/api/gestao/escalas'],
    ['GET', '/api/gestao/cadastros'],
    ['GET', `/api/gestao/escalas/4520/escala.pdf`],
    ['GET', `/api/gestao/escalas/4520/escala.csv`],
    ['POST', '/api/gestao/escalas'],
    ['GET', `/api/gestao/escalas/4521`],
    ['POST', `/api/gestao/escalas/4521/fechar`],
    ['POST', `/api/gestao/escalas/4521/requisicoes`],
    ['PUT', `/api/gestao/escalas/4521/requisicoes/452101`],
    ['DELETE', `/api/gestao/escalas/4521/requisicoes/452101`],
    ['POST', `/api/gestao/escalas/4521/requisicoes/importar`],
    ['POST', `/api/gestao/escalas/4521/cancelar`],
    ['POST', `/api/gestao/escalas/4521/rodizio`],
    ['POST', `/api/gestao/escalas/4521/publicar`],
    ['GET', `/api/gestao/escalas/4521/resultado`],
    ['GET', `/api/gestao/escalas/4521/auditoria?codAvulso=100001`],
  ] as const;

  it('sem sessão: 401 NaoAutenticado', async () => {
    const c = await amb.cliente();
    for (const [method, url] of chamadas) {
      const r = await c.requisitar({ method, url, payload: {} });
      expect(r.status, `${method} ${url}`).toBe(401);
      expect(r.corpo.codigoErro).toBe('NaoAutenticado');
    }
  });

  it('trabalhador e equipe sem o papel (900001): 403 AcessoNegado em tudo, mesmo com corpo inválido', async () => {
    for (const cod of ['100001', '900001']) {
      const c = await amb.logado(cod);
      for (const [method, url] of chamadas) {
        const r = await c.requisitar({
          method,
          url,
          payload: 'lixo',
          headers: { 'content-type': 'text/csv' },
        });
        expect(r.status, `${cod} ${method} ${url}`).toBe(403);
        expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'AcessoNegado' });
      }
    }
    const antes = await amb.db.selectFrom('escala').select('num_escalacao').execute();
    const c = await amb.logado('100001');
    await c.chamar(apiGestao.criar, { corpo: { dataChamada: '2026-12-01', horaChamada: '07:00' } });
    expect(await amb.db.selectFrom('escala').select('num_escalacao').execute()).toHaveLength(antes.length);
  });

  it('o login de 900002 traz o papel escalador; o de um trabalhador, nenhum', async () => {
    const c = await amb.cliente();
    const r = await c.entrar(ESCALADOR);
    expect(r.corpo.dados.papeis).toEqual(['escalador']);
    expect(r.corpo.dados.usuarioTeste).toBe(false);
    const t = await amb.cliente();
    expect((await t.entrar('100001')).corpo.dados.papeis).toEqual([]);
    expect((await t.entrar('900001')).corpo.dados.papeis).toEqual([]);
  });

  it('escrita sem XSRF é recusada antes de tudo', async () => {
    const r = await staff.chamar(
      apiGestao.criar,
      { corpo: { dataChamada: '2026-12-01', horaChamada: '07:00' } },
      { semXsrf: true },
    );
    expect(r.status).toBe(403);
    expect(r.corpo.codigoErro).toBe('XsrfInvalido');
  });
});

describe('a vida da escala', () => {
  it('lista as escalas da mais nova para a mais antiga, com situação e contagens', async () => {
    const r = await staff.chamar(apiGestao.escalas);
    expect(r.status).toBe(200);
    const nums = r.corpo.dados.map((e) => e.numEscalacao);
    expect(nums).toEqual([...nums].sort((a, b) => b - a));
    const aberta = r.corpo.dados.find((e) => e.numEscalacao === 4521);
    if (!aberta) throw new Error('a escala 4521 não está na lista');
    expect(aberta.situacao).toBe('aberta');
    expect(aberta.contagens.requisicoes).toBeGreaterThan(5);
    expect(aberta.contagens.escolhas).toBeGreaterThan(100);
    expect(aberta.contagens.avulsos).toBeGreaterThan(50);
    expect(aberta.contagens.vagas).toBeGreaterThanOrEqual(aberta.contagens.ofertas);
  });

  it('cria um rascunho com quem e quando; valida data e hora', async () => {
    const agora = amb.relogio.now().toISOString();
    const num = await criarRascunho(staff);
    const r = await staff.chamar(apiGestao.escala, { params: { num } });
    expect(r.corpo.dados).toMatchObject({
      numEscalacao: num,
      dataChamada: '2026-12-01',
      horaChamada: '07:00',
      situacao: 'rascunho',
      passos: [{ situacao: 'rascunho', em: agora, por: ESCALADOR }],
      requisicoes: [],
    });
    for (const corpo of [
      { dataChamada: '2026-02-30', horaChamada: '07:00' },
      { dataChamada: '01/12/2026', horaChamada: '07:00' },
      { dataChamada: '2026-12-01', horaChamada: '24:00' },
      { dataChamada: '2026-12-01' },
    ]) {
      const e = await staff.chamarBruto(apiGestao.criar, { corpo });
      expect(e.status, JSON.stringify(corpo)).toBe(400);
      expect(e.corpo.codigoErro).toBe('DadosInvalidos');
    }
  });

  it('números de escala inválidos ou enormes: 400, nunca 500', async () => {
    for (const num of ['abc', '0', '-1', '2147483648', '99999999999999999999', '1e3', '1.5', ' ']) {
      const r = await staff.chamarBruto(apiGestao.escala, { params: { num } });
      expect(r.status, num).toBe(400);
      expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    }
    const r = await staff.chamar(apiGestao.escala, { params: { num: 2147483647 } });
    expect(r.status).toBe(404);
    const p = await staff.get('/api/gestao/escalas/%2e%2e');
    expect(p.status).toBe(404);
    expect(p.corpo.codigoErro).toBe('NaoEncontrado');
  });

  it('abrir: sem requisições 409; com outra aberta 409 OutraEscalaAberta; depois de fechar a outra, abre', async () => {
    const vazia = await criarRascunho(staff);
    const r0 = await staff.chamar(apiGestao.abrir, { params: { num: vazia } });
    expect(r0.status).toBe(409);
    expect(r0.corpo.codigoErro).toBe('EscalaSemRequisicoes');

    const num = await criarRascunho(staff, [requisicaoExemplo('20261202')]);
    const r1 = await staff.chamar(apiGestao.abrir, { params: { num } });
    expect(r1.status).toBe(409);
    expect(r1.corpo).toMatchObject({ codigoErro: 'OutraEscalaAberta', dados: { numEscalacao: 4521 } });
    expect(await situacao(num)).toBe('rascunho');

    amb.relogio.avancar(60_000);
    const f = await staff.chamar(apiGestao.fechar, { params: { num: 4521 } });
    expect(f.status).toBe(200);
    expect(f.corpo.dados.situacao).toBe('fechada');
    expect(f.corpo.dados.passos.at(-1)).toEqual({
      situacao: 'fechada',
      em: amb.relogio.now().toISOString(),
      por: ESCALADOR,
    });
    const a = await staff.chamar(apiGestao.abrir, { params: { num } });
    expect(a.status).toBe(200);
    expect(a.corpo.dados.situacao).toBe('aberta');
    const linha = await amb.db
      .selectFrom('escala')
      .select(['aberta', 'aberta_por'])
      .where('num_escalacao', '=', num)
      .executeTakeFirst();
    expect(linha).toEqual({ aberta: 1, aberta_por: ESCALADOR });

    // The workers see it as the open call.
    const w = await amb.cliente();
    amb.relogio.avancar(10_000);
    const e = await w.chamar(apiEscalaAberta.escalaAberta);
    expect(e.corpo.dados?.numEscalacao).toBe(num);

    // Reopen attempts, cancel of an open call, double close: refused with the state.
    const de = await staff.chamar(apiGestao.abrir, { params: { num } });
    expect(de.status).toBe(409);
    expect(de.corpo).toMatchObject({ codigoErro: 'SituacaoEscalaInvalida', dados: { situacao: 'aberta' } });
    const c = await staff.chamar(apiGestao.cancelar, { params: { num } });
    expect(c.corpo.codigoErro).toBe('SituacaoEscalaInvalida');
    expect((await staff.chamar(apiGestao.fechar, { params: { num } })).status).toBe(200);
    const f2 = await staff.chamar(apiGestao.fechar, { params: { num } });
    expect(f2.status).toBe(409);
    expect(f2.corpo).toMatchObject({ codigoErro: 'SituacaoEscalaInvalida', dados: { situacao: 'fechada' } });
    expect((await staff.chamar(apiGestao.abrir, { params: { num } })).corpo.codigoErro).toBe(
      'SituacaoEscalaInvalida',
    );
  });

  it('dois rascunhos abertos ao mesmo tempo: só um abre', async () => {
    const a = await criarRascunho(staff, [requisicaoExemplo('20261203')]);
    const b = await criarRascunho(staff, [requisicaoExemplo('20261203')]);
    const respostas = await Promise.all([
      staff.chamar(apiGestao.abrir, { params: { num: a } }),
      staff.chamar(apiGestao.abrir, { params: { num: b } }),
    ]);
    const status = respostas.map((r) => r.status).sort();
    expect(status).toEqual([200, 409]);
    const abertas = await amb.db
      .selectFrom('escala')
      .select('num_escalacao')
      .where('aberta', '=', 1)
      .execute();
    expect(abertas).toHaveLength(1);
    const aberta = abertas[0]?.num_escalacao as number;
    expect(await situacao(aberta)).toBe('aberta');
    expect(await situacao(aberta === a ? b : a)).toBe('rascunho');
    await staff.chamar(apiGestao.fechar, { params: { num: aberta } });
  });

  it('cancela um rascunho (uma vez); escalas que não existem: 404', async () => {
    const num = await criarRascunho(staff);
    const r = await staff.chamar(apiGestao.cancelar, { params: { num } });
    expect(r.status).toBe(200);
    expect(r.corpo.dados.situacao).toBe('cancelada');
    expect(r.corpo.dados.passos.map((p) => p.situacao)).toEqual(['rascunho', 'cancelada']);
    expect((await staff.chamar(apiGestao.cancelar, { params: { num } })).status).toBe(409);
    expect((await staff.chamar(apiGestao.abrir, { params: { num } })).status).toBe(409);
    for (const acao of [apiGestao.abrir, apiGestao.fechar, apiGestao.cancelar]) {
      const n = await staff.chamar(acao, { params: { num: 99999 } });
      expect(n.status, acao.caminho).toBe(404);
      expect(n.corpo.codigoErro).toBe('NaoEncontrado');
    }
  });

  it('criações simultâneas recebem números distintos', async () => {
    const respostas = await Promise.all(
      Array.from({ length: 6 }, () =>
        staff.chamar(apiGestao.criar, { corpo: { dataChamada: '2026-12-05', horaChamada: '07:00' } }),
      ),
    );
    for (const r of respostas) expect(r.status).toBe(200);
    const nums = new Set(respostas.map((r) => r.corpo.dados.numEscalacao));
    expect(nums.size).toBe(6);
  });
});
