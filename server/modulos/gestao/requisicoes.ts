import type { RequisicaoBody } from '#common/api/gestao.ts';
import { categoriaDaOferta } from '#common/api/gestao.ts';
import { type DiaPeriodo4, limitesTurno, somarDias } from '#common/tempo.ts';
import type { Banco } from '../../plataforma/banco/connection.ts';
import { ehViolacaoDeUnicidade } from '../../plataforma/banco/dialeto.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { recusarTransicao } from './ciclo.ts';
import { lerCsvRequisicoes } from './csv-requisicoes.ts';
import { linhaEscala } from './repositorio.ts';
import {
  escalaParaEscrever,
  inserirLinhas,
  type Linhas,
  lerNomes,
  type Nomes,
  type Numeracao,
  numeracao,
  removerLinhas,
  requisicaoDaEscala,
} from './repositorio-requisicoes.ts';

export { lerNomes, type Nomes };

/**
 * A draft's requisitions (docs/decisions/0152): added one by one (form) or many at once (CSV), edited and
 * removed while the call is a draft. Every write runs in one transaction that first locks the call's row
 * (PostgreSQL) and re-reads its state, so no requisition changes under a call being opened.
 */

/** A field the reference lists do not know, reported like a schema failure. */
export interface CampoDesconhecido {
  campo: 'codOperador' | 'codNavio' | 'codLocalAtrac';
  mensagem: string;
}

export function camposDesconhecidos(r: RequisicaoBody, nomes: Nomes): CampoDesconhecido[] {
  const erros: CampoDesconhecido[] = [];
  if (!nomes.operador.has(r.codOperador)) {
    erros.push({ campo: 'codOperador', mensagem: `Operador ${r.codOperador} não cadastrado.` });
  }
  if (!nomes.navio.has(r.codNavio)) {
    erros.push({ campo: 'codNavio', mensagem: `Navio ${r.codNavio} não cadastrado.` });
  }
  if (!nomes.local.has(r.codLocalAtrac)) {
    erros.push({
      campo: 'codLocalAtrac',
      mensagem: `Local de atracação ${r.codLocalAtrac} não cadastrado.`,
    });
  }
  return erros;
}

/** Locks the draft's row (PostgreSQL) and refuses anything but a draft; answers the call's date (yyyymmdd). */
async function exigirRascunho(trx: DbOuTrx, banco: Banco, numEscalacao: number): Promise<string> {
  const linha = await escalaParaEscrever(trx, banco.dialeto, numEscalacao);
  if (linha?.situacao !== 'rascunho') await recusarTransicao(trx, numEscalacao);
  return (linha?.data_chamada ?? '').replaceAll('-', '');
}

/** How a port dates its shifts (server/config.ts): its time zone and the day of period 4 (0213). */
export interface RegrasRequisicao {
  fuso: string;
  periodo4: DiaPeriodo4;
}

/**
 * The dates a call may engage (docs/decisions/0213): from the day before the call (a night shift that
 * started before a call made after midnight) to `DIAS_ADIANTE_REQUISICAO` days after it. A requisition dated
 * 2020 or 2031 for this week's call is a typing mistake, never a plan.
 */
export const DIAS_ADIANTE_REQUISICAO = 7;

export function foraDaJanela(dataOperacao: string, dataChamada: string): string | null {
  const de = somarDias(dataChamada, -1);
  const ate = somarDias(dataChamada, DIAS_ADIANTE_REQUISICAO);
  if (dataOperacao >= de && dataOperacao <= ate) return null;
  const br = (d: string) => `${d.slice(6, 8)}/${d.slice(4, 6)}/${d.slice(0, 4)}`;
  return `A data da operação deve estar entre ${br(de)} e ${br(ate)}: a chamada é de ${br(dataChamada)}.`;
}

