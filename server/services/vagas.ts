import type { Intervalo } from '#common/descanso.ts';
import { temDescanso } from '#common/descanso.ts';
import { exibePonteiro } from '#common/ponteiro.ts';
import type { EscolhaAtual } from '../db/repositorios/escalacao.ts';
import type { EscalaCompartilhada } from './escala-compartilhada.ts';

/**
 * The personal overlay of GET /api/vagas (escalaCarregada of escalacao.md §3) written straight to JSON:
 * habilitado from the worker's qualifications, comDescanso from the rest rule against their engagements,
 * escolhida/preferencia/seqCategoTPA from their choices, pointer fields only where escalacao.md §5 lets this
 * worker see them. Counts are the worker's own (docs/decisions/0020-escalacao-regras.md):
 * qtdOfertas = offers in the category/requisition, qtdDisponiveis = offers this worker may choose
 * (habilitado and comDescanso), qtdEscolhas = offers this worker has chosen.
 */
export interface DadosPessoais {
  codCategoria: number;
  artigo: number;
  parametros: ReadonlyMap<string, string>;
  habilitacoes: ReadonlySet<number>;
  engajamentos: readonly Intervalo[];
  escolhas: readonly EscolhaAtual[];
  horasDescanso: number;
}

export interface CabecalhoEscala {
  numEscalacao: number;
  dataChamada: string;
  horaChamada: string;
}

export function escalaCarregadaJson(
  cabecalho: CabecalhoEscala,
  escala: EscalaCompartilhada,
  pessoal: DadosPessoais,
): string {
  const escolhaPorSeq = new Map<number, EscolhaAtual>();
  for (const e of pessoal.escolhas) escolhaPorSeq.set(e.seq_categoria, e);
  const quem = { codCategoria: pessoal.codCategoria, artigo: pessoal.artigo };

  let saida = `{"numEscalacao":${cabecalho.numEscalacao},"dataChamada":${JSON.stringify(cabecalho.dataChamada)},"horaChamada":${JSON.stringify(cabecalho.horaChamada)},"categorias":{`;
  let primeiraCategoria = true;
  for (const categoria of escala.categorias) {
    const comPonteiro = exibePonteiro(categoria.codCategoria, quem, pessoal.parametros);
    let disponiveis = 0;
    let escolhasCategoria = 0;
    let requisicoesJson = '';
    for (let r = 0; r < categoria.requisicoes.length; r++) {
      const req = categoria.requisicoes[r];
      if (!req) continue;
      const descansado = temDescanso(req, pessoal.engajamentos, pessoal.horasDescanso);
      let escolhasRequisicao = 0;
      let poroesJson = '';
      for (let p = 0; p < req.poroes.length; p++) {
        const porao = req.poroes[p];
        if (!porao) continue;
        let funcoesJson = '';
        for (let o = 0; o < porao.ofertas.length; o++) {
          const oferta = porao.ofertas[o];
          if (!oferta) continue;
          const habilitado = pessoal.habilitacoes.has(oferta.codFuncao);
          if (habilitado && descansado) disponiveis++;
          const escolha = escolhaPorSeq.get(oferta.seqCategoria);
          if (escolha) escolhasRequisicao++;
          funcoesJson +=
            (o === 0 ? '' : ',') +
            oferta.jsonInicio +
            (escolha
              ? `"seqCategoTPA":${escolha.id},"habilitado":${habilitado},"comDescanso":${descansado},"escolhida":true,"preferencia":${escolha.preferencia},`
              : `"seqCategoTPA":0,"habilitado":${habilitado},"comDescanso":${descansado},"escolhida":false,"preferencia":null,`) +
            (comPonteiro ? oferta.jsonFimComPonteiro : oferta.jsonFim);
        }
        poroesJson += `${p === 0 ? '' : ','}${porao.jsonInicio}${funcoesJson}]}`;
      }
      escolhasCategoria += escolhasRequisicao;
      requisicoesJson += `${r === 0 ? '' : ','}${req.jsonInicio}${escolhasRequisicao},"poroes":[${poroesJson}]}`;
    }
    saida +=
      `${primeiraCategoria ? '' : ','}"${categoria.codCategoria}":{"codCategoria":${categoria.codCategoria},` +
      `"qtdOfertas":${categoria.qtdOfertas},"qtdDisponiveis":${disponiveis},"qtdEscolhas":${escolhasCategoria},` +
      `"requisicoes":[${requisicoesJson}]}`;
    primeiraCategoria = false;
  }
  return `${saida}}}`;
}

/** The success envelope around JSON already written, with the renewed token when there is one. */
export function envelopeJson(dadosJson: string, token: string | undefined): string {
  return token === undefined
    ? `{"sucesso":true,"dados":${dadosJson}}`
    : `{"sucesso":true,"dados":${dadosJson},"token":${JSON.stringify(token)}}`;
}
