import { describe, expect, it } from 'vitest';
import type { FuncaoOfertaCompartilhada, VagasResposta } from './api/escalacao.ts';
import { escalaCarregadaSchema } from './api/escalacao.ts';
import { montarCategoria, montarEscalaCarregada } from './escala-carregada.ts';

function oferta(seqCategoria: number, codFuncao: number): FuncaoOfertaCompartilhada {
  return {
    codFuncao,
    nomeFuncao: `F${codFuncao}`,
    numPorao: 'PR01',
    seqCategoria,
    numVagas: 2,
    cor: { fundo: '#fff', texto: '#000' },
    icone: 'i',
  };
}

function requisicao(numRequisicao: number, funcoes: FuncaoOfertaCompartilhada[]) {
  return {
    numRequisicao,
    codOperador: 1,
    codNavio: 2,
    nomeNavio: 'N',
    nomeOperador: 'O',
    dataOperacao: '20261123',
    codPeriodo: 1,
    horaInicio: 7,
    horaFim: 13,
    codLocalAtrac: 'C1',
    nomeLocalAtrac: 'Cais 1',
    qtdOfertas: funcoes.length,
    poroes: [{ numPorao: 'PR01', nomeMercadoria: 'Soja', tonelagem: 100, funcoes }],
  };
}

const resposta: VagasResposta = {
  numEscalacao: 9,
  dataChamada: '20261123',
  horaChamada: '06:30',
  categorias: {
    '1': {
      codCategoria: 1,
      qtdOfertas: 3,
      requisicoes: [requisicao(10, [oferta(1, 100), oferta(2, 200)]), requisicao(11, [oferta(3, 100)])],
    },
    '2': { codCategoria: 2, qtdOfertas: 1, requisicoes: [requisicao(12, [oferta(4, 300)])] },
  },
  pessoal: {
    habilitacoes: [100, 300],
    semDescanso: [11],
    escolhas: [
      { seqCategoria: 1, seqCategoTPA: 77, preferencia: 2 },
      { seqCategoria: 3, seqCategoTPA: 78, preferencia: null },
      // A choice of an offer no longer in the call counts nowhere.
      { seqCategoria: 99, seqCategoTPA: 79, preferencia: 1 },
    ],
  },
};

describe('montarEscalaCarregada: as ofertas da chamada + a parte do trabalhador', () => {
  it('põe habilitado, descanso e escolhas em cada oferta e conta como a decisão 0020', () => {
    const escala = escalaCarregadaSchema.parse(montarEscalaCarregada(resposta));
    expect(escala).toMatchObject({ numEscalacao: 9, dataChamada: '20261123', horaChamada: '06:30' });
    const estiva = escala.categorias['1'];
    // Offer 1: qualified, rested, chosen; 2: not qualified; 3: qualified but no rest, chosen.
    expect(estiva?.requisicoes[0]?.poroes[0]?.funcoes[0]).toMatchObject({
      seqCategoria: 1,
      seqCategoTPA: 77,
      habilitado: true,
      comDescanso: true,
      escolhida: true,
      preferencia: 2,
      situacao: 0,
      mensagem: null,
    });
    expect(estiva?.requisicoes[0]?.poroes[0]?.funcoes[1]).toMatchObject({
      seqCategoTPA: 0,
      habilitado: false,
      comDescanso: true,
      escolhida: false,
      preferencia: null,
    });
    expect(estiva?.requisicoes[1]?.poroes[0]?.funcoes[0]).toMatchObject({
      habilitado: true,
      comDescanso: false,
      escolhida: true,
      preferencia: null,
    });
    expect(estiva).toMatchObject({ qtdOfertas: 3, qtdDisponiveis: 1, qtdEscolhas: 2 });
    expect(estiva?.requisicoes.map((r) => r.qtdEscolhas)).toEqual([1, 1]);
    expect(escala.categorias['2']).toMatchObject({ qtdOfertas: 1, qtdDisponiveis: 1, qtdEscolhas: 0 });
  });

  it('uma categoria só dá o mesmo que a escala inteira', () => {
    const { categorias } = montarEscalaCarregada(resposta);
    const so = resposta.categorias['1'];
    if (!so) throw new Error('sem categoria 1');
    expect(montarCategoria(so, resposta.pessoal)).toEqual(categorias['1']);
  });
});