function paraLinhas(
  numEscalacao: number,
  numRequisicao: number,
  r: RequisicaoBody,
  nomes: Nomes,
  regras: RegrasRequisicao,
  num: Numeracao,
  linhas: Linhas,
): void {
  const primeira = r.poroes[0]?.funcoes[0]?.codFuncao ?? 0;
  const codCategoria = categoriaDaOferta(primeira) ?? 0;
  const { inicio, fim } = limitesTurno(r.dataOperacao, r.horaInicio, r.horaFim, regras.fuso, regras.periodo4);
  linhas.requisicoes.push({
    num_requisicao: numRequisicao,
    num_escalacao: numEscalacao,
    cod_categoria: codCategoria,
    cod_operador: r.codOperador,
    nome_operador: nomes.operador.get(r.codOperador) ?? '',
    cod_navio: r.codNavio,
    nome_navio: nomes.navio.get(r.codNavio) ?? '',
    data_operacao: r.dataOperacao,
    cod_periodo: r.codPeriodo,
    hora_inicio: r.horaInicio,
    hora_fim: r.horaFim,
    inicio: inicio.toISOString(),
    fim: fim.toISOString(),
    cod_local_atrac: r.codLocalAtrac,
    nome_local_atrac: nomes.local.get(r.codLocalAtrac) ?? '',
  });
  for (const p of r.poroes) {
    linhas.poroes.push({
      num_requisicao: numRequisicao,
      num_porao: p.numPorao,
      mercadoria: p.nomeMercadoria,
      tonelagem: p.tonelagem,
    });
    for (const f of p.funcoes) {
      linhas.ofertas.push({
        seq_categoria: num.proximaSeq++,
        num_escalacao: numEscalacao,
        cod_categoria: codCategoria,
        num_requisicao: numRequisicao,
        num_porao: p.numPorao,
        cod_funcao: f.codFuncao,
        num_vagas: f.numVagas,
        ponteiro: null,
        ponteiro_a: null,
        ponteiro_p: null,
        grupo: null,
      });
    }
  }
}

/** Numbers are the highest plus one: a concurrent write that takes them makes the transaction run again. */
async function comRenumeracao<T>(banco: Banco, unidade: (trx: DbOuTrx) => Promise<T>): Promise<T> {
  for (let tentativa = 0; ; tentativa++) {
    try {
      return await banco.db.transaction().execute(unidade);
    } catch (erro) {
      if (!ehViolacaoDeUnicidade(erro) || tentativa >= 20) throw erro;
    }
  }
}

/**
 * Codes the reference lists do not know: a form gets the fields (like a schema failure), an import the
 * lines (`linhas[i]` is the file's line of requisition i).
 */
function exigirNomesConhecidos(
  requisicoes: readonly RequisicaoBody[],
  nomes: Nomes,
  dataChamada: string,
  linhas?: number[],
): void {
  const erros = (r: RequisicaoBody) => {
    const janela = foraDaJanela(r.dataOperacao, dataChamada);
    return [
      ...camposDesconhecidos(r, nomes),
      ...(janela ? [{ campo: 'dataOperacao' as const, mensagem: janela }] : []),
    ];
  };
  if (linhas) {
    const todos = requisicoes.flatMap((r, i) => erros(r).map((e) => ({ linha: linhas[i] ?? 0, ...e })));
    if (todos.length > 0) {
      throw new ErroApp('DadosInvalidos', `O arquivo tem ${todos.length} erro(s); nada foi importado.`, {
        dados: todos,
      });
    }
    return;
  }
  for (const r of requisicoes) {
    const deste = erros(r);
    if (deste.length > 0) {
      throw new ErroApp('DadosInvalidos', deste[0]?.mensagem, { dados: deste });
    }
  }
}

