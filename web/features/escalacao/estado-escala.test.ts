import { describe, expect, it } from 'vitest';
import type { EscalaCarregada, FuncaoOferta, PostVagasResposta } from '#common/api/escalacao.ts';
import {
  aplicarFalha,
  aplicarSucesso,
  type ContextoEscolha,
  deveCarregarVagas,
  dispensarErro,
  encontrarOferta,
  escolherOferta,
  limparOfertas,
  limparOfertasHabilitado,
  MENSAGEM_ESCALA_FECHADA,
  MENSAGEM_SEM_DESCANSO,
  podeCarregarEscala,
  type RefOferta,
  selecionarTudo,
  selecionarTudoHabilitado,
  statusAoEditar,
  temOfertas,
  temVagas,
} from './estado-escala.ts';

const NUM = 4521;

function oferta(seqCategoria: number, codFuncao: number, extra: Partial<FuncaoOferta> = {}): FuncaoOferta {
  return {
    codFuncao,
    nomeFuncao: `Função ${codFuncao}`,
    numPorao: 'PR00',
    seqCategoria,
    seqCategoTPA: 0,
    habilitado: true,
    comDescanso: true,
    escolhida: false,
    preferencia: null,
    situacao: 0,
    mensagem: null,
    numVagas: 2,
    cor: { fundo: '#000', texto: '#fff' },
    icone: 'capacete',
    ...extra,
  };
}

/** Category 1 (Estivador): requisition 10 with holds PR00 and PR01, requisition 11 with one hold. */
function escala(
  codCategoria = 1,
  funcoes?: { r10p0?: FuncaoOferta[]; r10p1?: FuncaoOferta[]; r11?: FuncaoOferta[] },
) {
  const req = (numRequisicao: number, poroes: { numPorao: string; funcoes: FuncaoOferta[] }[]) => ({
    numRequisicao,
    codOperador: 7,
    codNavio: 70 + numRequisicao,
    nomeNavio: `Navio ${numRequisicao}`,
    nomeOperador: 'Operador',
    dataOperacao: '20261121',
    codPeriodo: 1,
    horaInicio: 7,
    horaFim: 13,
    codLocalAtrac: '01',
    nomeLocalAtrac: 'Cais 1',
    qtdOfertas: 0,
    qtdEscolhas: 0,
    poroes: poroes.map((p) => ({ ...p, nomeMercadoria: 'Contêineres', tonelagem: 12500 })),
  });
  const r10p0 = funcoes?.r10p0 ?? [oferta(1, 101), oferta(2, 104), oferta(3, 105, { habilitado: false })];
  const r10p1 = funcoes?.r10p1 ?? [
    oferta(4, 101, { numPorao: 'PR01' }),
    oferta(5, 107, { comDescanso: false }),
  ];
  const r11 = funcoes?.r11 ?? [oferta(6, 101), oferta(7, 110)];
  const e: EscalaCarregada = {
    numEscalacao: NUM,
    dataChamada: '2026-11-21',
    horaChamada: '07:00',
    categorias: {
      [String(codCategoria)]: {
        codCategoria,
        qtdOfertas: 7,
        qtdDisponiveis: 5,
        qtdEscolhas: 0,
        requisicoes: [
          req(10, [
            { numPorao: 'PR00', funcoes: r10p0 },
            { numPorao: 'PR01', funcoes: r10p1 },
          ]),
          req(11, [{ numPorao: 'PR00', funcoes: r11 }]),
        ],
      },
    },
  };
  return e;
}

const ctx: ContextoEscolha = {
  codAvulso: '100001',
  usuarioTeste: false,
  escolhaPoraoEstiva: false,
  escalaAberta: { numEscalacao: NUM, dataChamada: '2026-11-21', horaChamada: '07:00' },
};

function ref(
  numRequisicao: number,
  numPorao: string,
  seqCategoria: number,
  codFuncao: number,
  codCategoria = 1,
) {
  return { codCategoria, numRequisicao, numPorao, seqCategoria, codFuncao } satisfies RefOferta;
}

const de = (e: EscalaCarregada, r: RefOferta) => {
  const item = encontrarOferta(e, r);
  if (!item) throw new Error('oferta não encontrada');
  return item.funcao;
};

