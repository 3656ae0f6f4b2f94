import { createHash } from 'node:crypto';
import type { Database, Db } from '../../db/schema.ts';

/**
 * A digest of the rows a refused write must not change (docs/decisions/0064-fuzz-da-api.md): every row of
 * the fuzzing workers, and for staff routes the tables staff act on. Left out on purpose: the throttle's own
 * records (`tentativa`, `registro_bloqueio`: counting a refused guess is the point of them), a session's
 * last-use instant, and blobs no route writes (photos, the PDFs of issued declarations: their rows are in).
 */

type Tabela = keyof Database;

/** Tables with the worker's rows, and the column that names the worker. */
const DO_TRABALHADOR: readonly Tabela[] = [
  'avulso',
  'impedimento_mensagem',
  'habilitacao',
  'trabalho',
  'mensagem_servico',
  'mensagem_lida',
  'declaracao_habilitacao',
  'contracheque',
  'ficha_financeira',
  'informe_rendimentos',
  'votante',
  'escolha',
  'escala_engajamento',
  'escala_decisao',
  'papel',
];

/** What staff routes act on (the calls, their requisitions and pointers, the elections), whole. */
const DA_EQUIPE: readonly Tabela[] = [
  'escala',
  'requisicao',
  'porao',
  'oferta',
  'escala_ponteiro',
  'ponteiro_rodizio',
  'eleicao',
  'candidato',
  'apuracao',
  'cedula',
  'votante',
  'operador',
  'navio',
  'local_atracacao',
  'papel',
  'parametro',
];

function resumir(linhas: readonly unknown[]): string {
  const textos = linhas.map((l) =>
    JSON.stringify(l, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v)),
  );
  textos.sort();
  return createHash('sha256').update(textos.join('\n')).digest('hex');
}

export interface Digesto {
  /** One hash per table: a mismatch names the table. */
  porTabela: Record<string, string>;
}

export async function digestoLinhas(db: Db, codAvulsos: readonly string[], equipe: boolean): Promise<Digesto> {
  const consultas: [string, Promise<unknown[]>][] = [];
  for (const t of DO_TRABALHADOR) {
    // biome-ignore lint/suspicious/noExplicitAny: one generic read over tables that all have cod_avulso
    const q = (db as any).selectFrom(t).selectAll().where('cod_avulso', 'in', codAvulsos);
    consultas.push([`${t}(trabalhador)`, q.execute()]);
  }
  consultas.push([
    'sessao(trabalhador)',
    db
      .selectFrom('sessao')
      .select(['token_hash', 'sessao_id', 'cod_avulso', 'quiosque', 'criada_em', 'revogada_em'])
      .where('cod_avulso', 'in', codAvulsos)
      .execute(),
  ]);
  consultas.push([
    'declaracao(trabalhador)',
    db
      .selectFrom('declaracao')
      .select(['id', 'tipo', 'cod_avulso', 'codigo_verificacao', 'emitida_em', 'nome', 'cpf', 'situacoes'])
      .where('cod_avulso', 'in', codAvulsos)
      .execute(),
  ]);
  if (equipe) {
    for (const t of DA_EQUIPE) {
      // biome-ignore lint/suspicious/noExplicitAny: one generic read over the staff tables
      consultas.push([t, (db as any).selectFrom(t).selectAll().execute()]);
    }
  }
  const resultados = await Promise.all(consultas.map(([, p]) => p));
  const porTabela: Record<string, string> = {};
  consultas.forEach(([nome], i) => {
    porTabela[nome] = resumir(resultados[i] ?? []);
  });
  return { porTabela };
}

/** The tables whose digests differ (empty when nothing changed). */
export function tabelasAlteradas(antes: Digesto, depois: Digesto): string[] {
  return Object.keys(antes.porTabela).filter((t) => antes.porTabela[t] !== depois.porTabela[t]);
}