/** Adds requisitions to a draft, all or none; answers their numbers in the given order. */
export async function adicionarRequisicoes(
  banco: Banco,
  regras: RegrasRequisicao,
  numEscalacao: number,
  requisicoes: readonly RequisicaoBody[],
  linhasCsv?: number[],
): Promise<number[]> {
  return comRenumeracao(banco, async (trx) => {
    const dataChamada = await exigirRascunho(trx, banco, numEscalacao);
    const nomes = await lerNomes(trx);
    exigirNomesConhecidos(requisicoes, nomes, dataChamada, linhasCsv);
    const num = await numeracao(trx, banco.dialeto, requisicoes.length);
    const linhas: Linhas = { requisicoes: [], poroes: [], ofertas: [] };
    const numeros = requisicoes.map((r) => {
      const numRequisicao = num.proximaRequisicao++;
      paraLinhas(numEscalacao, numRequisicao, r, nomes, regras, num, linhas);
      return numRequisicao;
    });
    await inserirLinhas(trx, linhas);
    return numeros;
  });
}

async function exigirRequisicaoDaEscala(trx: DbOuTrx, numEscalacao: number, numRequisicao: number) {
  const linha = await requisicaoDaEscala(trx, numEscalacao, numRequisicao);
  if (!linha) throw new ErroApp('NaoEncontrado', 'Requisição não encontrada nesta escala.');
}

/** Replaces a draft's requisition (its holds and offers are rebuilt; a draft has no choices yet). */
export async function editarRequisicao(
  banco: Banco,
  regras: RegrasRequisicao,
  numEscalacao: number,
  numRequisicao: number,
  r: RequisicaoBody,
): Promise<void> {
  await comRenumeracao(banco, async (trx) => {
    const dataChamada = await exigirRascunho(trx, banco, numEscalacao);
    await exigirRequisicaoDaEscala(trx, numEscalacao, numRequisicao);
    const nomes = await lerNomes(trx);
    exigirNomesConhecidos([r], nomes, dataChamada);
    await removerLinhas(trx, numRequisicao);
    const num = await numeracao(trx, banco.dialeto, 0);
    const linhas: Linhas = { requisicoes: [], poroes: [], ofertas: [] };
    paraLinhas(numEscalacao, numRequisicao, r, nomes, regras, num, linhas);
    await inserirLinhas(trx, linhas);
  });
}

export async function removerRequisicao(
  banco: Banco,
  numEscalacao: number,
  numRequisicao: number,
): Promise<void> {
  await banco.db.transaction().execute(async (trx) => {
    await exigirRascunho(trx, banco, numEscalacao);
    await exigirRequisicaoDaEscala(trx, numEscalacao, numRequisicao);
    await removerLinhas(trx, numRequisicao);
  });
}

/**
 * The CSV import (csv-requisicoes.ts, docs/decisions/0215): every bad line reported in one pass (with the
 * codes the port's lists do not know and the dates the call cannot engage), at most MAXIMO_ERROS_CSV of them
 * with the total; else all its requisitions added at once.
 */
export async function importarRequisicoes(
  banco: Banco,
  regras: RegrasRequisicao,
  numEscalacao: number,
  texto: string,
): Promise<number[]> {
  // The call's state first: a file sent to a call that is no longer a draft is refused as such.
  const escala = await linhaEscala(banco.db, numEscalacao);
  if (escala?.situacao !== 'rascunho') await recusarTransicao(banco.db, numEscalacao);
  const nomes = await lerNomes(banco.db);
  const dataChamada = (escala?.data_chamada ?? '').replaceAll('-', '');
  const leitura = await lerCsvRequisicoes(texto, {
    operadores: new Set(nomes.operador.keys()),
    navios: new Set(nomes.navio.keys()),
    locais: new Set(nomes.local.keys()),
    foraDaJanela: (dataOperacao) => foraDaJanela(dataOperacao, dataChamada),
  });
  if (!leitura.ok) {
    const mensagem =
      leitura.total > leitura.erros.length
        ? `O arquivo tem ${leitura.total} erros (os primeiros ${leitura.erros.length} estão listados); nada foi importado.`
        : `O arquivo tem ${leitura.total} erro(s); nada foi importado.`;
    throw new ErroApp('DadosInvalidos', mensagem, { dados: leitura.erros });
  }
  return adicionarRequisicoes(
    banco,
    regras,
    numEscalacao,
    leitura.requisicoes.map((r) => r.requisicao),
    leitura.requisicoes.map((r) => r.linha),
  );
}
