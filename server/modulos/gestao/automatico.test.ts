import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { criarRascunho, ESCALADOR, requisicaoExemplo } from './apoio-teste.ts';
import { passarHorasMarcadas } from './automatico.ts';

/**
 * The optional scheduled open and close (docs/decisions/0269), on SQLite and PostgreSQL (TEST_DB): off, nothing
 * moves; on, a draft opens inside its window and the open call closes at its call time, each once when two
 * checks (two servers) run at the same instant, named 'auto'.
 */

let amb: AmbienteTeste;
let staff: ClienteTeste;
const MINUTO = 60_000;

beforeAll(async () => {
  amb = await criarAmbiente();
  staff = await amb.logado(ESCALADOR);
  // The demo's open call would keep any other from opening.
  expect((await staff.post('/api/gestao/escalas/4521/fechar')).status).toBe(200);
});
afterAll(async () => {
  await amb.fechar();
});

async function situacao(num: number) {
  return amb.db
    .selectFrom('escala')
    .select(['situacao', 'aberta_por', 'fechada_por'])
    .where('num_escalacao', '=', num)
    .executeTakeFirstOrThrow();
}

/** Two checks at the same instant, as two server processes would run them. */
async function doisServidores(agora: Date) {
  const [a, b] = await Promise.all([
    passarHorasMarcadas(amb.app, agora),
    passarHorasMarcadas(amb.app, agora),
  ]);
  return {
    abertas: [...(a?.abertas ?? []), ...(b?.abertas ?? [])],
    fechadas: [...(a?.fechadas ?? []), ...(b?.fechadas ?? [])],
  };
}

describe('abrir e fechar no horário marcado', () => {
  it('desligado (o padrão): nada se move', async () => {
    const num = await criarRascunho(staff, [requisicaoExemplo('20261219')], '2026-12-19');
    const chamada = new TZDate(2026, 11, 19, 7, 0, 0, amb.config.fusoHorario);
    expect(amb.config.rodizio.aberturaAutomaticaMinutos).toBeNull();
    expect(amb.config.rodizio.fechamentoAutomatico).toBe(false);
    expect(await passarHorasMarcadas(amb.app, new Date(chamada.getTime() - 5 * MINUTO))).toEqual({
      abertas: [],
      fechadas: [],
    });
    expect((await situacao(num)).situacao).toBe('rascunho');
    expect((await staff.post(`/api/gestao/escalas/${num}/cancelar`)).status).toBe(200);
  });

  it('ligado: abre na janela e fecha na hora, uma vez só entre dois servidores', async () => {
    const num = await criarRascunho(staff, [requisicaoExemplo('20261220')], '2026-12-20');
    const hhmm = await amb.db
      .updateTable('escala')
      .set({ hora_chamada: '03:17' })
      .where('num_escalacao', '=', num)
      .executeTakeFirst();
    expect(Number(hhmm.numUpdatedRows)).toBe(1);
    const chamada = new TZDate(2026, 11, 20, 3, 17, 0, amb.config.fusoHorario).getTime();
    amb.config.rodizio.aberturaAutomaticaMinutos = 60;
    amb.config.rodizio.fechamentoAutomatico = true;
    try {
      expect(await doisServidores(new Date(chamada - 61 * MINUTO))).toEqual({ abertas: [], fechadas: [] });
      expect((await situacao(num)).situacao).toBe('rascunho');

      expect(await doisServidores(new Date(chamada - 59 * MINUTO))).toEqual({ abertas: [num], fechadas: [] });
      expect(await situacao(num)).toMatchObject({ situacao: 'aberta', aberta_por: 'auto' });
      expect(await doisServidores(new Date(chamada - MINUTO))).toEqual({ abertas: [], fechadas: [] });

      expect(await doisServidores(new Date(chamada))).toEqual({ abertas: [], fechadas: [num] });
      expect(await situacao(num)).toMatchObject({ situacao: 'fechada', fechada_por: 'auto' });
      expect(await doisServidores(new Date(chamada + MINUTO))).toEqual({ abertas: [], fechadas: [] });
    } finally {
      amb.config.rodizio.aberturaAutomaticaMinutos = null;
      amb.config.rodizio.fechamentoAutomatico = false;
    }
  });
});
