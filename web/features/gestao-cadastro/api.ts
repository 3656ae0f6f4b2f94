import { queryOptions } from '@tanstack/react-query';
import {
  apiCadastro,
  type EdicaoTrabalhador,
  type HabilitacaoBody,
  type ImpedimentoBody,
  type NovoTrabalhador,
} from '#common/api/cadastro.ts';
import { apiContas } from '#common/api/contas.ts';
import { apiPasskeys } from '#common/api/passkeys.ts';
import { chamar } from '../../lib/api-client.ts';

/** The workers' record's calls (/api/gestao/trabalhadores, issue 30), through their descriptions. */

export function buscaQuery(busca: string, pagina: number) {
  return queryOptions({
    queryKey: ['gestao-cadastro', 'busca', busca, pagina],
    queryFn: () =>
      chamar(apiCadastro.buscar, {
        query: { ...(busca ? { busca } : {}), ...(pagina > 1 ? { pagina } : {}) },
      }),
    staleTime: 0,
  });
}

export function fichaQuery(cod: string) {
  return queryOptions({
    queryKey: ['gestao-cadastro', 'ficha', cod],
    queryFn: () => chamar(apiCadastro.ver, { params: { cod } }),
    staleTime: 0,
  });
}

export function historicoQuery(cod: string) {
  return queryOptions({
    queryKey: ['gestao-cadastro', 'historico', cod],
    queryFn: () => chamar(apiCadastro.historico, { params: { cod } }),
    staleTime: 0,
  });
}

/** The worker's passkeys, the revoked ones too (role `cadastro`: docs/decisions/0229). */
export function passkeysQuery(cod: string) {
  return queryOptions({
    queryKey: ['gestao-cadastro', 'passkeys', cod],
    queryFn: () => chamar(apiPasskeys.listaEquipe, { params: { cod } }),
    staleTime: 0,
  });
}

export const cadastrar = (corpo: NovoTrabalhador) => chamar(apiCadastro.cadastrar, { corpo: corpo });
export const editar = (cod: string, corpo: EdicaoTrabalhador) =>
  chamar(apiCadastro.editar, { params: { cod }, corpo: corpo });
export const habilitar = (cod: string, corpo: HabilitacaoBody) =>
  chamar(apiCadastro.habilitar, { params: { cod }, corpo: corpo });
export const desabilitar = (cod: string, codFuncao: number) =>
  chamar(apiCadastro.desabilitar, { params: { cod, codFuncao } });
export const impedir = (cod: string, corpo: ImpedimentoBody) =>
  chamar(apiCadastro.impedir, { params: { cod }, corpo: corpo });
export const encerrarImpedimento = (cod: string, id: number) =>
  chamar(apiCadastro.encerrarImpedimento, { params: { cod, id } });
export const emitirCodigo = (cod: string) => chamar(apiContas.emitirCodigo, { params: { cod } });
/** The badge photo's bytes as they are; the server decodes and re-encodes them (docs/decisions/0234). */
export const trocarFoto = (cod: string, bytes: Uint8Array<ArrayBuffer>) =>
  chamar(apiCadastro.foto, { params: { cod }, corpo: bytes });
export const revogarPasskey = (cod: string, id: number) =>
  chamar(apiPasskeys.revogarEquipe, { params: { cod, id } });
