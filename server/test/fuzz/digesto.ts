import { createHash } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import type { Banco } from '../../plataforma/banco/connection.ts';

/**
 * A digest of the rows a refused write must not change (docs/decisions/0064-fuzz-da-api.md), over every table
 * the database has, read from the database itself so a table added later is covered: a table with a
 * `cod_avulso` column by the fuzzing workers' rows only, any other table whole. Left out on purpose: the
 * throttle's own records (counting a refused guess is the point of them), secrets, the migrations' own
 * bookkeeping, the bulk pay lines no route writes, a session's sliding instants, and blobs no route writes
 * (photos, the PDFs of issued declarations: their rows are in).
 */

const TABELAS_FORA: ReadonlySet<string> = new Set([
  'tentativa',
  'registro_bloqueio',
  'segredo',
  'migracao',
  'migracao_trava',
  'kysely_migration',
  'kysely_migration_lock',
  'sqlite_sequence',
  'verba_contracheque',
]);
const COLUNAS_FORA: Readonly<Record<string, readonly string[]>> = {
  sessao: ['ultimo_uso_em', 'expira_em'],
  declaracao: ['pdf'],
  foto: ['conteudo'],
};

interface TabelaLida {
  nome: string;
  colunas: string[];
  doTrabalhador: boolean;
}

const tabelasPorBanco = new WeakMap<Banco, Promise<TabelaLida[]>>();

function tabelasDe(banco: Banco): Promise<TabelaLida[]> {
  let tabelas = tabelasPorBanco.get(banco);
  if (!tabelas) {
    tabelas = banco.db.introspection.getTables().then((lista) =>
      lista
        .filter((t) => !TABELAS_FORA.has(t.name) && !t.isView)
        .map((t) => ({
          nome: t.name,
          colunas: t.columns.map((c) => c.name).filter((c) => !COLUNAS_FORA[t.name]?.includes(c)),
          doTrabalhador: t.columns.some((c) => c.name === 'cod_avulso'),
        }))
        .sort((a, b) => a.nome.localeCompare(b.nome)),
    );
    tabelasPorBanco.set(banco, tabelas);
  }
  return tabelas;
}

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

function partes(tabelas: readonly TabelaLida[], codAvulsos: readonly string[]): Parte[] {
  const donos = sql.join(codAvulsos.map((c) => sql`${c}`));
  return tabelas.map((t) => {
    const colunas = sql.join(t.colunas.map((c) => sql.ref(c)));
    return t.doTrabalhador
      ? {
          nome: `${t.nome}(trabalhador)`,
          consulta: sql`select ${colunas} from ${sql.table(t.nome)} where cod_avulso in (${donos})`,
        }
      : { nome: t.nome, consulta: sql`select ${colunas} from ${sql.table(t.nome)}` };
  });
}

/**
 * On PostgreSQL one round trip: each set hashed by the server (md5 over its rows as text, in order). On
 * SQLite, in-process, the rows are read and hashed here.
 */
export async function digestoLinhas(banco: Banco, codAvulsos: readonly string[]): Promise<Digesto> {
  const lista = partes(await tabelasDe(banco), codAvulsos);
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
