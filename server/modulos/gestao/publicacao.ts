import { sql } from 'kysely';
import { funcaoPorCodigo } from '#common/funcoes.ts';
import type { Banco } from '../../plataforma/banco/connection.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { moverEscala, type Passo, recusarTransicao } from './ciclo.ts';

/**
 * Publishing (docs/decisions/0155): the stored rotation becomes real in one transaction. Each engagement is
 * a row of `trabalho` (the current job, the badge and the history read it; the rest rule of later calls
 * too), tagged with the call; each function's pointers move to where this call left them
 * (docs/decisions/0142). The state moves first: on PostgreSQL its UPDATE locks the call's row, so a rotation
 * run or a second publish at the same instant waits and then finds the call published.
 * After this nothing of the call's result is written again.
 */

export interface ResumoPublicacao {
  numEscalacao: number;
  trabalhos: number;
  funcoes: number;
  duracaoMs: number;
}

/**
 * The call's engagements become `trabalho` rows in one INSERT … SELECT: the rows never leave the database.
 * The hold's name ('PR01' → 'Porão 2', common/porao.ts; holds are validated as PR00-PR99 / BL00-BL99) is
 * computed in SQL, the function's name comes from the catalogue as a CASE over the call's functions.
 */
async function inserirTrabalhos(trx: DbOuTrx, numEscalacao: number, funcoes: readonly number[]) {
  const nomes =
    funcoes.length === 0
      ? sql`null`
      : sql`case o.cod_funcao ${sql.join(
          funcoes.map((c) => sql`when ${c} then ${funcaoPorCodigo(c)?.nome ?? `Função ${c}`}`),
          sql` `,
        )} end`;
  const r = await sql`
    insert into trabalho (cod_avulso, data_operacao, hora_inicio, hora_fim, inicio, fim, operador, navio,
      local_atracacao, mercadoria, faina, cod_funcao, funcao, num_escalacao)
    select e.cod_avulso, r.data_operacao, r.hora_inicio, r.hora_fim, r.inicio, r.fim, r.nome_operador,
      r.nome_navio, r.nome_local_atrac, p.mercadoria,
      case when substr(o.num_porao, 1, 2) = 'BL' then 'Bloco ' else 'Porão ' end
        || cast(cast(substr(o.num_porao, 3, 2) as integer) + 1 as varchar(4)),
      o.cod_funcao, ${nomes}, e.num_escalacao
    from escala_engajamento e
    join oferta o on o.seq_categoria = e.seq_categoria
    join requisicao r on r.num_requisicao = o.num_requisicao
    join porao p on p.num_requisicao = o.num_requisicao and p.num_porao = o.num_porao
    where e.num_escalacao = ${numEscalacao}
    order by e.cod_avulso`.execute(trx);
  return Number(r.numAffectedRows ?? 0);
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
  const ponteiros = await trx
    .selectFrom('escala_ponteiro')
    .selectAll()
    .where('num_escalacao', '=', passo.numEscalacao)
    .execute();
  // One row per function of the call's offers (the rotation's pointers): the functions to name.
  const trabalhos = await inserirTrabalhos(
    trx,
    passo.numEscalacao,
    ponteiros.map((p) => p.cod_funcao),
  );
  if (ponteiros.length > 0) {
    const funcoes = ponteiros.map((p) => p.cod_funcao);
    await trx.deleteFrom('ponteiro_rodizio').where('cod_funcao', 'in', funcoes).execute();
    await trx
      .insertInto('ponteiro_rodizio')
      .values(
        ponteiros.map((p) => ({
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
  return {
    numEscalacao: passo.numEscalacao,
    trabalhos,
    funcoes: ponteiros.length,
    duracaoMs: Math.round(performance.now() - inicio),
  };
}
