import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEscalacao, type VagasResposta } from '#common/api/escalacao.ts';
import { apiGestao } from '#common/api/gestao.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import {
  ambienteSemChamadaAberta,
  apuradaComSobras,
  diaDaqui,
  estivadores,
  pedirRepescagem,
  publicar,
} from './apoio-entre-chamadas.ts';

/**
 * The second round's vacancies are for the workers its main call did not engage (docs/decisions/0217, 0260):
 * GET /api/vagas shows them none of it, on SQLite and PostgreSQL (TEST_DB).
 */

let amb: AmbienteTeste;
let staff: ClienteTeste;

beforeAll(async () => {
  // The demo's open call would keep the second round from opening.
  ({ amb, staff } = await ambienteSemChamadaAberta());
});
afterAll(async () => {
  await amb.fechar();
});

function ofertasVistas(dados: VagasResposta): number[] {
  return Object.values(dados.categorias).flatMap((c) =>
    c.requisicoes.flatMap((r) => r.poroes.flatMap((p) => p.funcoes.map((o) => o.seqCategoria))),
  );
}

describe('GET /api/vagas na repescagem', () => {
  it('quem a escala principal escalou não vê as vagas da segunda rodada; quem não foi escalado vê', async () => {
    const [a, b, c] = await estivadores(amb, 3);
    if (!a || !b || !c) throw new Error('avulsos');
    const dia = diaDaqui(amb, 40);
    const x = await apuradaComSobras(amb, dia, [a.cod, b.cod]);
    await publicar(amb, x.num);

    amb.config.rodizio.repescagem = true;
    try {
      const r = await pedirRepescagem(staff, x.num, dia);
      expect(r.status, JSON.stringify(r.corpo)).toBe(200);
      const z = r.corpo.dados.numEscalacao;
      expect((await staff.chamar(apiGestao.abrir, { params: { num: z } })).status).toBe(200);

      const escalado = await amb.logado(a.cod);
      const vistoPeloEscalado = await escalado.chamar(apiEscalacao.vagas, { query: { numEscalacao: z } });
      expect(vistoPeloEscalado.status).toBe(200);
      expect(vistoPeloEscalado.corpo.dados.numEscalacao).toBe(z);
      expect(ofertasVistas(vistoPeloEscalado.corpo.dados)).toEqual([]);
      expect(vistoPeloEscalado.corpo.dados.pessoal.semDescanso).toEqual([]);

      const livre = await amb.logado(c.cod);
      const vistoPeloLivre = await livre.chamar(apiEscalacao.vagas, { query: { numEscalacao: z } });
      expect(vistoPeloLivre.status).toBe(200);
      const seqs = ofertasVistas(vistoPeloLivre.corpo.dados);
      expect(seqs.length).toBe(2);
      // The same worker asks again: still nothing (the variant is kept apart from the others' bytes).
      const denovo = await escalado.chamar(apiEscalacao.vagas, { query: { numEscalacao: z } });
      expect(ofertasVistas(denovo.corpo.dados)).toEqual([]);
      expect((await staff.chamar(apiGestao.fechar, { params: { num: z } })).status).toBe(200);
    } finally {
      amb.config.rodizio.repescagem = false;
    }
  });
});
