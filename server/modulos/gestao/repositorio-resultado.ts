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