function respostaDe(envio: NonNullable<ReturnType<typeof escolherOferta>['envio']>): PostVagasResposta {
  return {
    escolhas: envio.escolhas.map((e, i) => ({ ...e, seqCategoTPA: e.escolhida ? 900 + i : 0 })),
    codAvulso: envio.codAvulso,
    numEscalacao: envio.numEscalacao,
    categoria: envio.categoria,
  };
}

describe('escolherOferta', () => {
  it('alterna escolhida, marca em andamento e pede o POST da oferta com preferência 1', () => {
    const r = ref(10, 'PR00', 1, 101);
    const { escala: e, envio } = escolherOferta(escala(), NUM, r, ctx);
    expect(de(e, r)).toMatchObject({ escolhida: true, situacao: 1, preferencia: 1, mensagem: null });
    expect(envio?.escolhas).toEqual([
      expect.objectContaining({
        numRequisicao: 10,
        seqCategoria: 1,
        codFuncao: 101,
        escolhida: true,
        preferencia: 1,
      }),
    ]);
    expect(envio?.escolhas[0]).toMatchObject({ numPorao: 'PR00', numPoraoFuncao: 'PR00', codNavio: 80 });
    expect(envio?.anteriores).toEqual([{ escolhida: false, preferencia: null }]);
    expect(e.categorias['1']?.qtdEscolhas).toBe(1);
    expect(e.categorias['1']?.requisicoes[0]?.qtdEscolhas).toBe(1);
  });

  it('dá a próxima preferência depois da maior entre as outras escolhidas', () => {
    const base = escala(1, {
      r11: [
        oferta(6, 101, { escolhida: true, preferencia: 4 }),
        oferta(7, 110, { escolhida: true, preferencia: 2 }),
      ],
    });
    const r = ref(10, 'PR00', 2, 104);
    const { escala: e, envio } = escolherOferta(base, NUM, r, ctx);
    expect(de(e, r).preferencia).toBe(5);
    expect(envio?.escolhas[0]?.preferencia).toBe(5);
  });

  it('desmarcar uma escolha limpa a preferência', () => {
    const base = escala(1, {
      r11: [oferta(6, 101, { escolhida: true, preferencia: 1, seqCategoTPA: 55 }), oferta(7, 110)],
    });
    const r = ref(11, 'PR00', 6, 101);
    const { escala: e, envio } = escolherOferta(base, NUM, r, ctx);
    expect(de(e, r)).toMatchObject({ escolhida: false, preferencia: null, situacao: 1 });
    expect(envio?.escolhas[0]).toMatchObject({ escolhida: false, preferencia: null, seqCategoTPA: 55 });
    expect(envio?.anteriores).toEqual([{ escolhida: true, preferencia: 1 }]);
  });

  it('recusa a oferta sem habilitação com a mensagem da função, sem POST', () => {
    const r = ref(10, 'PR00', 3, 105);
    const { escala: e, envio } = escolherOferta(escala(), NUM, r, ctx);
    expect(envio).toBeNull();
    expect(de(e, r)).toMatchObject({
      escolhida: false,
      situacao: 2,
      mensagem: 'Você não possui habilitação para a função Função 105!',
    });
  });

  it('recusa a oferta sem descanso', () => {
    const r = ref(10, 'PR01', 5, 107);
    const { escala: e, envio } = escolherOferta(escala(), NUM, r, ctx);
    expect(envio).toBeNull();
    expect(de(e, r)).toMatchObject({ escolhida: false, situacao: 2, mensagem: MENSAGEM_SEM_DESCANSO });
  });

  it('ignora o toque numa oferta em andamento', () => {
    const base = escala(1, {
      r11: [oferta(6, 101, { situacao: 1, escolhida: true, preferencia: 1 }), oferta(7, 110)],
    });
    const r = ref(11, 'PR00', 6, 101);
    const resultado = escolherOferta(base, NUM, r, ctx);
    expect(resultado.envio).toBeNull();
    expect(resultado.escala).toBe(base);
  });

  it('recusa quando o número da escala da tela não é mais o carregado', () => {
    const r = ref(10, 'PR00', 1, 101);
    const { escala: e, envio } = escolherOferta(escala(), 4520, r, ctx);
    expect(envio).toBeNull();
    expect(de(e, r)).toMatchObject({ situacao: 2, mensagem: MENSAGEM_ESCALA_FECHADA, escolhida: false });
  });

  it('trabalhador comum não escolhe sem chamada aberta ou com outra chamada aberta', () => {
    const r = ref(10, 'PR00', 1, 101);
    for (const escalaAberta of [
      null,
      { numEscalacao: 4522, dataChamada: '2026-11-22', horaChamada: '07:00' },
    ]) {
      const { escala: e, envio } = escolherOferta(escala(), NUM, r, { ...ctx, escalaAberta });
      expect(envio).toBeNull();
      expect(de(e, r)).toMatchObject({ situacao: 2, mensagem: MENSAGEM_ESCALA_FECHADA });
    }
  });

  it('usuário de teste escolhe numa escala que não é a aberta', () => {
    const r = ref(10, 'PR00', 1, 101);
    const { envio } = escolherOferta(escala(), NUM, r, { ...ctx, usuarioTeste: true, escalaAberta: null });
    expect(envio?.escolhas).toHaveLength(1);
  });
});

