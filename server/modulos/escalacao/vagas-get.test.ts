import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEscalacao, escalaCarregadaSchema, vagasRespostaSchema } from '#common/api/escalacao.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import { montarEscalaCarregada } from '#common/escala-carregada.ts';
import { aparenciaFuncao, COR_MAJORADA } from '#common/funcoes.ts';
import { limitesTurno } from '#common/tempo.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { carregar, FAINA_TESTE, inserirTrabalho, ofertasDe } from './apoio-teste.ts';
import { VALIDADE_CACHE_AVULSO_MS } from './avulsos.ts';
import { VALIDADE_CACHE_ESCALA_MS } from './escala-compartilhada.ts';

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

const H = 3_600_000;
const PONTEIROS = ['ponteiro', 'ponteiroA', 'ponteiroP', 'grupo'] as const;

/** Parameters are read with the call and kept for VALIDADE_CACHE_ESCALA_MS of the app's clock. */
async function definirParametro(nome: string, valor: string) {
  await amb.db.updateTable('parametro').set({ valor }).where('nome', '=', nome).execute();
  amb.relogio.avancar(VALIDADE_CACHE_ESCALA_MS + 1);
}

function temPonteiros(funcao: object): boolean {
  const chaves = PONTEIROS.filter((k) => k in funcao);
  if (chaves.length !== 0 && chaves.length !== PONTEIROS.length) throw new Error('ponteiros pela metade');
  return chaves.length === PONTEIROS.length;
}

