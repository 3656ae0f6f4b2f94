import type { Intervalo } from '#common/descanso.ts';
import { temDescanso } from '#common/descanso.ts';
import { exibePonteiro } from '#common/ponteiro.ts';
import type { EscolhaAtual } from '../db/repositorios/escalacao.ts';
import type { EscalaCompartilhada, OfertaCompartilhada } from './escala-compartilhada.ts';

/**
 * The personal overlay of GET /api/vagas (escalaCarregada of docs/produto/escalacao.md §3), written straight to JSON bytes:
 * habilitado from the worker's qualifications, comDescanso from the rest rule against their engagements,
 * escolhida/preferencia/seqCategoTPA from their choices, pointer fields only where docs/produto/escalacao.md §5 lets this
 * worker see them. Counts are the worker's own (docs/decisions/0020-escalacao-regras.md):
 * qtdOfertas = offers in the category/requisition, qtdDisponiveis = offers this worker may choose
 * (habilitado and comDescanso), qtdEscolhas = offers this worker has chosen.
 *
 * The shared parts are Buffers written once per call (escala-compartilhada.ts); a request only adds the few
 * personal bytes between them; the route copies everything once (docs/decisions/0022-escalacao-desempenho.md).
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

const b = (texto: string) => Buffer.from(texto);

/** The personal fields of an offer not chosen, by [habilitado][comDescanso]. */
const NAO_ESCOLHIDA = [
  [
    b('"seqCategoTPA":0,"habilitado":false,"comDescanso":false,"escolhida":false,"preferencia":null,'),
    b('"seqCategoTPA":0,"habilitado":false,"comDescanso":true,"escolhida":false,"preferencia":null,'),
  ],
  [
    b('"seqCategoTPA":0,"habilitado":true,"comDescanso":false,"escolhida":false,"preferencia":null,'),
    b('"seqCategoTPA":0,"habilitado":true,"comDescanso":true,"escolhida":false,"preferencia":null,'),
  ],
] as const;
const VIRGULA = b(',');
const FECHA_PORAO = b(']}');
const FECHA_REQUISICAO = b(']}');
const FECHA_CATEGORIA = b(']}');
const FECHA_ESCALA = b('}}');

/**
 * An offer not chosen, whole: copying one Buffer per offer instead of four is what keeps a 450 KB answer
 * cheap (Buffer.concat pays per piece). Written on first use and kept with the shared call.
 */
function ofertaInteira(
  oferta: OfertaCompartilhada,
  virgula: boolean,
  habilitado: boolean,
  descansado: boolean,
  comPonteiro: boolean,
): Buffer {
  const indice = (virgula ? 8 : 0) + (habilitado ? 4 : 0) + (descansado ? 2 : 0) + (comPonteiro ? 1 : 0);
  let inteira = oferta.inteiras[indice];
  if (!inteira) {
    inteira = Buffer.concat([
      ...(virgula ? [VIRGULA] : []),
      oferta.jsonInicio,
      NAO_ESCOLHIDA[habilitado ? 1 : 0][descansado ? 1 : 0],
      comPonteiro ? oferta.jsonFimComPonteiro : oferta.jsonFim,
    ]);
    oferta.inteiras[indice] = inteira;
  }
  return inteira;
}

/** The answer's pieces, in order: the route copies them once into a pooled buffer. */
export function escalaCarregadaPartes(
  cabecalho: CabecalhoEscala,
  escala: EscalaCompartilhada,
  pessoal: DadosPessoais,
  antes: string,
  depois: string,
): Buffer[] {
  const escolhaPorSeq = new Map<number, EscolhaAtual>();
  for (const e of pessoal.escolhas) escolhaPorSeq.set(e.seq_categoria, e);
  const quem = { codCategoria: pessoal.codCategoria, artigo: pessoal.artigo };

  const partes: Buffer[] = [
    b(
      `${antes}{"numEscalacao":${cabecalho.numEscalacao},"dataChamada":${JSON.stringify(cabecalho.dataChamada)},` +
        `"horaChamada":${JSON.stringify(cabecalho.horaChamada)},"categorias":{`,
    ),
  ];
  escala.categorias.forEach((categoria, c) => {
    const comPonteiro = exibePonteiro(categoria.codCategoria, quem, pessoal.parametros);
    const cabecaCategoria = partes.length;
    partes.push(VIRGULA); // replaced below, once the counts are known
    let disponiveis = 0;
    let escolhasCategoria = 0;
    categoria.requisicoes.forEach((req, r) => {
      const descansado = temDescanso(req, pessoal.engajamentos, pessoal.horasDescanso);
      if (r > 0) partes.push(VIRGULA);
      partes.push(req.jsonInicio);
      const qtdEscolhas = partes.length;
      partes.push(VIRGULA); // replaced below
      let escolhasRequisicao = 0;
      req.poroes.forEach((porao, p) => {
        if (p > 0) partes.push(VIRGULA);
        partes.push(porao.jsonInicio);
        porao.ofertas.forEach((oferta, o) => {
          const habilitado = pessoal.habilitacoes.has(oferta.codFuncao);
          if (habilitado && descansado) disponiveis++;
          const escolha = escolhaPorSeq.get(oferta.seqCategoria);
          if (escolha) {
            escolhasRequisicao++;
            if (o > 0) partes.push(VIRGULA);
            partes.push(
              oferta.jsonInicio,
              b(
                `"seqCategoTPA":${escolha.id},"habilitado":${habilitado},"comDescanso":${descansado},` +
                  `"escolhida":true,"preferencia":${escolha.preferencia},`,
              ),
              comPonteiro ? oferta.jsonFimComPonteiro : oferta.jsonFim,
            );
          } else {
            partes.push(ofertaInteira(oferta, o > 0, habilitado, descansado, comPonteiro));
          }
        });
        partes.push(FECHA_PORAO);
      });
      partes[qtdEscolhas] = b(`${escolhasRequisicao},"poroes":[`);
      partes.push(FECHA_REQUISICAO);
      escolhasCategoria += escolhasRequisicao;
    });
    partes[cabecaCategoria] = b(
      `${c === 0 ? '' : ','}"${categoria.codCategoria}":{"codCategoria":${categoria.codCategoria},` +
        `"qtdOfertas":${categoria.qtdOfertas},"qtdDisponiveis":${disponiveis},"qtdEscolhas":${escolhasCategoria},` +
        `"requisicoes":[`,
    );
    partes.push(FECHA_CATEGORIA);
  });
  partes.push(FECHA_ESCALA, b(depois));
  return partes;
}

/** The success envelope around JSON already written: what goes before and after `dados`. */
export function envelopeEmPartes(token: string | undefined): { antes: string; depois: string } {
  return {
    antes: '{"sucesso":true,"dados":',
    depois: token === undefined ? '}' : `,"token":${JSON.stringify(token)}}`,
  };
}
