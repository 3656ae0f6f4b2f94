import { NOME_SITUACAO, type SituacaoEscala } from '#common/api/gestao.ts';
import { ErroApi } from '../../lib/api-client.ts';

/** Pieces every page of /gestao uses. */

export const mensagemDe = (erro: unknown) => (erro instanceof ErroApi ? erro.message : 'Erro inesperado.');

export function SeloSituacao({ situacao }: { situacao: SituacaoEscala }) {
  return <span className={`gestao-selo gestao-selo-${situacao}`}>{NOME_SITUACAO[situacao]}</span>;
}

/** '1 vaga', '3 vagas': counts read as words, not 'vaga(s)'. */
export function contar(n: number, singular: string, plural: string): string {
  return `${n} ${n === 1 ? singular : plural}`;
}

/** 'yyyymmdd' → 'dd/mm/aaaa'. */
export function dataOperacao(yyyymmdd: string): string {
  return `${yyyymmdd.slice(6, 8)}/${yyyymmdd.slice(4, 6)}/${yyyymmdd.slice(0, 4)}`;
}