describe('resultado do POST', () => {
  it('sucesso: aplica o estado do servidor e volta a disponível', () => {
    const r = ref(10, 'PR00', 1, 101);
    const { escala: e, envio } = escolherOferta(escala(), NUM, r, ctx);
    if (!envio) throw new Error('sem envio');
    const resposta = respostaDe(envio);
    const final = aplicarSucesso(e, envio, resposta, ctx);
    expect(de(final, r)).toMatchObject({ escolhida: true, preferencia: 1, seqCategoTPA: 900, situacao: 0 });
  });

  it('sucesso: a preferência que o servidor decidir prevalece', () => {
    const r = ref(10, 'PR00', 1, 101);
    const { escala: e, envio } = escolherOferta(escala(), NUM, r, ctx);
    if (!envio) throw new Error('sem envio');
    const resposta = respostaDe(envio);
    resposta.escolhas = resposta.escolhas.map((x) => ({ ...x, preferencia: 3 }));
    expect(de(aplicarSucesso(e, envio, resposta, ctx), r).preferencia).toBe(3);
  });

  it('falha: reverte a escolha (sem preferência) e marca erro com a mensagem do servidor', () => {
    const r = ref(10, 'PR00', 1, 101);
    const { escala: e, envio } = escolherOferta(escala(), NUM, r, ctx);
    if (!envio) throw new Error('sem envio');
    const final = aplicarFalha(e, envio, 'A chamada desta escala não está aberta!', ctx);
    expect(de(final, r)).toMatchObject({
      escolhida: false,
      preferencia: null,
      situacao: 2,
      mensagem: 'A chamada desta escala não está aberta!',
    });
    expect(final.categorias['1']?.qtdEscolhas).toBe(0);
  });

  it('falha ao desmarcar: a oferta volta a escolhida com a preferência que tinha', () => {
    const base = escala(1, { r11: [oferta(6, 101, { escolhida: true, preferencia: 2 }), oferta(7, 110)] });
    const r = ref(11, 'PR00', 6, 101);
    const { escala: e, envio } = escolherOferta(base, NUM, r, ctx);
    if (!envio) throw new Error('sem envio');
    expect(de(aplicarFalha(e, envio, 'Falhou', ctx), r)).toMatchObject({
      escolhida: true,
      preferencia: 2,
      situacao: 2,
    });
  });

  it('ignora resultados de outra escala ou de outro trabalhador', () => {
    const r = ref(10, 'PR00', 1, 101);
    const { escala: e, envio } = escolherOferta(escala(), NUM, r, ctx);
    if (!envio) throw new Error('sem envio');
    const resposta = respostaDe(envio);
    expect(aplicarSucesso(e, envio, { ...resposta, numEscalacao: 4520 }, ctx)).toBe(e);
    expect(aplicarSucesso(e, envio, { ...resposta, codAvulso: '100002' }, ctx)).toBe(e);
    expect(aplicarSucesso(e, envio, resposta, { ...ctx, codAvulso: '100002' })).toBe(e);
    expect(aplicarFalha(e, envio, 'x', { ...ctx, codAvulso: '100002' })).toBe(e);
    const outraEscala = { ...e, numEscalacao: 4519 };
    expect(aplicarFalha(outraEscala, envio, 'x', ctx)).toBe(outraEscala);
  });

  it('sem escolha de porão, o resultado vale para a mesma oferta listada em todos os porões', () => {
    const dup = escala(1, {
      r10p0: [oferta(1, 101)],
      r10p1: [oferta(1, 101, { numPorao: 'PR01' })],
    });
    const r = ref(10, 'PR00', 1, 101);
    const { escala: e, envio } = escolherOferta(dup, NUM, r, ctx);
    if (!envio) throw new Error('sem envio');
    const final = aplicarSucesso(e, envio, respostaDe(envio), ctx);
    expect(de(final, r).escolhida).toBe(true);
    expect(de(final, ref(10, 'PR01', 1, 101)).escolhida).toBe(true);
  });

  it('Estivador e Conferente com escolha de porão: só o porão correspondente muda', () => {
    for (const cat of [1, 2]) {
      const dup = escala(cat, {
        r10p0: [oferta(1, 101)],
        r10p1: [oferta(1, 101, { numPorao: 'PR01' })],
      });
      const comPorao = { ...ctx, escolhaPoraoEstiva: true };
      const r = ref(10, 'PR01', 1, 101, cat);
      const { escala: e, envio } = escolherOferta(dup, NUM, r, comPorao);
      if (!envio) throw new Error('sem envio');
      expect(envio.escolhas[0]).toMatchObject({ numPorao: 'PR01', numPoraoFuncao: 'PR01' });
      const final = aplicarSucesso(e, envio, respostaDe(envio), comPorao);
      expect(de(final, r).escolhida).toBe(true);
      expect(de(final, ref(10, 'PR00', 1, 101, cat)).escolhida).toBe(false);
    }
  });

  it('Capatazia ignora a escolha de porão', () => {
    const dup = escala(6, { r10p0: [oferta(1, 601)], r10p1: [oferta(1, 601, { numPorao: 'PR01' })] });
    const comPorao = { ...ctx, escolhaPoraoEstiva: true };
    const { escala: e } = escolherOferta(dup, NUM, ref(10, 'PR01', 1, 601, 6), comPorao);
    expect(de(e, ref(10, 'PR00', 1, 601, 6)).escolhida).toBe(true);
  });
});

