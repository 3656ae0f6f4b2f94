import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAvulso } from '#common/api/avulso.ts';
import type { CampoInvalido } from '#common/envelope.ts';
import { categoriaDaFuncao } from '#common/funcoes.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

describe('GET /api/avulso/habilitacoes', () => {
  it('lista as habilitações do próprio trabalhador com categoria, função e descrição', async () => {
    const c = await amb.logado('100001');
    const r = await c.chamar(apiAvulso.habilitacoes);
    expect(r.status).toBe(200);
    const lista = r.corpo.dados as { codCategoria: number; codFuncao: number; descricao: string }[];
    expect(lista.map((h) => h.codFuncao)).toEqual([101, 102, 104, 105, 107, 108, 110, 111, 119, 121, 129]);
    expect(lista[0]).toEqual({ codCategoria: 1, codFuncao: 101, descricao: 'Estivador' });
    for (const h of lista) {
      expect(Object.keys(h).sort()).toEqual(['codCategoria', 'codFuncao', 'descricao']);
      expect(h.codCategoria).toBe(categoriaDaFuncao(h.codFuncao));
    }
  });

  it('o multifuncional tem habilitações em duas categorias', async () => {
    const c = await amb.logado('100007');
    const r = await c.chamar(apiAvulso.habilitacoes);
    const categorias = new Set((r.corpo.dados as { codCategoria: number }[]).map((h) => h.codCategoria));
    expect([...categorias].sort()).toEqual([1, 6]);
  });

  it('sem sessão: 401', async () => {
    const c = await amb.cliente();
    const r = await c.chamar(apiAvulso.habilitacoes);
    expect(r.status).toBe(401);
    expect(r.corpo.codigoErro).toBe('NaoAutenticado');
  });
});

describe('GET /api/avulso/ultimosTrabalhos', () => {
  it('traz o histórico por ano e mês e o trabalho corrente de 100001', async () => {
    const c = await amb.logado('100001');
    const r = await c.chamar(apiAvulso.ultimosTrabalhos);
    expect(r.status).toBe(200);
    const { ultimosTrabalhos, trabalhoCorrente } = r.corpo.dados;
    expect(Object.keys(r.corpo.dados).sort()).toEqual(['trabalhoCorrente', 'ultimosTrabalhos']);
    expect(trabalhoCorrente).not.toBeNull();
    if (!trabalhoCorrente) throw new Error('sem trabalho corrente');
    expect(Object.keys(trabalhoCorrente).sort()).toEqual([
      'dataNumerica',
      'dataOperacao',
      'faina',
      'funcao',
      'horaFim',
      'horaInicio',
      'localAtracacao',
      'mercadoria',
      'navio',
      'operador',
    ]);
    expect(trabalhoCorrente.dataOperacao).toMatch(/^\d{8}$/);
    expect(trabalhoCorrente.dataNumerica).toBe(Number(trabalhoCorrente.dataOperacao));
    expect([7, 13, 19, 1]).toContain(trabalhoCorrente.horaInicio);
    expect(trabalhoCorrente.navio.length).toBeGreaterThan(0);

    expect(ultimosTrabalhos.length).toBeGreaterThanOrEqual(2);
    const anos = ultimosTrabalhos.map((a) => a.ano);
    expect(anos).toEqual([...anos].sort((a, b) => b - a));
    const primeiroMes = ultimosTrabalhos[0]?.meses[0];
    expect(primeiroMes).toMatchObject({
      nomeMes: expect.stringMatching(/^[A-ZÇ][a-zç]+$/),
      mes: expect.any(Number),
    });
    expect(primeiroMes?.trabalhos.length).toBeGreaterThan(0);
  });

  it('o trabalho corrente muda com o relógio: daqui a 3 dias já é outro ou nenhum', async () => {
    const c = await amb.logado('100001');
    const agora = await c.chamar(apiAvulso.ultimosTrabalhos);
    const inicio = amb.relogio.now();
    amb.relogio.avancar(3 * 24 * 3_600_000);
    const c2 = await amb.logado('100001');
    const depois = await c2.chamar(apiAvulso.ultimosTrabalhos);
    amb.relogio.definir(inicio);
    expect(depois.corpo.dados.trabalhoCorrente).not.toEqual(agora.corpo.dados.trabalhoCorrente);
  });
});

