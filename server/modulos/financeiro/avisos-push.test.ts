import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPush } from '#common/api/push.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import {
  ambienteComAvisos,
  iniciarReceptorPush,
  type NavegadorPush,
  novoNavegador,
  type ReceptorPush,
} from '../../test/receptor-push.ts';
import { br, construtorContracheque } from './apoio-teste.ts';
import { escreverCsvFolha } from './csv-folha.ts';

/**
 * Issue 25, "what the worker gets", end to end: an import of payslips reaches each subscribed worker's phone
 * as ONE notification per import (not one per document), encrypted to that browser and read in Portuguese;
 * importing the same file again sends nothing; a worker without documents in the file gets nothing. The push
 * service is the test's own receiver on 127.0.0.1 (server/test/receptor-push.ts). SQLite and PostgreSQL.
 */

let receptor: ReceptorPush;
let amb: AmbienteTeste;
let financeiro: ClienteTeste;
let contracheque: ReturnType<typeof construtorContracheque>;
const navegadores = new Map<string, NavegadorPush>();

beforeAll(async () => {
  receptor = await iniciarReceptorPush();
  amb = await ambienteComAvisos(receptor, 'mailto:folha@portal.invalid');
  financeiro = await amb.logado('900004');
  contracheque = construtorContracheque(amb.relogio.now());
  for (const cod of ['100002', '100003', '100004']) {
    const n = novoNavegador(`${receptor.origem}/ok/${cod}`);
    const c = await amb.logado(cod);
    expect((await c.chamar(apiPush.assinar, { corpo: n.assinatura })).status).toBe(200);
    navegadores.set(cod, n);
  }
});
afterAll(async () => {
  await amb?.fechar();
  await receptor?.fechar();
});

/** The posts received for a worker's browser since `desde`, decrypted with its keys. */
function recebidosPor(cod: string, desde: number) {
  const n = navegadores.get(cod);
  if (!n) throw new Error(`sem navegador para ${cod}`);
  const caminho = new URL(n.assinatura.endpoint).pathname;
  return receptor.recebidos
    .slice(desde)
    .filter((r) => r.caminho === caminho)
    .map((r) => n.decifrar(r.corpo) as Record<string, string>);
}

const diaAntes = (dias: number) =>
  new Date(amb.relogio.now().getTime() - dias * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

async function importar(csv: string) {
  const r = await financeiro.requisitar<{
    dados: { criados: number; inalterados: number; avisados: number };
  }>({
    method: 'POST',
    url: '/api/gestao/financeiro/importar?tipo=contracheque',
    payload: csv,
    headers: { 'content-type': 'text/csv' },
  });
  expect(r.status, JSON.stringify(r.corpo)).toBe(200);
  return r.corpo.dados;
}

describe('avisos de documentos no celular', () => {
  it('três contracheques de um trabalhador e um de outro: um aviso para cada um, com o texto e a página', async () => {
    const d1 = diaAntes(4);
    const d2 = diaAntes(3);
    const csv = escreverCsvFolha('contracheque', [
      ...contracheque({ matricula: '100002', numero: 910001, dia: d1 }),
      ...contracheque({ matricula: '100002', numero: 910002, dia: d1, turno: '13-19' }),
      ...contracheque({ matricula: '100002', numero: 910003, dia: d2 }),
      ...contracheque({ matricula: '100003', numero: 910004, dia: d2, funcao: 'Arrumador' }),
    ]);
    const desde = receptor.recebidos.length;
    const r = await importar(csv);
    expect(r).toMatchObject({ criados: 4, avisados: 2 });
    // The sends run after the answer, off the request: wait for the two posts the receiver must see.
    await expect.poll(() => receptor.recebidos.length - desde, { timeout: 10_000 }).toBe(2);
    expect(recebidosPor('100002', desde)).toEqual([
      expect.objectContaining({
        titulo: 'Contracheques disponíveis',
        corpo: `Seus 3 contracheques de ${br(d1).slice(0, 5)} a ${br(d2).slice(0, 5)} estão disponíveis.`,
        url: '/minha-conta/financeiro/contracheques',
      }),
    ]);
    expect(recebidosPor('100003', desde)).toEqual([
      expect.objectContaining({
        titulo: 'Contracheque disponível',
        corpo: `Seu contracheque de ${br(d2).slice(0, 5)} está disponível.`,
      }),
    ]);
    expect(recebidosPor('100004', desde)).toEqual([]);

    // The same file again: nothing changes, nobody is told again.
    const antes = receptor.recebidos.length;
    const denovo = await importar(csv);
    expect(denovo).toMatchObject({ criados: 0, inalterados: 4, avisados: 0 });
    // A later import that does notify proves the sender ran after the repeated one, which sent nothing.
    const d3 = diaAntes(2);
    await importar(
      escreverCsvFolha('contracheque', contracheque({ matricula: '100004', numero: 910005, dia: d3 })),
    );
    await expect.poll(() => recebidosPor('100004', antes).length, { timeout: 10_000 }).toBe(1);
    expect(recebidosPor('100002', antes)).toEqual([]);
    expect(recebidosPor('100003', antes)).toEqual([]);
  });
});
