import { type Kysely, sql } from 'kysely';
import { dialetoDe } from '../dialeto.ts';
import * as anterior from './2026-11-23-80-escolher-ofertas-mudancas.ts';

/**
 * PostgreSQL only (issue 27, docs/decisions/0210): escolher_ofertas' rest check reads, besides `trabalho`
 * (published engagements), the engagements other calls' rotations stored and have not published yet
 * (`escala_engajamento`, whose shift instants migration 2026-11-26-20 added), and the server now passes as
 * `p_fim` the shift's end plus the rest hours: an engagement breaks the rest when it ends after
 * `start − rest` and starts before `end + rest`, looking back and ahead (common/descanso.ts
 * `janelaDescanso`). Otherwise the function of migration 2026-11-23-80, options repeated.
 */
function escolherOfertas(trava: string) {
  return sql`
    create or replace function escolher_ofertas(
      p_avulso varchar, p_escalacao integer, p_categoria integer, p_teste boolean,
      p_remover integer[], p_escolher integer[], p_limite_fim varchar[], p_fim varchar[], p_agora varchar
    ) returns json language plpgsql volatile
    -- Every query here is an index lookup. PL/pgSQL keeps each query's plan for the connection's life: a plan
    -- made while the table of choices was nearly empty would scan it whole on every post as it grows.
    set enable_seqscan = off
    set plan_cache_mode = force_generic_plan
    as $$
    declare
      v_aberta integer;
      v_falha integer;
      v_maior integer;
      v_removidas integer[];
      v_inseridas integer[];
    begin
      select aberta into v_aberta from escala where num_escalacao = p_escalacao ${sql.raw(trava)};
      if not found then
        return json_build_object('situacao', 'NaoEncontrado');
      end if;
      if v_aberta <> 1 and not p_teste then
        return json_build_object('situacao', 'EscalaFechada');
      end if;

      select o.seq into v_falha
        from unnest(p_escolher, p_limite_fim, p_fim) with ordinality as o(seq, limite_fim, fim, ordem)
        where exists (
          select 1 from trabalho t
           where t.cod_avulso = p_avulso and t.fim > o.limite_fim and t.inicio < o.fim
        ) or exists (
          select 1 from escala_engajamento g
           where g.cod_avulso = p_avulso and g.fim > o.limite_fim and g.inicio < o.fim
             and g.num_escalacao <> p_escalacao
        )
        order by o.ordem
        limit 1;
      if v_falha is not null then
        return json_build_object('situacao', 'SemDescanso', 'seq', v_falha);
      end if;

      perform 1 from avulso where cod_avulso = p_avulso for update;

      with d as (
        delete from escolha where cod_avulso = p_avulso and seq_categoria = any(p_remover)
        returning seq_categoria
      )
      select coalesce(array_agg(seq_categoria), '{}') into v_removidas from d;

      select coalesce(max(preferencia), 0) into v_maior
        from escolha
       where cod_avulso = p_avulso and num_escalacao = p_escalacao and cod_categoria = p_categoria;

      with i as (
        insert into escolha (num_escalacao, cod_categoria, seq_categoria, cod_avulso, preferencia, hora_digitacao)
        select p_escalacao, p_categoria, n.seq, p_avulso, v_maior + row_number() over (order by n.ordem), p_agora
          from unnest(p_escolher) with ordinality as n(seq, ordem)
         where not exists (select 1 from escolha e where e.cod_avulso = p_avulso and e.seq_categoria = n.seq)
         order by n.ordem
        returning seq_categoria
      )
      select coalesce(array_agg(seq_categoria), '{}') into v_inseridas from i;

      return json_build_object(
        'situacao', 'ok',
        'alterou', cardinality(v_removidas) + cardinality(v_inseridas) > 0,
        'removidas', v_removidas,
        'inseridas', v_inseridas,
        -- The transaction's id when it wrote: a server compares it with a read's snapshot
        -- (pg_current_snapshot) to know whether that read already counts these changes.
        'xid', case when cardinality(v_removidas) + cardinality(v_inseridas) > 0
                    then pg_current_xact_id()::text end,
        'horaMax', (
          select max(hora_digitacao) from escolha
           where cod_avulso = p_avulso and num_escalacao = p_escalacao and cod_categoria = p_categoria
        ),
        'escolhas', coalesce((
          select json_agg(json_build_object('seq', seq_categoria, 'id', id, 'preferencia', preferencia))
            from escolha
           where cod_avulso = p_avulso and seq_categoria = any(p_escolher)
        ), '[]'::json)
      );
    end
    $$
  `;
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialetoDe(db) !== 'postgres') return;
  await escolherOfertas('for share').execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialetoDe(db) !== 'postgres') return;
  await anterior.up(db);
}
