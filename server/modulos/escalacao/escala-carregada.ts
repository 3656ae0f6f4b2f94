import type { Intervalo } from '#common/descanso.ts';
import { temDescanso } from '#common/descanso.ts';
import { exibePonteiro } from '#common/ponteiro.ts';
import type { EscalaCompartilhada } from './escala-compartilhada.ts';
import type { EscolhaAtual } from './repositorio.ts';

/**
 * GET /api/vagas written straight to JSON bytes, in two parts (docs/decisions/0134-vagas-compartilhada-e-pessoal.md):
 *
 * - the call's offers (`escreverCompartilhada`), the same bytes for every worker who sees the same pointers
 *   (docs/produto/escalacao.md §5): written once per pointer variant and kept with the call, so the server
 *   compresses them once per change of the call, not once per request;
 * - `pessoal` (`escreverPessoal`), this worker's own facts, computed here: their functions (habilitado), the
 *   requisitions whose shift breaks their rest (comDescanso, the rule of docs/produto/decisoes.md §3) and
 *   their choices; a few hundred bytes. common/escala-carregada.ts turns both into escalaCarregada
 *   (docs/produto/escalacao.md §3) and counts as docs/decisions/0020-escalacao-regras.md says.
 *
 * The shared parts are Buffers written once per call (escala-compartilhada.ts).
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
const VIRGULA = b(',');
const FECHA = b(']}');

/** Which of the call's categories (by position) show this worker their pointers, as bits. */
export function variantePonteiros(escala: EscalaCompartilhada, pessoal: DadosPessoais): number {
  const quem = { codCategoria: pessoal.codCategoria, artigo: pessoal.artigo };
  let variante = 0;
  escala.categorias.forEach((categoria, c) => {
    if (exibePonteiro(categoria.codCategoria, quem, pessoal.parametros)) variante |= 1 << c;
  });
  return variante;
}

/**
 * The answer's shared beginning, from the envelope's opening to the comma before `pessoal`: the call's
 * offers with pointer fields in the categories whose bit `variante` sets.
 */
export function escreverCompartilhada(
  cabecalho: CabecalhoEscala,
  escala: EscalaCompartilhada,
  antes: string,
  variante: number,
): Buffer {
  const partes: Buffer[] = [
    b(
      `${antes}{"numEscalacao":${cabecalho.numEscalacao},"dataChamada":${JSON.stringify(cabecalho.dataChamada)},` +
        `"horaChamada":${JSON.stringify(cabecalho.horaChamada)},"categorias":{`,
    ),
  ];
  escala.categorias.forEach((categoria, c) => {
    const comPonteiro = (variante & (1 << c)) !== 0;
    partes.push(
      b(
        `${c === 0 ? '' : ','}"${categoria.codCategoria}":{"codCategoria":${categoria.codCategoria},` +
          `"qtdOfertas":${categoria.qtdOfertas},"requisicoes":[`,
      ),
    );
    categoria.requisicoes.forEach((req, r) => {
      if (r > 0) partes.push(VIRGULA);
      partes.push(req.jsonInicio);
      req.poroes.forEach((porao, p) => {
        if (p > 0) partes.push(VIRGULA);
        partes.push(porao.jsonInicio);
        porao.ofertas.forEach((oferta, o) => {
          if (o > 0) partes.push(VIRGULA);
          partes.push(comPonteiro ? oferta.jsonComPonteiro : oferta.json);
        });
        partes.push(FECHA);
      });
      partes.push(FECHA);
    });
    partes.push(FECHA);
  });
  partes.push(b('},'));
  return Buffer.concat(partes);
}

/** The answer's end: `"pessoal":{…}`, the closing of `dados`, and what the envelope adds after it. */
export function escreverPessoal(escala: EscalaCompartilhada, pessoal: DadosPessoais, depois: string): Buffer {
  const habilitacoes = [...pessoal.habilitacoes].sort((x, y) => x - y);
  const semDescanso: number[] = [];
  for (const categoria of escala.categorias)
    for (const req of categoria.requisicoes)
      if (!temDescanso(req, pessoal.engajamentos, pessoal.horasDescanso)) semDescanso.push(req.numRequisicao);
  const escolhas = pessoal.escolhas
    .filter((e) => escala.ofertas.has(e.seq_categoria))
    .map((e) => `{"seqCategoria":${e.seq_categoria},"seqCategoTPA":${e.id},"preferencia":${e.preferencia}}`);
  return b(
    `"pessoal":{"habilitacoes":[${habilitacoes.join(',')}],"semDescanso":[${semDescanso.join(',')}],` +
      `"escolhas":[${escolhas.join(',')}]}}${depois}`,
  );
}

/** The success envelope around JSON already written: what goes before and after `dados`. */
export function envelopeEmPartes(token: string | undefined): { antes: string; depois: string } {
  return {
    antes: '{"sucesso":true,"dados":',
    depois: token === undefined ? '}' : `,"token":${JSON.stringify(token)}}`,
  };
}
