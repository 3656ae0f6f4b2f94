import { NOME_SITUACAO, type SituacaoEscala } from '#common/api/gestao.ts';
import { ErroApi } from '../../lib/api-client.ts';

/** Pieces every page of /gestao uses. */

export const mensagemDe = (erro: unknown) => (erro instanceof ErroApi ? erro.message : 'Erro inesperado.');

export function SeloSituacao({ situacao }: { situacao: SituacaoEscala }) {
  return <span className={`gestao-selo gestao-selo-${situacao}`}>{NOME_SITUACAO[situacao]}</span>;
}

/** 'yyyymmdd' → 'dd/mm/aaaa'. */
export function dataOperacao(yyyymmdd: string): string {
  return `${yyyymmdd.slice(6, 8)}/${yyyymmdd.slice(4, 6)}/${yyyymmdd.slice(0, 4)}`;
}
