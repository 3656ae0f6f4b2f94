import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGestao } from '#common/api/gestao.ts';
import type { CampoInvalido } from '#common/envelope.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';
import { criarRascunho, ESCALADOR, enviarCsv, requisicaoExemplo } from './apoio-teste.ts';

/**
 * The requisition form's defects of issue 27 that the server shares (docs/decisions/0262): an empty date says
 * 'Informe…' and nothing else; the CSV reads numbers by the form's rule (common/inteiro-ptbr.ts). SQLite and
 * PostgreSQL (TEST_DB).
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

const CABECALHO =
  'codOperador;codNavio;dataOperacao;codPeriodo;horaInicio;horaFim;codLocalAtrac;numPorao;nomeMercadoria;tonelagem;codFuncao;numVagas';

describe('mensagens de data', () => {
  it('data da operação vazia: só "Informe a data da operação."; inexistente e mal escrita, cada uma a sua', async () => {
    const num = await criarRascunho(staff);
    const casos: [string, string][] = [
      ['', 'Informe a data da operação.'],
      ['2026-12-02', 'Data da operação no formato aaaammdd.'],
      ['20260231', 'Data da operação inexistente.'],
    ];
    for (const [dataOperacao, mensagem] of casos) {
      const r = await staff.chamar(apiGestao.adicionarRequisicao, {
        params: { num },
        corpo: requisicaoExemplo(dataOperacao),
      });
      expect(r.status, dataOperacao).toBe(400);
      expect(r.corpo.codigoErro).toBe('DadosInvalidos');
      const daData = (dadosDaRecusa<CampoInvalido[]>(r) ?? []).filter((d) => d.campo === 'dataOperacao');
      expect(daData.map((d) => d.mensagem)).toEqual([mensagem]);
    }
    expect((await staff.chamar(apiGestao.escala, { params: { num } })).corpo.dados.requisicoes).toEqual([]);
  });

  it('data da chamada vazia: só "Informe a data da chamada."', async () => {
    const r = await staff.chamar(apiGestao.criar, { corpo: { dataChamada: '', horaChamada: '07:00' } });
    expect(r.status).toBe(400);
    const mensagens = JSON.stringify(r.corpo);
    expect(mensagens).toContain('Informe a data da chamada.');
    expect(mensagens).not.toContain('inexistente');
    expect(mensagens).not.toContain('aaaa-mm-dd');
  });
});

describe('tonelagem no CSV pela regra do formulário', () => {
  it('"12.500" é 12500; "12.50", "12 500" e "1.2" não são número inteiro e nada é importado', async () => {
    const num = await criarRascunho(staff);
    const bom = await enviarCsv(
      staff,
      num,
      [CABECALHO, '11;501;20261202;1;7;13;1;PR00;Contêineres;12.500;101;3'].join('\n'),
    );
    expect(bom.status, JSON.stringify(bom.corpo)).toBe(200);
    const d = (await staff.chamar(apiGestao.escala, { params: { num } })).corpo.dados;
    expect(d.requisicoes[0]?.poroes[0]?.tonelagem).toBe(12500);

    const outro = await criarRascunho(staff);
    const ruim = await enviarCsv(
      staff,
      outro,
      [
        CABECALHO,
        '11;501;20261202;1;7;13;1;PR00;Contêineres;12.50;101;3',
        '11;501;20261202;1;7;13;1;PR01;Contêineres;12 500;101;3',
        '11;501;20261202;1;7;13;1;PR02;Contêineres;1.2;101;3',
      ].join('\n'),
    );
    expect(ruim.status).toBe(400);
    expect(dadosDaRecusa(ruim)).toEqual([
      { linha: 2, campo: 'tonelagem', mensagem: 'Número inteiro esperado.' },
      { linha: 3, campo: 'tonelagem', mensagem: 'Número inteiro esperado.' },
      { linha: 4, campo: 'tonelagem', mensagem: 'Número inteiro esperado.' },
    ]);
    expect(
      (await staff.chamar(apiGestao.escala, { params: { num: outro } })).corpo.dados.requisicoes,
    ).toEqual([]);
  });
});
