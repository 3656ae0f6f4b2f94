import { createHash } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { Banco } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

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

/** One digested set of rows: its name and the query that reads them. */
interface Parte {
  nome: string;
  consulta: RawBuilder<unknown>;
}

function partes(codAvulsos: readonly string[], equipe: boolean): Parte[] {
  const donos = sql.join(codAvulsos.map((c) => sql`${c}`));
  const lista: Parte[] = DO_TRABALHADOR.map((t) => ({
    nome: `${t}(trabalhador)`,
    consulta: sql`select * from ${sql.table(t)} where cod_avulso in (${donos})`,
  }));
  lista.push({
    nome: 'sessao(trabalhador)',
    consulta: sql`select token_hash, sessao_id, cod_avulso, quiosque, criada_em, revogada_em from sessao
      where cod_avulso in (${donos})`,
  });
  lista.push({
    nome: 'declaracao(trabalhador)',
    consulta: sql`select id, tipo, cod_avulso, codigo_verificacao, emitida_em, nome, cpf, situacoes
      from declaracao where cod_avulso in (${donos})`,
  });
  if (equipe)
    for (const t of DA_EQUIPE) lista.push({ nome: t, consulta: sql`select * from ${sql.table(t)}` });
  return lista;
}

/**
 * On PostgreSQL one round trip: each set hashed by the server (md5 over its rows as text, in order). On
 * SQLite, in-process, the rows are read and hashed here.
 */
export async function digestoLinhas(
  banco: Banco,
  codAvulsos: readonly string[],
  equipe: boolean,
): Promise<Digesto> {
  const lista = partes(codAvulsos, equipe);
  const porTabela: Record<string, string> = {};
  if (banco.dialeto === 'postgres') {
    const uniao = sql.join(
      lista.map(
        (p) =>
          sql`select ${p.nome}::text as t, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as h
            from (${p.consulta}) x`,
      ),
      sql` union all `,
    );
    const r = await sql<{ t: string; h: string }>`${uniao}`.execute(banco.db);
    for (const linha of r.rows) porTabela[linha.t] = linha.h;
    return { porTabela };
  }
  for (const p of lista) {
    const r = await p.consulta.execute(banco.db);
    porTabela[p.nome] = resumir(r.rows);
  }
  return { porTabela };
}

/** The tables whose digests differ (empty when nothing changed). */
export function tabelasAlteradas(antes: Digesto, depois: Digesto): string[] {
  return Object.keys(antes.porTabela).filter((t) => antes.porTabela[t] !== depois.porTabela[t]);
}
