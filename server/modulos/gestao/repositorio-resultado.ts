import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/** The queries of what a rotation left with the call, read back (resultado.ts owns the rules). */

/** The call's engaged workers with their names, per offer in rotation order. */
export function escaladosEmOrdem(db: DbOuTrx, numEscalacao: number) {
  return (
    db
      .selectFrom('escala_engajamento as e')
      .innerJoin('avulso as a', 'a.cod_avulso', 'e.cod_avulso')
      .select(['e.seq_categoria', 'e.cod_avulso', 'a.nome', 'e.num_chamada', 'e.preferencia'])
      .where('e.num_escalacao', '=', numEscalacao)
      .orderBy('e.seq_categoria')
      // Rotation order (docs/decisions/0214): registered before cadastered, circular from the pointer, so
      // the offer's last engaged (the audit's 'último escalado') is the last of its list. Rows of calls rotated
      // before migration 2026-11-26-20 have no position and keep the number order.
      .orderBy('e.posicao')
      .orderBy('e.num_chamada')
      .execute()
  );
}

/** The call's pointers before and after, per queue. */
export function ponteirosDaEscalaPorFila(db: DbOuTrx, numEscalacao: number) {
  return db
    .selectFrom('escala_ponteiro')
    .selectAll()
    .where('num_escalacao', '=', numEscalacao)
    .orderBy('cod_funcao')
    .execute();
}

/** What a stored decision names about the call's offers. */
export function ofertasAuditadas(db: DbOuTrx, numEscalacao: number, ids: number[]) {
  return db
    .selectFrom('escala_auditoria_oferta')
    .select(['seq_categoria', 'descricao', 'ultimo_escalado'])
    .where('num_escalacao', '=', numEscalacao)
    .where('seq_categoria', 'in', ids)
    .execute();
}

export function nomeENumero(db: DbOuTrx, codAvulso: string) {
  return db
    .selectFrom('avulso')
    .select(['nome', 'num_chamada'])
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
}

export function decisaoGravada(db: DbOuTrx, numEscalacao: number, codAvulso: string) {
  return db
    .selectFrom('escala_decisao')
    .select(['escalado', 'decisao'])
    .where('num_escalacao', '=', numEscalacao)
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
}

/** A worker's engagement in a call with its requisition's shift and hold (the main pass's first). */
export function engajamentoComTurno(db: DbOuTrx, numEscalacao: number, codAvulso: string) {
  return (
    db
      .selectFrom('escala_engajamento as e')
      .innerJoin('oferta as o', 'o.seq_categoria', 'e.seq_categoria')
      .innerJoin('requisicao as r', 'r.num_requisicao', 'o.num_requisicao')
      .innerJoin('porao as p', (j) =>
        j.onRef('p.num_requisicao', '=', 'o.num_requisicao').onRef('p.num_porao', '=', 'o.num_porao'),
      )
      .select([
        'r.data_operacao',
        'r.hora_inicio',
        'r.hora_fim',
        'r.nome_operador',
        'r.nome_navio',
        'r.nome_local_atrac',
        'p.mercadoria',
        'o.num_porao',
        'o.cod_funcao',
      ])
      .where('e.num_escalacao', '=', numEscalacao)
      .where('e.cod_avulso', '=', codAvulso)
      // The main pass's engagement; a double shift's (docs/decisions/0218) is named in the audit's paragraph.
      .orderBy('e.passe')
      .executeTakeFirst()
  );
}

/** The latest published call, or the given one when published. */
export function ultimaPublicada(db: DbOuTrx, numEscalacao: number | undefined) {
  return db
    .selectFrom('escala')
    .select(['num_escalacao', 'data_chamada', 'hora_chamada'])
    .where('situacao', '=', 'publicada')
    .$if(numEscalacao !== undefined, (q) => q.where('num_escalacao', '=', numEscalacao as number))
    .orderBy('publicada_em', 'desc')
    .orderBy('num_escalacao', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Workers for the audit search: by matrícula or número de chamada among every worker (with their decision in
 * the call, if any), or, for a name, every worker who chose in the call (the caller compares the names).
 */
export function candidatosDaBusca(
  db: DbOuTrx,
  numEscalacao: number,
  filtro: { codAvulso: string } | { numChamada: number } | { escolheram: true },
) {
  let consulta = db
    .selectFrom('avulso as a')
    .leftJoin('escala_decisao as d', (j) =>
      j.onRef('d.cod_avulso', '=', 'a.cod_avulso').on('d.num_escalacao', '=', numEscalacao),
    )
    .select(['a.cod_avulso', 'a.nome', 'a.num_chamada', 'd.escalado', 'd.cod_avulso as decidido']);
  if ('codAvulso' in filtro) consulta = consulta.where('a.cod_avulso', '=', filtro.codAvulso);
  else if ('numChamada' in filtro) consulta = consulta.where('a.num_chamada', '=', filtro.numChamada);
  else consulta = consulta.where('d.cod_avulso', 'is not', null);
  return consulta.orderBy('a.num_chamada').orderBy('a.cod_avulso').execute();
}

/** Who chose in the call and got no job, with their stored decision, by número de chamada. */
export function decisoesNaoEscalados(db: DbOuTrx, numEscalacao: number) {
  return db
    .selectFrom('escala_decisao as d')
    .innerJoin('avulso as a', 'a.cod_avulso', 'd.cod_avulso')
    .select(['a.cod_avulso', 'a.nome', 'a.num_chamada', 'd.decisao'])
    .where('d.num_escalacao', '=', numEscalacao)
    .where('d.escalado', '=', 0)
    .orderBy('a.num_chamada')
    .orderBy('a.cod_avulso')
    .execute();
}
