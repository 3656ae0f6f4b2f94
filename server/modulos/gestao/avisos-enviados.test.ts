import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGestao } from '#common/api/gestao.ts';
import { apiPush } from '#common/api/push.ts';
import { dataLocal, somarDias } from '#common/tempo.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import {
  ambienteComAvisos,
  iniciarReceptorPush,
  novoNavegador,
  type ReceptorPush,
} from '../../test/receptor-push.ts';
import { criarRascunho, ESCALADOR, requisicaoExemplo } from './apoio-teste.ts';

/**
 * "How many workers were notified" (issue 27; docs/decisions/0264): the staff page's call says, once the phone
 * notices of its opening and of its result finished, to how many workers and phones they went, delivered,
 * refused and gone. A push service of the test's own on 127.0.0.1; SQLite and PostgreSQL (TEST_DB).
 */

let receptor: ReceptorPush;
let amb: AmbienteTeste;
let staff: ClienteTeste;

beforeAll(async () => {
  receptor = await iniciarReceptorPush();
  amb = await ambienteComAvisos(receptor, 'mailto:escalacao@portal.invalid');
  staff = await amb.logado(ESCALADOR);
});
afterAll(async () => {
  await amb?.fechar();
  await receptor?.fechar();
});

async function assinar(cod: string, caminho: string) {
  const c = await amb.logado(cod);
  const n = novoNavegador(`${receptor.origem}/${caminho}`);
  expect((await c.chamar(apiPush.assinar, { corpo: n.assinatura })).status).toBe(200);
}

describe('avisos da escala', () => {
  it('abertura: 3 trabalhadores, 4 aparelhos, 3 entregues, 1 que sumiu; o resultado, só depois de publicar', async () => {
    // 100001 with two phones, 100002 with one, 100003 with one the push service says is gone (410).
    await assinar('100001', 'ok/100001-a');
    await assinar('100001', 'ok/100001-b');
    await assinar('100002', 'ok/100002');
    await assinar('100003', 'sumiu/100003');
    const antes = await amb.db.selectFrom('assinatura_push').select(['cod_avulso']).execute();
    expect(antes).toHaveLength(4);

    expect((await staff.chamar(apiGestao.fechar, { params: { num: 4521 } })).status).toBe(200);
    const dataOperacao = somarDias(dataLocal(amb.relogio.now(), amb.config.fusoHorario), 4);
    const num = await criarRascunho(staff, [requisicaoExemplo(dataOperacao)], '2026-12-01');
    const rascunho = (await staff.chamar(apiGestao.escala, { params: { num } })).corpo.dados;
    expect(rascunho.avisos).toEqual({ abertura: null, resultado: null });

    expect((await staff.chamar(apiGestao.abrir, { params: { num } })).status).toBe(200);
    await amb.app.avisosPush.aguardarEnvios();
    const aberta = (await staff.chamar(apiGestao.escala, { params: { num } })).corpo.dados;
    expect(aberta.avisos.abertura).toEqual({
      trabalhadores: 3,
      aparelhos: 4,
      enviados: 3,
      falhas: 0,
      removidas: 1,
      terminadoEm: amb.relogio.now().toISOString(),
    });
    expect(aberta.avisos.resultado).toBeNull();

    // Nobody chose: the result's round goes to no one, and says so.
    expect((await staff.chamar(apiGestao.fechar, { params: { num } })).status).toBe(200);
    expect((await staff.chamar(apiGestao.rodizio, { params: { num } })).status).toBe(200);
    expect((await staff.chamar(apiGestao.publicar, { params: { num } })).status).toBe(200);
    await amb.app.avisosPush.aguardarEnvios();
    const publicada = (await staff.chamar(apiGestao.escala, { params: { num } })).corpo.dados;
    expect(publicada.avisos.abertura?.trabalhadores).toBe(3);
    expect(publicada.avisos.resultado).toMatchObject({ trabalhadores: 0, aparelhos: 0, enviados: 0 });
  });
});
