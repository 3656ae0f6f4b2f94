import { funcaoPorCodigo } from '#common/funcoes.ts';
import { nomePorao } from '#common/porao.ts';
import type { Banco } from '../../db/connection.ts';
import type { DbOuTrx } from '../../db/schema.ts';
import type { TrabalhoTable } from '../../db/tables/fundacao.ts';
import { moverEscala, type Passo, recusarTransicao } from './ciclo.ts';

/**
 * Publishing (docs/decisions/0155): the stored rotation becomes real in one transaction. Each engagement is
 * a row of `trabalho` (the current job, the badge and the history read it; the rest rule of later calls
 * too), tagged with the call; each function's pointers move to where this call left them
 * (docs/decisions/0142). The state moves first: on PostgreSQL its UPDATE locks the call's row, so a rotation
 * run or a second publish at the same instant waits and then finds the call published.
 * After this nothing of the call's result is written again.
 */

const LOTE = 500;

export interface ResumoPublicacao {
  numEscalacao: number;
  trabalhos: number;
  funcoes: number;
  duracaoMs: number;
}

async function engajamentosComTrabalho(trx: DbOuTrx, numEscalacao: number) {
  return trx
    .selectFrom('escala_engajamento as e')
    .innerJoin('oferta as o', 'o.seq_categoria', 'e.seq_categoria')
    .innerJoin('requisicao as r', 'r.num_requisicao', 'o.num_requisicao')
    .innerJoin('porao as p', (j) =>
      j.onRef('p.num_requisicao', '=', 'o.num_requisicao').onRef('p.num_porao', '=', 'o.num_porao'),
    )
    .select([
      'e.cod_avulso',
      'o.cod_funcao',
      'o.num_porao',
      'r.data_operacao',
      'r.hora_inicio',
      'r.hora_fim',
      'r.inicio',
      'r.fim',
      'r.nome_operador',
      'r.nome_navio',
      'r.nome_local_atrac',
      'p.mercadoria',
    ])
    .where('e.num_escalacao', '=', numEscalacao)
    .orderBy('e.cod_avulso')
    .execute();
}

export async function publicarEscala(banco: Banco, passo: Passo): Promise<ResumoPublicacao> {
  return banco.db.transaction().execute((trx) => publicarNaTransacao(trx, passo));
}

/** The publish inside the caller's transaction (the demo seed publishes its past calls this way). */
export async function publicarNaTransacao(trx: DbOuTrx, passo: Passo): Promise<ResumoPublicacao> {
  const inicio = performance.now();
  if (!(await moverEscala(trx, passo, ['apurada'], 'publicada', 'publicada'))) {
    await recusarTransicao(trx, passo.numEscalacao);
  }
  const engajamentos = await engajamentosComTrabalho(trx, passo.numEscalacao);
  const trabalhos: Omit<TrabalhoTable, 'id'>[] = engajamentos.map((e) => ({
    cod_avulso: e.cod_avulso,
    data_operacao: e.data_operacao,
    hora_inicio: e.hora_inicio,
    hora_fim: e.hora_fim,
    inicio: e.inicio,
    fim: e.fim,
    operador: e.nome_operador,
    navio: e.nome_navio,
    local_atracacao: e.nome_local_atrac,
    mercadoria: e.mercadoria,
    // The requisition names no task (faina): the hold is what the worker needs to find on board.
    faina: nomePorao(e.num_porao),
    cod_funcao: e.cod_funcao,
    funcao: funcaoPorCodigo(e.cod_funcao)?.nome ?? `Função ${e.cod_funcao}`,
    num_escalacao: passo.numEscalacao,
  }));
  for (let i = 0; i < trabalhos.length; i += LOTE) {
    await trx
      .insertInto('trabalho')
      .values(trabalhos.slice(i, i + LOTE))
      .execute();
  }

  const ponteiros = await trx
    .selectFrom('escala_ponteiro')
    .selectAll()
    .where('num_escalacao', '=', passo.numEscalacao)
    .execute();
  if (ponteiros.length > 0) {
    const funcoes = ponteiros.map((p) => p.cod_funcao);
    await trx.deleteFrom('ponteiro_rodizio').where('cod_funcao', 'in', funcoes).execute();
    for (let i = 0; i < ponteiros.length; i += LOTE) {
      await trx
        .insertInto('ponteiro_rodizio')
        .values(
          ponteiros.slice(i, i + LOTE).map((p) => ({
            cod_funcao: p.cod_funcao,
            registro: p.registro_final,
            cadastro: p.cadastro_final,
            registro_anterior: p.registro_inicial,
            alcancou_cadastro: p.alcancou_cadastro,
            num_escalacao: passo.numEscalacao,
          })),
        )
        .execute();
    }
  }
  return {
    numEscalacao: passo.numEscalacao,
    trabalhos: trabalhos.length,
    funcoes: ponteiros.length,
    duracaoMs: Math.round(performance.now() - inicio),
  };
}
