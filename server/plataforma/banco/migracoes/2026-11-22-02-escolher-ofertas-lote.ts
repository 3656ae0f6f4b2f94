import { type Kysely, sql } from 'kysely';
import { dialetoDe } from '../dialeto.ts';

/**
 * PostgreSQL only: several workers' posts in one statement and one COMMIT
 * (docs/decisions/0026-escolhas-em-lote-no-postgresql.md).
 *
 * `p_pedidos` is a JSON array of posts, each with the arguments of escolher_ofertas (migration
 * 2026-11-21-07): `avulso`, `escalacao`, `categoria`, `teste`, `remover`, `escolher`, `limiteFim`, `fim`,
 * `agora`. They are applied one after the other, in the array's order, each seeing what the previous ones
 * wrote; the answer is the array of escolher_ofertas' answers in the same order. A refusal is an answer, not
 * an error, so it changes nothing of the other posts; an error (a constraint, a deadlock) undoes the whole
 * statement and the server retries each post on its own. The server sends the posts ordered by worker, so
 * two concurrent batches lock the workers' rows in the same order.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialetoDe(db) !== 'postgres') return;
  await sql`
    create function escolher_ofertas_lote(p_pedidos json) returns json language plpgsql volatile
    set plan_cache_mode = force_generic_plan
    as $$
    declare
      v_respostas json[] := '{}';
      p json;
    begin
      for p in select e.value from json_array_elements(p_pedidos) with ordinality as e(value, ordem) order by e.ordem
      loop
        v_respostas := v_respostas || escolher_ofertas(
          p->>'avulso',
          (p->>'escalacao')::integer,
          (p->>'categoria')::integer,
          (p->>'teste')::boolean,
          array(select x::integer from json_array_elements_text(p->'remover') as x),
          array(select x::integer from json_array_elements_text(p->'escolher') as x),
          array(select x::varchar from json_array_elements_text(p->'limiteFim') as x),
          array(select x::varchar from json_array_elements_text(p->'fim') as x),
          p->>'agora'
        );
      end loop;
      return array_to_json(v_respostas);
    end
    $$
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialetoDe(db) !== 'postgres') return;
  await sql`drop function escolher_ofertas_lote`.execute(db);
}