describe('GET /api/vagas: a escala aberta para o trabalhador', () => {
  it('segue o esquema do fio e traz as quatro categorias', async () => {
    const c = await amb.logado('100001');
    const r = await c.chamar(apiEscalacao.vagas, { query: { numEscalacao: 4521 } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['cache-control']).toBe('private, no-cache');
    const env = envelopeSucesso(vagasRespostaSchema).parse(r.corpo);
    expect(env.dados).toMatchObject({ numEscalacao: 4521, horaChamada: '06:30' });
    expect(Object.keys(env.dados.categorias).sort()).toEqual(['1', '2', '4', '6']);
    for (const [chave, categoria] of Object.entries(env.dados.categorias)) {
      expect(categoria.codCategoria).toBe(Number(chave));
      expect(categoria.qtdOfertas).toBeGreaterThan(0);
    }
    // Exactly the wire's keys, nothing more: the shared offer carries nothing of the worker…
    const compartilhada = env.dados.categorias['1']?.requisicoes[0]?.poroes[0]?.funcoes[0] as object;
    expect(Object.keys(compartilhada).sort()).toEqual(
      [
        'codFuncao',
        'nomeFuncao',
        'numPorao',
        'seqCategoria',
        'numVagas',
        'cor',
        'icone',
        ...PONTEIROS,
      ].sort(),
    );
    expect(Object.keys(r.corpo.dados.pessoal).sort()).toEqual(['escolhas', 'habilitacoes', 'semDescanso']);
    // …and merged, the offer is escalaCarregada's.
    const escala = escalaCarregadaSchema.parse(montarEscalaCarregada(env.dados));
    const oferta = ofertasDe(escala)[0]?.funcao as object;
    expect(Object.keys(oferta).sort()).toEqual(
      [
        'codFuncao',
        'nomeFuncao',
        'numPorao',
        'seqCategoria',
        'seqCategoTPA',
        'habilitado',
        'comDescanso',
        'escolhida',
        'preferencia',
        'situacao',
        'mensagem',
        'numVagas',
        'cor',
        'icone',
        ...PONTEIROS,
      ].sort(),
    );
  });

  it('habilitado segue as habilitações do trabalhador; contagens pessoais', async () => {
    const c = await amb.logado('100001');
    const escala = await carregar(c);
    const habilitacoes = new Set(
      (
        await amb.db
          .selectFrom('habilitacao')
          .select('cod_funcao')
          .where('cod_avulso', '=', '100001')
          .execute()
      ).map((h) => h.cod_funcao),
    );
    const todas = ofertasDe(escala);
    expect(todas.some((o) => !o.funcao.habilitado)).toBe(true);
    for (const o of todas) expect(o.funcao.habilitado).toBe(habilitacoes.has(o.funcao.codFuncao));
    for (const categoria of Object.values(escala.categorias)) {
      const daCategoria = ofertasDe(escala, categoria.codCategoria);
      expect(categoria.qtdOfertas).toBe(daCategoria.length);
      expect(categoria.qtdDisponiveis).toBe(
        daCategoria.filter((o) => o.funcao.habilitado && o.funcao.comDescanso).length,
      );
      expect(categoria.qtdEscolhas).toBe(0);
      for (const req of categoria.requisicoes) {
        expect(req.qtdOfertas).toBe(req.poroes.reduce((n, p) => n + p.funcoes.length, 0));
        expect(req.qtdEscolhas).toBe(0);
      }
    }
    // Nothing chosen by the demo accounts.
    expect(
      todas.every((o) => !o.funcao.escolhida && o.funcao.seqCategoTPA === 0 && o.funcao.preferencia === null),
    ).toBe(true);
    expect(todas.every((o) => o.funcao.situacao === 0 && o.funcao.mensagem === null)).toBe(true);
    expect(escala.categorias['1']?.qtdDisponiveis).toBeGreaterThan(0);
  });

  it('100001 tem ofertas com descanso e ao menos uma sem (o turno seguinte ao trabalho atual)', async () => {
    const escala = await carregar(await amb.logado('100001'));
    const estiva = ofertasDe(escala, 1).filter((o) => o.funcao.habilitado);
    expect(estiva.some((o) => o.funcao.comDescanso)).toBe(true);
    expect(estiva.some((o) => !o.funcao.comDescanso)).toBe(true);
  });

  it('cor e ícone pelo catálogo, com a cor majorada de vigia 401/404 nos cais majorados', async () => {
    const escala = await carregar(await amb.logado('100004'));
    const vigia = ofertasDe(escala, 4);
    expect(vigia.filter((o) => o.funcao.habilitado).length).toBeGreaterThan(0);
    let majoradas = 0;
    for (const o of vigia) {
      const esperado = aparenciaFuncao(o.funcao.codFuncao, o.requisicao.codLocalAtrac);
      expect(o.funcao.cor).toEqual(esperado.cor);
      expect(o.funcao.icone).toBe(esperado.icone);
      expect(o.funcao.nomeFuncao).toBe(esperado.nome);
      if (
        ['07', '08', '23', '24'].includes(o.requisicao.codLocalAtrac) &&
        [401, 404].includes(o.funcao.codFuncao)
      ) {
        expect(o.funcao.cor).toEqual(COR_MAJORADA);
        majoradas++;
      }
    }
    expect(majoradas).toBeGreaterThan(0);
    const cmu = vigia.find((o) => o.requisicao.codLocalAtrac === '1' && o.funcao.codFuncao === 401);
    expect(cmu?.funcao.cor).not.toEqual(COR_MAJORADA);
  });

  it('as contas da demonstração têm ofertas nas suas categorias', async () => {
    const habilitadas = async (cod: string, cat: number) =>
      ofertasDe(await carregar(await amb.logado(cod)), cat).filter((o) => o.funcao.habilitado).length;
    expect(await habilitadas('100002', 2)).toBeGreaterThan(0);
    expect(await habilitadas('100003', 6)).toBeGreaterThan(0);
    expect(await habilitadas('100007', 1)).toBeGreaterThan(0);
    expect(await habilitadas('100007', 6)).toBeGreaterThan(0);
    const staff = await carregar(await amb.logado('900001'));
    for (const cat of [1, 2, 4, 6]) expect(ofertasDe(staff, cat).some((o) => o.funcao.habilitado)).toBe(true);
  });
});

describe('GET /api/vagas por HTTP de verdade', () => {
  it('respostas simultâneas de trabalhadores diferentes não se misturam (buffers reutilizados)', async () => {
    const codigos = ['100001', '100002', '100003', '100004', '100007', '900001'];
    const clientes = await Promise.all(codigos.map((c) => amb.logado(c)));
    const esperado = await Promise.all(
      clientes.map((c) => c.chamar(apiEscalacao.vagas, { query: { numEscalacao: 4521 } })),
    );
    const endereco = await amb.app.listen({ port: 0, host: '127.0.0.1' });
    const pedir = (token: string) =>
      new Promise<string>((resolver, rejeitar) => {
        const req = http.get(
          `${endereco}/api/vagas?numEscalacao=4521`,
          { headers: { 'x-access-token': token } },
          (res) => {
            const pedacos: Buffer[] = [];
            res.on('data', (p: Buffer) => pedacos.push(p));
            res.on('end', () => resolver(Buffer.concat(pedacos).toString('utf8')));
          },
        );
        req.on('error', rejeitar);
      });
    for (let rodada = 0; rodada < 3; rodada++) {
      const corpos = await Promise.all([...clientes, ...clientes].map((c) => pedir(c.token ?? '')));
      corpos.forEach((corpo, i) => {
        const dados = JSON.parse(corpo).dados;
        expect(dados).toEqual(esperado[i % clientes.length]?.corpo.dados);
      });
    }
  });
});

describe('GET /api/vagas e avulsosConfirmados: token renovado no envelope escrito à mão', () => {
  it('passada a metade da vida da sessão, o envelope traz o token novo, que vale', async () => {
    for (const url of ['/api/vagas', '/api/avulsosConfirmados']) {
      const c = await amb.logado('100004');
      const antigo = c.token;
      const meiaVida = new Date(amb.relogio.now().getTime() - (amb.config.sessao.maximaHoras / 2 + 1) * H);
      await amb.db
        .updateTable('sessao')
        .set({ criada_em: meiaVida.toISOString() })
        .where('cod_avulso', '=', '100004')
        .execute();
      const r = await c.get(url, { numEscalacao: '4521', codCategoria: '4' });
      expect(r.status).toBe(200);
      expect(r.corpo.sucesso).toBe(true);
      expect(typeof r.corpo.token).toBe('string');
      expect(r.corpo.token).not.toBe(antigo);
      expect(c.token).toBe(r.corpo.token);
      expect((await c.get(url, { numEscalacao: '4521', codCategoria: '4' })).status).toBe(200);
    }
  });
});

describe('GET /api/vagas: ponteiros (docs/produto/escalacao.md §5)', () => {
  it('demonstração: estivador registrado vê estiva e vigia; não vê conferência nem capatazia', async () => {
    const escala = await carregar(await amb.logado('100001'));
    for (const o of ofertasDe(escala, 1)) expect(temPonteiros(o.funcao)).toBe(true);
    for (const o of ofertasDe(escala, 4)) expect(temPonteiros(o.funcao)).toBe(true);
    for (const o of ofertasDe(escala, 2)) expect(temPonteiros(o.funcao)).toBe(false);
    for (const o of ofertasDe(escala, 6)) expect(temPonteiros(o.funcao)).toBe(false);
  });

  it("equipe do OGMO vê estiva, conferência e vigia, nunca capatazia, mesmo com 'todos'", async () => {
    await definirParametro('EXIBIR_OFERTA_PONTEIRO_CAPATAZIA', 'todos');
    try {
      const escala = await carregar(await amb.logado('900001'));
      for (const cat of [1, 2, 4])
        for (const o of ofertasDe(escala, cat)) expect(temPonteiros(o.funcao)).toBe(true);
      for (const o of ofertasDe(escala, 6)) expect(temPonteiros(o.funcao)).toBe(false);
      // …while a registered arrumador now sees the capatazia pointer.
      const arrumador = await carregar(await amb.logado('100003'));
      for (const o of ofertasDe(arrumador, 6)) expect(temPonteiros(o.funcao)).toBe(true);
    } finally {
      await definirParametro('EXIBIR_OFERTA_PONTEIRO_CAPATAZIA', 'ogmo');
    }
  });

  it("com 'ogmo' só a equipe vê; com '0' ninguém vê", async () => {
    await definirParametro('EXIBIR_OFERTA_PONTEIRO_ESTIVA', 'ogmo');
    try {
      const estivador = await carregar(await amb.logado('100001'));
      for (const o of ofertasDe(estivador, 1)) expect(temPonteiros(o.funcao)).toBe(false);
      const staff = await carregar(await amb.logado('900001'));
      for (const o of ofertasDe(staff, 1)) expect(temPonteiros(o.funcao)).toBe(true);
      await definirParametro('EXIBIR_OFERTA_PONTEIRO_ESTIVA', '0');
      const staff0 = await carregar(await amb.logado('900001'));
      for (const o of ofertasDe(staff0, 1)) expect(temPonteiros(o.funcao)).toBe(false);
    } finally {
      await definirParametro('EXIBIR_OFERTA_PONTEIRO_ESTIVA', 'todos');
    }
  });

  it('cadastrado (artigo 54) não vê; vigia não vê ponteiro algum', async () => {
    await amb.db.updateTable('avulso').set({ artigo: 54 }).where('cod_avulso', '=', '100006').execute();
    amb.relogio.avancar(VALIDADE_CACHE_AVULSO_MS + 1);
    const cadastrado = await carregar(await amb.logado('100006'));
    expect(ofertasDe(cadastrado).some((o) => temPonteiros(o.funcao))).toBe(false);
    const vigia = await carregar(await amb.logado('100004'));
    expect(ofertasDe(vigia).some((o) => temPonteiros(o.funcao))).toBe(false);
  });
});

describe('GET /api/vagas: a regra do descanso (11 horas)', () => {
  /** A requisition of 100002 (conferente) two days ahead: her demo history ended two days ago or before. */
  async function alvo() {
    const c = await amb.logado('100002');
    const escala = await carregar(c);
    const o = ofertasDe(escala, 2).find((x) => x.funcao.habilitado && x.funcao.comDescanso);
    if (!o) throw new Error('sem oferta habilitada para 100002');
    const { inicio, fim } = limitesTurno(
      o.requisicao.dataOperacao,
      o.requisicao.horaInicio,
      o.requisicao.horaFim,
      amb.config.fusoHorario,
    );
    const descanso = async () =>
      ofertasDe(await carregar(c), 2).find((x) => x.funcao.seqCategoria === o.funcao.seqCategoria)?.funcao
        .comDescanso;
    return {
      c,
      numRequisicao: o.requisicao.numRequisicao,
      inicio: inicio.getTime(),
      fim: fim.getTime(),
      descanso,
    };
  }

  async function limpar() {
    await amb.db
      .deleteFrom('trabalho')
      .where('cod_avulso', '=', '100002')
      .where('faina', '=', FAINA_TESTE)
      .execute();
  }

  it('exatamente 11 horas: com descanso; um minuto a menos: sem descanso', async () => {
    const { inicio, descanso } = await alvo();
    await limpar();
    await inserirTrabalho(amb.db, '100002', inicio - 17 * H, inicio - 11 * H);
    expect(await descanso()).toBe(true);
    await limpar();
    await inserirTrabalho(amb.db, '100002', inicio - 17 * H, inicio - 11 * H + 60_000);
    expect(await descanso()).toBe(false);
    await limpar();
  });

  it('um engajamento que se sobrepõe ao turno: sem descanso; um posterior também conta (os dois lados)', async () => {
    const { inicio, fim, descanso } = await alvo();
    await limpar();
    await inserirTrabalho(amb.db, '100002', inicio + H, fim + H);
    expect(await descanso()).toBe(false);
    await limpar();
    // The case: already published for the next shift, 0 h of rest after this one.
    await inserirTrabalho(amb.db, '100002', fim, fim + 6 * H);
    expect(await descanso()).toBe(false);
    await limpar();
    await inserirTrabalho(amb.db, '100002', fim + 11 * H - 60_000, fim + 17 * H);
    expect(await descanso()).toBe(false);
    await limpar();
    await inserirTrabalho(amb.db, '100002', fim + 11 * H, fim + 17 * H);
    expect(await descanso()).toBe(true);
    await limpar();
  });
});

describe('GET /api/vagas: quem pode carregar qual escala', () => {
  it('trabalhador impedido: TpaImpedido', async () => {
    const r = await (await amb.logado('100005')).chamar(apiEscalacao.vagas, {
      query: { numEscalacao: 4521 },
    });
    expect(r.status).toBe(403);
    expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'TpaImpedido' });
  });

  it('trabalhador comum: escala fechada 409, inexistente 404', async () => {
    const c = await amb.logado('100001');
    const fechada = await c.chamar(apiEscalacao.vagas, { query: { numEscalacao: 4520 } });
    expect(fechada.status).toBe(409);
    expect(fechada.corpo).toMatchObject({
      codigoErro: 'EscalaFechada',
      mensagem: 'A chamada desta escala não está aberta!',
    });
    const inexistente = await c.chamar(apiEscalacao.vagas, { query: { numEscalacao: 9999 } });
    expect(inexistente.status).toBe(404);
    expect(inexistente.corpo.codigoErro).toBe('NaoEncontrado');
    // Past the column's 32 bits: the sender's mistake (issue 12, item 6).
    const grande = await c.chamar(apiEscalacao.vagas, { query: { numEscalacao: 99999999999 } });
    expect(grande.status).toBe(400);
    expect(grande.corpo.codigoErro).toBe('DadosInvalidos');
  });

  it('escala fechada pela equipe: recusada assim que passa o período da memória', async () => {
    const c = await amb.logado('100001');
    await carregar(c);
    await amb.db.updateTable('escala').set({ aberta: 0 }).where('num_escalacao', '=', 4521).execute();
    try {
      amb.relogio.avancar(VALIDADE_CACHE_ESCALA_MS + 1);
      const r = await c.chamar(apiEscalacao.vagas, { query: { numEscalacao: 4521 } });
      expect(r.status).toBe(409);
      expect(r.corpo.codigoErro).toBe('EscalaFechada');
    } finally {
      await amb.db.updateTable('escala').set({ aberta: 1 }).where('num_escalacao', '=', 4521).execute();
      amb.relogio.avancar(VALIDADE_CACHE_ESCALA_MS + 1);
    }
    expect((await c.chamar(apiEscalacao.vagas, { query: { numEscalacao: 4521 } })).status).toBe(200);
  });

  it('usuário de teste (900001) carrega uma escala antiga', async () => {
    const c = await amb.logado('900001');
    const escala = await carregar(c, 4518);
    expect(escala.numEscalacao).toBe(4518);
    expect(ofertasDe(escala).length).toBeGreaterThan(0);
    expect(
      ofertasDe(escala).every((o) => o.funcao.seqCategoria > 4518000 && o.funcao.seqCategoria < 4519000),
    ).toBe(true);
    const inexistente = await c.chamar(apiEscalacao.vagas, { query: { numEscalacao: 9999 } });
    expect(inexistente.status).toBe(404);
  });

  it('sem sessão: 401', async () => {
    const r = await (await amb.cliente()).chamar(apiEscalacao.vagas, { query: { numEscalacao: 4521 } });
    expect(r.status).toBe(401);
    expect(r.corpo.codigoErro).toBe('NaoAutenticado');
  });

  it.each([['abc'], ['-1'], ['0'], ['1.5'], ['']])("número '%s': DadosInvalidos", async (n) => {
    const r = await (await amb.logado('100001')).get('/api/vagas', { numEscalacao: n });
    expect(r.status).toBe(400);
    expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'DadosInvalidos' });
  });

  it('sem o número: DadosInvalidos', async () => {
    const r = await (await amb.logado('100001')).get('/api/vagas');
    expect(r.status).toBe(400);
    expect(r.corpo.codigoErro).toBe('DadosInvalidos');
  });
});
