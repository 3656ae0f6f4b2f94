import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EscalaDetalhe } from '#common/api/gestao.ts';
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
 * What the staff page reads to offer the second round (docs/decisions/0268): GET /api/gestao/escalas/:num says
 * nothing of it while REPESCAGEM is off; on, a published call says how many vacancies are left, then which round
 * was opened from it, and the round says whose it is. SQLite and PostgreSQL (TEST_DB).
 */

let amb: AmbienteTeste;
let staff: ClienteTeste;

beforeAll(async () => {
  ({ amb, staff } = await ambienteSemChamadaAberta());
});
afterAll(async () => {
  await amb.fechar();
});

async function detalhe(num: number): Promise<EscalaDetalhe> {
  const r = await staff.chamar(apiGestao.escala, { params: { num } });
  expect(r.status).toBe(200);
  return r.corpo.dados;
}

describe('a repescagem na página da escala', () => {
  it('desligada: nada; ligada: as vagas que sobraram, depois a repescagem aberta', async () => {
    const [a] = await estivadores(amb, 1);
    if (!a) throw new Error('avulso');
    const dia = diaDaqui(amb, 40);
    const x = await apuradaComSobras(amb, dia, [a.cod]);
    expect((await detalhe(x.num)).repescagem).toBeNull();
    await publicar(amb, x.num);
    expect((await detalhe(x.num)).repescagem).toBeNull();

    amb.config.rodizio.repescagem = true;
    try {
      expect((await detalhe(x.num)).repescagem).toEqual({ vagas: 3, repescagem: null, repescagemDe: null });
      const r = await pedirRepescagem(staff, x.num, dia);
      expect(r.status, JSON.stringify(r.corpo)).toBe(200);
      const z = r.corpo.dados.numEscalacao;
      expect((await detalhe(x.num)).repescagem).toEqual({ vagas: 0, repescagem: z, repescagemDe: null });
      const daRepescagem = await detalhe(z);
      expect(daRepescagem.repescagem).toEqual({ vagas: 0, repescagem: null, repescagemDe: x.num });
      const vagas = daRepescagem.requisicoes
        .flatMap((q) => q.poroes.flatMap((p) => p.funcoes))
        .reduce((s, f) => s + f.numVagas, 0);
      expect(vagas).toBe(3);
    } finally {
      amb.config.rodizio.repescagem = false;
    }
  });
});