describe('mensagens de serviço', () => {
  it('100001 tem duas; a lida não volta; marcar de novo é inofensivo', async () => {
    const c = await amb.logado('100001');
    const antes = await c.chamar(apiAvulso.mensagens);
    expect(antes.status).toBe(200);
    const mensagens = antes.corpo.dados;
    expect(mensagens.map((m) => m.titulo)).toEqual(['Atualização cadastral', 'Treinamento NR-29']);
    const [primeira, segunda] = mensagens;
    if (!primeira || !segunda) throw new Error('faltam mensagens');

    const lida = await c.chamar(apiAvulso.marcarMensagemLida, { params: { codigo: primeira.codigo } });
    expect(lida.status).toBe(200);
    expect(lida.corpo).toEqual({ sucesso: true, dados: null });
    expect(
      (await c.chamar(apiAvulso.marcarMensagemLida, { params: { codigo: primeira.codigo } })).status,
    ).toBe(200);

    const depois = await c.chamar(apiAvulso.mensagens);
    expect(depois.corpo.dados.map((m) => m.codigo)).toEqual([segunda.codigo]);
    // Another session of the same worker does not see it either.
    const outra = await amb.logado('100001');
    expect((await outra.chamar(apiAvulso.mensagens)).corpo.dados).toHaveLength(1);
  });

  it('a mensagem de outro trabalhador é 404 e não é marcada', async () => {
    const dono = await amb.logado('100001');
    const [alheia] = (await dono.chamar(apiAvulso.mensagens)).corpo.dados;
    if (!alheia) throw new Error('sem mensagem');
    const outro = await amb.logado('100002');
    expect((await outro.chamar(apiAvulso.mensagens)).corpo.dados).toEqual([]);
    const r = await outro.chamar(apiAvulso.marcarMensagemLida, { params: { codigo: alheia.codigo } });
    expect(r.status).toBe(404);
    expect(r.corpo.codigoErro).toBe('NaoEncontrado');
    const linhas = await amb.db
      .selectFrom('mensagem_lida')
      .select('cod_avulso')
      .where('id_mensagem', '=', alheia.codigo)
      .execute();
    expect(linhas).toEqual([]);
  });

  it('um código inexistente é 404 e um código inválido é 400', async () => {
    const c = await amb.logado('100001');
    expect((await c.chamar(apiAvulso.marcarMensagemLida, { params: { codigo: 987654 } })).status).toBe(404);
    const invalido = await c.chamarBruto(apiAvulso.marcarMensagemLida, { params: { codigo: 'abc' } });
    expect(invalido.status).toBe(400);
    expect(invalido.corpo.codigoErro).toBe('DadosInvalidos');
    expect(dadosDaRecusa<CampoInvalido[]>(invalido)?.[0]?.campo).toBe('codigo');
  });

  it('ler não muda nada por GET e marcar exige POST com XSRF', async () => {
    const c = await amb.logado('100001');
    const [m] = (await c.chamar(apiAvulso.mensagens)).corpo.dados;
    if (!m) throw new Error('sem mensagem');
    expect((await c.get(`/api/avulso/mensagens/${m.codigo}/lida`)).status).toBe(404);
    const semXsrf = await c.requisitar({
      method: 'POST',
      url: `/api/avulso/mensagens/${m.codigo}/lida`,
      payload: {},
      headers: { 'x-xsrf-token': 'outro' },
    });
    expect(semXsrf.status).toBe(403);
    expect((await c.chamar(apiAvulso.mensagens)).corpo.dados).toContainEqual(
      expect.objectContaining({ codigo: m.codigo }),
    );
  });
});
