import { funcaoPorCodigo } from '#common/funcoes.ts';
import { limitesTurno, type TURNOS } from '#common/tempo.ts';
import type { RequisicaoTable } from '../tables/escalacao.ts';
import type { TrabalhoTable } from '../tables/fundacao.ts';
import type { Aleatorio } from './aleatorio.ts';
import { CAIS, FAINAS, MERCADORIAS, NAVIOS, OPERADORES } from './porto.ts';

/** Helpers every seed uses (the demo's and the benchmark's). */

/** Inserts in batches: one statement per batch keeps under the drivers' parameter limits. */
export async function emLotes<T>(itens: T[], tamanho: number, inserir: (lote: T[]) => Promise<unknown>) {
  for (let i = 0; i < itens.length; i += tamanho) await inserir(itens.slice(i, i + tamanho));
}

/** An engagement of one shift at a random ship, operator, quay and cargo of the demo port. */
export function trabalhoAleatorio(
  rnd: Aleatorio,
  codAvulso: string,
  data: string,
  turno: (typeof TURNOS)[number],
  codFuncao: number,
  fuso: string,
): Omit<TrabalhoTable, 'id'> {
  const { inicio, fim } = limitesTurno(data, turno.horaInicio, turno.horaFim, fuso);
  return {
    cod_avulso: codAvulso,
    data_operacao: data,
    hora_inicio: turno.horaInicio,
    hora_fim: turno.horaFim,
    inicio: inicio.toISOString(),
    fim: fim.toISOString(),
    operador: rnd.escolher(OPERADORES).nome,
    navio: rnd.escolher(NAVIOS).nome,
    local_atracacao: rnd.escolher(CAIS).nome,
    mercadoria: rnd.escolher(MERCADORIAS),
    faina: rnd.escolher(FAINAS),
    cod_funcao: codFuncao,
    funcao: funcaoPorCodigo(codFuncao)?.nome ?? `Função ${codFuncao}`,
  };
}

interface ItemPorto {
  codigo: number;
  nome: string;
}

/** A requisition row of a call: a ship of an operator at a quay, on one shift of one local date. */
export function linhaRequisicao(r: {
  numRequisicao: number;
  numEscalacao: number;
  codCategoria: number;
  operador: ItemPorto;
  navio: ItemPorto;
  cais: { codigo: string; nome: string };
  dataOperacao: string;
  turno: (typeof TURNOS)[number];
  fuso: string;
}): RequisicaoTable {
  const { inicio, fim } = limitesTurno(r.dataOperacao, r.turno.horaInicio, r.turno.horaFim, r.fuso);
  return {
    num_requisicao: r.numRequisicao,
    num_escalacao: r.numEscalacao,
    cod_categoria: r.codCategoria,
    cod_operador: r.operador.codigo,
    nome_operador: r.operador.nome,
    cod_navio: r.navio.codigo,
    nome_navio: r.navio.nome,
    data_operacao: r.dataOperacao,
    cod_periodo: r.turno.codPeriodo,
    hora_inicio: r.turno.horaInicio,
    hora_fim: r.turno.horaFim,
    inicio: inicio.toISOString(),
    fim: fim.toISOString(),
    cod_local_atrac: r.cais.codigo,
    nome_local_atrac: r.cais.nome,
  };
}
