import { type Kysely, sql } from 'kysely';
import { dialetoDe } from '../dialeto.ts';

/**
 * PostgreSQL only: escolher_ofertas keeps one generic plan per query (docs/decisions/0023-escolhas-em-uma-ida-ao-banco.md).
 *
 * PL/pgSQL plans each query with the call's values for its first five runs, then keeps a generic plan only if
 * it does not look dearer than those. For the queries over the posted arrays (unnest … with ordinality) the
 * generic plan always looks dearer, so every call planned its seven queries again: measured with pgbench on
 * the benchmark's data, 1.0 ms of CPU per call against 0.37 ms with the generic plans. Every query here is an
 * index lookup whatever the values (sequential scans are off for the function), so the generic plan is
 * the right one.
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialetoDe(db) !== 'postgres') return;
  await sql`
    alter function escolher_ofertas(varchar, integer, integer, boolean, integer[], integer[], varchar[], varchar[], varchar)
      set plan_cache_mode = force_generic_plan
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialetoDe(db) !== 'postgres') return;
  await sql`
    alter function escolher_ofertas(varchar, integer, integer, boolean, integer[], integer[], varchar[], varchar[], varchar)
      reset plan_cache_mode
  `.execute(db);
}
