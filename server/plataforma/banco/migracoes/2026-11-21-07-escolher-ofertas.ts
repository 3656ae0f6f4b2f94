import { type Kysely, sql } from 'kysely';
import { dialetoDe } from '../dialeto.ts';

/**
 * PostgreSQL only: POST /api/vagas in one statement (docs/decisions/0023-escolhas-em-uma-ida-ao-banco.md).
 *
 * Each round trip to PostgreSQL costs the server and the database more than the work itself; the post used to
 * take eight (call row, engagements, BEGIN, row lock, choices, DELETE, INSERT, COMMIT). This function does the
 * same in one autocommitted statement, in the order of server/modulos/escalacao/escolhas.ts:
 *
 * 1. the call's row, read now: `NaoEncontrado`, or `EscalaFechada` unless `p_teste`;
 * 2. the rest rule for every offer being chosen, in the post's order: an engagement that ends after the
 *    offer's start minus the rest hours and starts before the offer's end is a conflict (the same rule as
 *    common/descanso.ts `temDescanso`, which the caller turns into the two limits): `SemDescanso`;
 * 3. the worker's row locked, so two posts of one worker run one after the other (PL/pgSQL takes a new
 *    snapshot per statement, so the second sees what the first committed);
 * 4. removals, then insertions numbered after the highest remaining preference, in the post's order
 *    (common/preferencia.ts), with the server's time; an offer already chosen keeps its row.
 *
 * Its queries are planned with sequential scans off (see the function's SET): each backend keeps its plans,
 * and a plan made while the call had no choices yet must not scan the table of choices once it has thousands.
 *
 * It answers JSON: `{situacao, seq?}` on a refusal, else `{situacao: 'ok', alterou, horaMax, escolhas:
 * [{seq, id, preferencia}]}` with the worker's rows among the posted offers and the latest typing time left
 * in the category (null when none).
 */
// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and never use the live schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialetoDe(db) !== 'postgres') return;
  await sql`
    create function escolher_ofertas(
      p_avulso varchar, p_escalacao integer, p_categoria integer, p_teste boolean,
      p_remover integer[], p_escolher integer[], p_limite_fim varchar[], p_fim varchar[], p_agora varchar
    ) returns json language plpgsql volatile
    -- Every query here is an index lookup. PL/pgSQL keeps each query's plan for the connection's life: a plan
    -- made while the table of choices was nearly empty would scan it whole on every post as it grows.
    set enable_seqscan = off
    as $$
    declare
      v_aberta integer;
      v_falha integer;
      v_maior integer;
      v_removidas integer;
      v_inseridas integer;
    begin
      select aberta into v_aberta from escala where num_escalacao = p_escalacao;
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
        )
        order by o.ordem
        limit 1;
      if v_falha is not null then
        return json_build_object('situacao', 'SemDescanso', 'seq', v_falha);
      end if;

      perform 1 from avulso where cod_avulso = p_avulso for update;

      delete from escolha where cod_avulso = p_avulso and seq_categoria = any(p_remover);
      get diagnostics v_removidas = row_count;

      select coalesce(max(preferencia), 0) into v_maior
        from escolha
       where cod_avulso = p_avulso and num_escalacao = p_escalacao and cod_categoria = p_categoria;

      insert into escolha (num_escalacao, cod_categoria, seq_categoria, cod_avulso, preferencia, hora_digitacao)
      select p_escalacao, p_categoria, n.seq, p_avulso, v_maior + row_number() over (order by n.ordem), p_agora
        from unnest(p_escolher) with ordinality as n(seq, ordem)
       where not exists (select 1 from escolha e where e.cod_avulso = p_avulso and e.seq_categoria = n.seq)
       order by n.ordem;
      get diagnostics v_inseridas = row_count;

      return json_build_object(
        'situacao', 'ok',
        'alterou', v_removidas + v_inseridas > 0,
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
  `.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialetoDe(db) !== 'postgres') return;
  await sql`drop function escolher_ofertas`.execute(db);
}
