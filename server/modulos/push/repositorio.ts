import type { DbOuTrx } from '../../plataforma/banco/schema.ts';

/** The Web Push subscriptions (docs/decisions/0162). */

export interface AssinaturaPush {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Stores a browser's subscription for the worker and session; the same endpoint again takes the row over. */
export async function gravarAssinatura(
  db: DbOuTrx,
  a: AssinaturaPush & { codAvulso: string; sessaoId: string; agora: Date },
): Promise<void> {
  const linha = {
    p256dh: a.p256dh,
    auth: a.auth,
    cod_avulso: a.codAvulso,
    sessao_id: a.sessaoId,
    criada_em: a.agora.toISOString(),
  };
  await db
    .insertInto('assinatura_push')
    .values({ endpoint: a.endpoint, ...linha })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(linha))
    .execute();
}

/**
 * Keeps only the worker's `maximo` most recent subscriptions: every call opening posts to each one, so one
 * account cannot make the server post to an endless list of endpoints.
 */
export async function limitarAssinaturasDoAvulso(db: DbOuTrx, codAvulso: string, maximo: number) {
  const manter = await db
    .selectFrom('assinatura_push')
    .select('id')
    .where('cod_avulso', '=', codAvulso)
    .orderBy('criada_em', 'desc')
    .orderBy('id', 'desc')
    .limit(maximo)
    .execute();
  await db
    .deleteFrom('assinatura_push')
    .where('cod_avulso', '=', codAvulso)
    .where(
      'id',
      'not in',
      manter.map((m) => m.id),
    )
    .execute();
}

/** The worker's own subscription with this endpoint (never another worker's). */
export async function removerAssinaturaDoAvulso(db: DbOuTrx, codAvulso: string, endpoint: string) {
  await db
    .deleteFrom('assinatura_push')
    .where('endpoint', '=', endpoint)
    .where('cod_avulso', '=', codAvulso)
    .execute();
}

/** Every subscription made in a session (its logout). */
export async function removerAssinaturasDaSessao(db: DbOuTrx, sessaoId: string): Promise<number> {
  const r = await db.deleteFrom('assinatura_push').where('sessao_id', '=', sessaoId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** A subscription the push service says is gone (404/410). */
export async function removerAssinatura(db: DbOuTrx, endpoint: string): Promise<void> {
  await db.deleteFrom('assinatura_push').where('endpoint', '=', endpoint).execute();
}

/** Every subscription, in id order (a call opened: everyone who allowed notifications). */
export async function todasAssinaturas(db: DbOuTrx): Promise<(AssinaturaPush & { cod_avulso: string })[]> {
  return db
    .selectFrom('assinatura_push')
    .select(['endpoint', 'p256dh', 'auth', 'cod_avulso'])
    .orderBy('id')
    .execute();
}

/**
 * The subscriptions of the workers who chose in a published call, each with their outcome and, when
 * engaged, the job the publication wrote (`trabalho`).
 */
export async function assinaturasComResultado(db: DbOuTrx, numEscalacao: number) {
  return db
    .selectFrom('assinatura_push as s')
    .innerJoin('escala_decisao as d', (j) =>
      j.onRef('d.cod_avulso', '=', 's.cod_avulso').on('d.num_escalacao', '=', numEscalacao),
    )
    .leftJoin('trabalho as t', (j) =>
      j.onRef('t.cod_avulso', '=', 's.cod_avulso').on('t.num_escalacao', '=', numEscalacao),
    )
    .select([
      's.endpoint',
      's.p256dh',
      's.auth',
      's.cod_avulso',
      'd.escalado',
      't.funcao',
      't.navio',
      't.faina',
      't.data_operacao',
      't.hora_inicio',
      't.hora_fim',
      't.local_atracacao',
    ])
    .orderBy('s.id')
    .execute();
}

/** The subscriptions of some workers (documents of theirs arrived), each with its worker. */
export async function assinaturasDosAvulsos(
  db: DbOuTrx,
  codAvulsos: readonly string[],
): Promise<(AssinaturaPush & { cod_avulso: string })[]> {
  const linhas: (AssinaturaPush & { cod_avulso: string })[] = [];
  for (let i = 0; i < codAvulsos.length; i += 1_000) {
    linhas.push(
      ...(await db
        .selectFrom('assinatura_push')
        .select(['endpoint', 'p256dh', 'auth', 'cod_avulso'])
        .where('cod_avulso', 'in', codAvulsos.slice(i, i + 1_000))
        .orderBy('id')
        .execute()),
    );
  }
  return linhas;
}

/** The outcome of one round of notices (docs/decisions/0264); the same event and reference again replaces it. */
export async function gravarAvisoEnviado(
  db: DbOuTrx,
  a: {
    evento: string;
    referencia: number;
    trabalhadores: number;
    aparelhos: number;
    enviados: number;
    removidas: number;
    falhas: number;
    terminadoEm: Date;
  },
): Promise<void> {
  const valores = {
    trabalhadores: a.trabalhadores,
    aparelhos: a.aparelhos,
    enviados: a.enviados,
    removidas: a.removidas,
    falhas: a.falhas,
    terminado_em: a.terminadoEm.toISOString(),
  };
  await db
    .insertInto('aviso_enviado')
    .values({ evento: a.evento, referencia: a.referencia, ...valores })
    .onConflict((oc) => oc.columns(['evento', 'referencia']).doUpdateSet(valores))
    .execute();
}

/** The notices of a call: its opening's and its result's, when sent. */
export function avisosEnviadosDaEscala(db: DbOuTrx, numEscalacao: number) {
  return db
    .selectFrom('aviso_enviado')
    .selectAll()
    .where('referencia', '=', numEscalacao)
    .where('evento', 'in', ['escala-aberta', 'resultado'])
    .execute();
}