describe('dispensarErro', () => {
  it('volta a oferta em erro para disponível', () => {
    const r = ref(10, 'PR01', 5, 107);
    const { escala: e } = escolherOferta(escala(), NUM, r, ctx);
    expect(de(e, r).situacao).toBe(2);
    expect(de(dispensarErro(e, r), r)).toMatchObject({ situacao: 0, mensagem: null });
  });
});

describe('ações em lote', () => {
  it("'Selecionar tudo' toca só as habilitadas, descansadas, não escolhidas e disponíveis, num POST só", () => {
    const base = escala(1, {
      r11: [oferta(6, 101, { escolhida: true, preferencia: 2 }), oferta(7, 110, { situacao: 1 })],
    });
    const { escala: e, envio } = selecionarTudo(base, NUM, 1, ctx);
    expect(envio?.escolhas.map((x) => x.seqCategoria)).toEqual([1, 2, 4]);
    expect(envio?.escolhas.map((x) => x.preferencia)).toEqual([3, 4, 5]);
    expect(envio?.escolhas.every((x) => x.escolhida)).toBe(true);
    expect(de(e, ref(10, 'PR00', 3, 105))).toMatchObject({ escolhida: false, situacao: 0 });
    expect(de(e, ref(10, 'PR01', 5, 107))).toMatchObject({ escolhida: false, situacao: 0 });
    expect(de(e, ref(11, 'PR00', 7, 110))).toMatchObject({ escolhida: false, situacao: 1 });
    expect(de(e, ref(10, 'PR00', 1, 101))).toMatchObject({ escolhida: true, situacao: 1 });
  });

  it("'Limpar ofertas' toca só as escolhidas e disponíveis", () => {
    const base = escala(1, {
      r10p0: [
        oferta(1, 101, { escolhida: true, preferencia: 1 }),
        oferta(2, 104, { escolhida: true, situacao: 1 }),
      ],
      r11: [oferta(6, 101, { escolhida: true, preferencia: 3 }), oferta(7, 110)],
    });
    const { escala: e, envio } = limparOfertas(base, NUM, 1, ctx);
    expect(envio?.escolhas.map((x) => [x.seqCategoria, x.escolhida, x.preferencia])).toEqual([
      [1, false, null],
      [6, false, null],
    ]);
    expect(envio?.anteriores).toEqual([
      { escolhida: true, preferencia: 1 },
      { escolhida: true, preferencia: 3 },
    ]);
    expect(de(e, ref(10, 'PR00', 2, 104))).toMatchObject({ escolhida: true, situacao: 1 });
    if (!envio) throw new Error('sem envio');
    const final = aplicarSucesso(e, envio, respostaDe(envio), ctx);
    expect(de(final, ref(10, 'PR00', 1, 101))).toMatchObject({
      escolhida: false,
      preferencia: null,
      situacao: 0,
    });
  });

  it('nada a tocar: nenhum POST', () => {
    expect(limparOfertas(escala(), NUM, 1, ctx).envio).toBeNull();
  });

  it('com a chamada fechada, as ofertas que seriam tocadas ficam em erro', () => {
    const { escala: e, envio } = selecionarTudo(escala(), NUM, 1, { ...ctx, escalaAberta: null });
    expect(envio).toBeNull();
    expect(de(e, ref(10, 'PR00', 1, 101))).toMatchObject({ situacao: 2, mensagem: MENSAGEM_ESCALA_FECHADA });
    expect(de(e, ref(10, 'PR00', 3, 105)).situacao).toBe(0);
  });

  it('habilitação dos botões', () => {
    const cat = escala().categorias['1'];
    expect(selecionarTudoHabilitado(cat)).toBe(true);
    expect(limparOfertasHabilitado(cat)).toBe(false);
    const conf = escala(2).categorias['2'];
    expect(selecionarTudoHabilitado(conf)).toBe(false);
    const cheia = cat && { ...cat, qtdEscolhas: 5 };
    expect(selecionarTudoHabilitado(cheia)).toBe(false);
    expect(limparOfertasHabilitado(cheia)).toBe(true);
  });
});

