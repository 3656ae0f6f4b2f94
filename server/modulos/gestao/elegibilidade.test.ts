import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEscalacao } from '#common/api/escalacao.ts';
import { apiGestao, apiResultadoEscala } from '#common/api/gestao.ts';
import { dataLocal, somarDias } from '#common/tempo.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import {
  criarRascunho,
  ESCALADOR,
  escolhaDe,
  estivadoresPorChamada,
  requisicaoExemplo,
} from './apoio-teste.ts';

/**
 * Eligibility is taken when the rotation runs, not when the worker chose (issue 16, docs/decisions/0154): a
 * worker who lost the function's qualification, or was engaged elsewhere too close to the shift, after
 * choosing is left out with that reason, read back from the stored audit (codes, decision 0154's addendum).
 * Run on both databases (TEST_DB).
 */

let amb: AmbienteTeste;
let staff: ClienteTeste;
let num: number;
let avulsos: string[];

beforeAll(async () => {
  amb = await criarAmbiente();
  staff = await amb.logado(ESCALADOR);
  avulsos = (await estivadoresPorChamada(amb, 3)).map((a) => a.cod);
  expect(avulsos).toHaveLength(3);
});
afterAll(async () => {
  await amb.fechar();
});

describe('elegibilidade no momento do rodízio', () => {
  it('sem habilitação ou sem descanso depois de escolher: fora, com o motivo; o outro é escalado', async () => {
    const [semHabilitacao, semDescanso, elegivel] = avulsos as [string, string, string];
    const dataOperacao = somarDias(dataLocal(amb.relogio.now(), amb.config.fusoHorario), 4);
    expect((await staff.chamar(apiGestao.fechar, { params: { num: 4521 } })).status).toBe(200);
    num = await criarRascunho(staff, [
      requisicaoExemplo(dataOperacao, {
        poroes: [
          {
            numPorao: 'PR00',
            nomeMercadoria: 'Contêineres',
            tonelagem: 9000,
            funcoes: [{ codFuncao: 101, numVagas: 3 }],
          },
        ],
      }),
    ]);
    const aberta = await staff.chamar(apiGestao.abrir, { params: { num } });
    expect(aberta.status, JSON.stringify(aberta.corpo)).toBe(200);
    const escolha = escolhaDe(aberta.corpo.dados, { codFuncao: 101 });
    for (const cod of avulsos) {
      const r = await (await amb.logado(cod)).chamar(apiEscalacao.escolher, {
        corpo: { numEscalacao: num, categoria: 1, escolhas: [escolha] },
      });
      expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    }
    amb.relogio.avancar(60_000);
    expect((await staff.chamar(apiGestao.fechar, { params: { num } })).status).toBe(200);

    // After choosing: one loses the qualification, the other is engaged until 2 h before the shift.
    await amb.db
      .deleteFrom('habilitacao')
      .where('cod_avulso', '=', semHabilitacao)
      .where('cod_funcao', '=', 101)
      .execute();
    const turno = await amb.db
      .selectFrom('requisicao')
      .select('inicio')
      .where('num_escalacao', '=', num)
      .executeTakeFirstOrThrow();
    const fim = Date.parse(turno.inicio) - 2 * 3_600_000;
    await amb.db
      .insertInto('trabalho')
      .values({
        cod_avulso: semDescanso,
        data_operacao: dataOperacao,
        hora_inicio: 1,
        hora_fim: 7,
        inicio: new Date(fim - 6 * 3_600_000).toISOString(),
        fim: new Date(fim).toISOString(),
        operador: 'Tecon Suape',
        navio: 'MAERSK SANTOS',
        local_atracacao: 'Cais 4',
        mercadoria: 'Veículos',
        faina: 'Porão 1',
        cod_funcao: 101,
        funcao: 'Estivador',
      })
      .execute();

    const r = await staff.chamar(apiGestao.rodizio, { params: { num } });
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    expect(r.corpo.dados).toMatchObject({ vagas: 3, escalados: 1, vagasNaoPreenchidas: 2, naoEscalados: 2 });

    const auditoria = async (cod: string) =>
      (await staff.chamar(apiGestao.auditoria, { params: { num }, query: { codAvulso: cod } })).corpo.dados;
    const h = await auditoria(semHabilitacao);
    expect(h).toMatchObject({ escolheu: true, escalado: false });
    expect(h.escolhas.map((e: { situacao: string }) => e.situacao)).toEqual(['sem-habilitacao']);
    const oferta = `MSC AURORA, Porão 1, Estivador, ${dataOperacao.slice(6, 8)}/${dataOperacao.slice(4, 6)} 07-13`;
    expect(h.motivo).toBe(
      `Não escalado: sua 1ª escolha (${oferta}) não valeu: no momento do rodízio você não tinha habilitação para a função.`,
    );
    const d = await auditoria(semDescanso);
    expect(d.escolhas.map((e: { situacao: string }) => e.situacao)).toEqual(['sem-descanso']);
    expect(d.motivo).toBe(
      `Não escalado: sua 1ª escolha (${oferta}) não valeu: você não teria o descanso mínimo de ${amb.config.horasDescanso} horas entre esse turno e outro trabalho seu.`,
    );
    const e = await auditoria(elegivel);
    expect(e).toMatchObject({
      escalado: true,
      motivo: `Escalado na sua 1ª escolha (${oferta}).`,
    });

    // Published, the words stay (they were stored with the call): the worker reads the same.
    expect((await staff.chamar(apiGestao.publicar, { params: { num } })).status).toBe(200);
    const proprio = await (await amb.logado(semHabilitacao)).chamar(apiResultadoEscala.resultado, {
      query: {},
    });
    expect(proprio.corpo.dados).toMatchObject({
      resultado: 'nao-escalado',
      numEscalacao: num,
      motivo: h.motivo,
    });
  });
});
