import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequisicaoGestao } from '#common/api/gestao.ts';
import { apiGestao } from '#common/api/gestao.ts';
import { somarDias } from '#common/tempo.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { criarRascunho, ESCALADOR } from './apoio-teste.ts';

/**
 * Copying an earlier call's requisitions into a draft (issue 27; docs/decisions/0265), on SQLite and
 * PostgreSQL (TEST_DB): the same requisitions with their dates moved by the distance between the calls, all or
 * nothing, only into a draft.
 */

let amb: AmbienteTeste;
let staff: ClienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
  staff = await amb.logado(ESCALADOR);
});
afterAll(async () => {
  await amb.fechar();
});

const detalhe = async (num: number) =>
  (await staff.chamar(apiGestao.escala, { params: { num } })).corpo.dados;

/** What a copy keeps of a requisition: all but its number and date. */
const forma = (r: RequisicaoGestao) => ({
  codOperador: r.codOperador,
  codNavio: r.codNavio,
  codPeriodo: r.codPeriodo,
  codLocalAtrac: r.codLocalAtrac,
  poroes: r.poroes.map((p) => ({
    numPorao: p.numPorao,
    nomeMercadoria: p.nomeMercadoria,
    tonelagem: p.tonelagem,
    funcoes: p.funcoes.map((f) => [f.codFuncao, f.numVagas]),
  })),
});

describe('copiar requisições de outra escala', () => {
  it('a escala publicada 4520 (chamada de 25/11) num rascunho de 01/12: as mesmas requisições, 6 dias depois', async () => {
    const origem = await detalhe(4520);
    expect(origem.dataChamada).toBe('2026-11-25');
    expect(origem.requisicoes.length).toBeGreaterThan(0);
    const num = await criarRascunho(staff, [], '2026-12-01');
    const r = await staff.chamar(apiGestao.copiarRequisicoes, { params: { num }, corpo: { deEscala: 4520 } });
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    expect(r.corpo.dados.deslocamentoDias).toBe(6);
    expect(r.corpo.dados.requisicoes).toHaveLength(origem.requisicoes.length);
    const copia = await detalhe(num);
    expect(copia.requisicoes.map(forma)).toEqual(origem.requisicoes.map(forma));
    expect(copia.requisicoes.map((q) => q.dataOperacao)).toEqual(
      origem.requisicoes.map((q) => somarDias(q.dataOperacao, 6)),
    );
    expect(copia.contagens.vagas).toBe(origem.contagens.vagas);
    // The source is untouched.
    expect((await detalhe(4520)).requisicoes).toEqual(origem.requisicoes);
  });

  it('recusas em português, nada muda: a própria, inexistente, vazia, destino que não é rascunho, trabalhador', async () => {
    const num = await criarRascunho(staff, [], '2026-12-02');
    const vazio = await criarRascunho(staff, [], '2026-12-03');
    const casos: [number, unknown, number, string, string][] = [
      [num, { deEscala: num }, 400, 'DadosInvalidos', 'Escolha outra escala para copiar as requisições.'],
      [num, { deEscala: 999_999 }, 404, 'NaoEncontrado', 'A escala nº 999999 não existe.'],
      [
        num,
        { deEscala: vazio },
        400,
        'DadosInvalidos',
        `A escala nº ${vazio} não tem requisições para copiar.`,
      ],
      [4521, { deEscala: 4520 }, 409, 'SituacaoEscalaInvalida', ''],
      [num, { deEscala: 'x' }, 400, 'DadosInvalidos', ''],
      [num, {}, 400, 'DadosInvalidos', ''],
    ];
    for (const [destino, corpo, status, codigo, mensagem] of casos) {
      const r = await staff.chamarBruto(apiGestao.copiarRequisicoes, { params: { num: destino }, corpo });
      expect(r.status, JSON.stringify(corpo)).toBe(status);
      expect(r.corpo.codigoErro).toBe(codigo);
      if (mensagem) expect(r.corpo.mensagem).toBe(mensagem);
    }
    expect((await detalhe(num)).requisicoes).toEqual([]);
    const trabalhador = await amb.logado('100001');
    const r = await trabalhador.chamar(apiGestao.copiarRequisicoes, {
      params: { num },
      corpo: { deEscala: 4520 },
    });
    expect(r.status).toBe(403);
    expect((await detalhe(num)).requisicoes).toEqual([]);
  });

  it('a manhã inteira (4521, aberta: 18 requisições, 299 vagas) num rascunho do dia seguinte', async () => {
    const origem = await detalhe(4521);
    const num = await criarRascunho(staff, [], '2026-11-27');
    const r = await staff.chamar(apiGestao.copiarRequisicoes, { params: { num }, corpo: { deEscala: 4521 } });
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    expect(r.corpo.dados.deslocamentoDias).toBe(1);
    const copia = await detalhe(num);
    expect(copia.requisicoes.map(forma)).toEqual(origem.requisicoes.map(forma));
    expect(copia.contagens).toMatchObject({ requisicoes: 18, vagas: 299, escolhas: 0 });
  });
});