describe('categorias e carga', () => {
  it('liga a categoria só com vagas; a guarda exige ofertas', () => {
    const e = escala();
    expect(temVagas(e, 1)).toBe(true);
    expect(temVagas(e, 2)).toBe(false);
    expect(temVagas(null, 1)).toBe(false);
    expect(temOfertas(e, 1)).toBe(true);
    expect(temOfertas(e, 4)).toBe(false);
  });

  it('status da carga de escala (usuário de teste)', () => {
    expect(statusAoEditar('4521', 4521)).toBe('S');
    expect(statusAoEditar('4519', 4521)).toBe('I');
    expect(statusAoEditar('', undefined)).toBe('I');
    expect(podeCarregarEscala('I', '4519', 4521)).toBe(true);
    expect(podeCarregarEscala('E', '4519', 4521)).toBe(true);
    expect(podeCarregarEscala('C', '4519', 4521)).toBe(false);
    expect(podeCarregarEscala('I', '', 4521)).toBe(false);
    expect(podeCarregarEscala('S', '4521', 4521)).toBe(false);
  });

  it('vagas só sem impedimento, com chamada aberta e nada carregado', () => {
    const aberta = { numEscalacao: NUM, dataChamada: '2026-11-21', horaChamada: '07:00' };
    expect(deveCarregarVagas(false, aberta, null)).toBe(true);
    expect(deveCarregarVagas(true, aberta, null)).toBe(false);
    expect(deveCarregarVagas(false, null, null)).toBe(false);
    expect(deveCarregarVagas(false, aberta, escala())).toBe(false);
  });
});
