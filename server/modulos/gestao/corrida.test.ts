import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Escolha } from '#common/api/escalacao.ts';
import { temDescanso } from '#common/descanso.ts';
import type { AmbienteTeste, ClienteTeste, EnvelopeTeste, RespostaTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { ESCALADOR } from './apoio-teste.ts';

/**
 * Closing races with posts (docs/decisions/0153): posts in flight at the moment of closing. Every post
 * acknowledged is in the database and in the rotation; every one refused left nothing; every post sent after
 * the close answered gets EscalaFechada. Run on both databases (TEST_DB).
 */

let amb: AmbienteTeste;
let staff: ClienteTeste;

interface Participante {
  cliente: ClienteTeste;
  codAvulso: string;
  escolha: Escolha;
}
const participantes: Participante[] = [];

const ESCALA = 4521;

beforeAll(async () => {
  amb = await criarAmbiente();
  staff = await amb.logado(ESCALADOR);
  // Workers with no choice yet in the open call, each with one Estivador offer they hold and are rested for.
  const { rows } = await sql<{
    cod_avulso: string;
    seq_categoria: number;
    num_requisicao: number;
    num_porao: string;
    cod_funcao: number;
    cod_operador: number;
    cod_navio: number;
    data_operacao: string;
    cod_periodo: number;
    inicio: string;
    fim: string;
  }>`
    select a.cod_avulso, o.seq_categoria, o.num_requisicao, o.num_porao, o.cod_funcao,
           r.cod_operador, r.cod_navio, r.data_operacao, r.cod_periodo, r.inicio, r.fim
      from avulso a
      join habilitacao h on h.cod_avulso = a.cod_avulso
      join oferta o on o.cod_funcao = h.cod_funcao and o.num_escalacao = ${ESCALA} and o.cod_categoria = 1
      join requisicao r on r.num_requisicao = o.num_requisicao
     where a.impedimento = 0 and a.cod_avulso > '100100' and a.cod_categoria = 1
       and not exists (select 1 from escolha e where e.cod_avulso = a.cod_avulso and e.num_escalacao = ${ESCALA})
     order by a.cod_avulso, o.seq_categoria`.execute(amb.db);
  const trabalhos = await amb.db.selectFrom('trabalho').select(['cod_avulso', 'inicio', 'fim']).execute();
  const engajamentos = new Map<string, { inicio: number; fim: number }[]>();
  for (const t of trabalhos) {
    engajamentos.set(t.cod_avulso, [
      ...(engajamentos.get(t.cod_avulso) ?? []),
      { inicio: Date.parse(t.inicio), fim: Date.parse(t.fim) },
    ]);
  }
  const vistos = new Set<string>();
  for (const l of rows) {
    if (vistos.has(l.cod_avulso) || vistos.size >= 30) continue;
    // Only offers the worker is rested for (a SemDescanso refusal would not be about the close).
    const turno = { inicio: Date.parse(l.inicio), fim: Date.parse(l.fim) };
    if (!temDescanso(turno, engajamentos.get(l.cod_avulso) ?? [], amb.config.horasDescanso)) continue;
    vistos.add(l.cod_avulso);
    participantes.push({
      cliente: await amb.logado(l.cod_avulso),
      codAvulso: l.cod_avulso,
      escolha: {
        numRequisicao: l.num_requisicao,
        codOperador: l.cod_operador,
        codNavio: l.cod_navio,
        dataOperacao: l.data_operacao,
        codPeriodo: l.cod_periodo,
        numPorao: l.num_porao,
        numPoraoFuncao: l.num_porao,
        codFuncao: l.cod_funcao,
        nomeFuncao: 'Função',
        seqCategoria: l.seq_categoria,
        seqCategoTPA: 0,
        escolhida: true,
        preferencia: null,
      },
    });
  }
}, 120_000);
afterAll(async () => {
  await amb.fechar();
});

function postar(p: Participante) {
  return p.cliente.post('/api/vagas', { numEscalacao: ESCALA, categoria: 1, escolhas: [p.escolha] });
}

async function linhasDe(codAvulso: string) {
  return amb.db
    .selectFrom('escolha')
    .select(['seq_categoria'])
    .where('cod_avulso', '=', codAvulso)
    .where('num_escalacao', '=', ESCALA)
    .execute();
}

describe('fechar com escolhas a caminho', () => {
  it('nada fica pela metade: confirmadas entram no rodízio, as demais recebem EscalaFechada', async () => {
    expect(participantes.length).toBeGreaterThanOrEqual(20);
    const antes = participantes.length;
    const [primeiro, ...resto] = participantes as [Participante, ...Participante[]];
    const depois = resto.splice(-6);
    const emVoo = resto;

    // One post acknowledged for sure, then posts in flight while the close runs, then posts after it.
    const r0 = await postar(primeiro);
    expect(r0.status, JSON.stringify(r0.corpo)).toBe(200);
    // Posts leave one per turn of the event loop (each in a batch of its own) and the close leaves in the
    // middle of them: at that moment earlier posts are between the route's checks and their COMMIT.
    const proximaVolta = () => new Promise<void>((resolver) => setImmediate(resolver));
    const corrida: Promise<RespostaTeste<EnvelopeTeste>>[] = [];
    let fechar: Promise<RespostaTeste<EnvelopeTeste>> | undefined;
    for (const [i, p] of emVoo.entries()) {
      if (i === Math.floor(emVoo.length / 2)) fechar = staff.post(`/api/gestao/escalas/${ESCALA}/fechar`);
      corrida.push(postar(p));
      await proximaVolta();
    }
    const [respostas, fechou] = await Promise.all([
      Promise.all(corrida),
      fechar as Promise<RespostaTeste<EnvelopeTeste>>,
    ]);
    expect(fechou.status, JSON.stringify(fechou.corpo)).toBe(200);
    const tardias = await Promise.all(depois.map(postar));

    const aceitos = [primeiro];
    const recusados: Participante[] = [...depois];
    respostas.forEach((r, i) => {
      const p = emVoo[i] as Participante;
      if (r.status === 200) aceitos.push(p);
      else {
        expect(r.status, JSON.stringify(r.corpo)).toBe(409);
        expect(r.corpo.codigoErro).toBe('EscalaFechada');
        recusados.push(p);
      }
    });
    for (const r of tardias) {
      expect(r.status).toBe(409);
      expect(r.corpo.codigoErro).toBe('EscalaFechada');
    }
    expect(aceitos.length + recusados.length).toBe(antes);
    console.log('CORRIDA', aceitos.length, recusados.length);

    // Acknowledged: its row is there. Refused: nothing of it was written.
    for (const p of aceitos)
      expect(await linhasDe(p.codAvulso), p.codAvulso).toEqual([{ seq_categoria: p.escolha.seqCategoria }]);
    for (const p of recusados) expect(await linhasDe(p.codAvulso), p.codAvulso).toEqual([]);

    // The rotation decides about every acknowledged choice, and about no refused one.
    const apuracao = await staff.post(`/api/gestao/escalas/${ESCALA}/rodizio`);
    expect(apuracao.status, JSON.stringify(apuracao.corpo)).toBe(200);
    const decisoes = await amb.db
      .selectFrom('escala_decisao')
      .select('cod_avulso')
      .where('num_escalacao', '=', ESCALA)
      .execute();
    const decididos = new Set(decisoes.map((d) => d.cod_avulso));
    for (const p of aceitos) expect(decididos.has(p.codAvulso), p.codAvulso).toBe(true);
    for (const p of recusados) expect(decididos.has(p.codAvulso), p.codAvulso).toBe(false);
  });
});
