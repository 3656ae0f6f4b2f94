import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErroLinhaCsv } from '#common/api/gestao.ts';
import { apiGestao } from '#common/api/gestao.ts';
import type { CampoInvalido } from '#common/envelope.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';
import { criarRascunho, ESCALADOR, enviarCsv, requisicaoExemplo } from './apoio-teste.ts';

let amb: AmbienteTeste;
let staff: ClienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
  staff = await amb.logado(ESCALADOR);
});
afterAll(async () => {
  await amb.fechar();
});

async function detalhe(num: number) {
  return (await staff.chamar(apiGestao.escala, { params: { num } })).corpo.dados;
}

async function primeiraRequisicao(num: number) {
  const requisicao = (await detalhe(num)).requisicoes[0];
  if (!requisicao) throw new Error(`a escala ${num} não tem requisições`);
  return requisicao.numRequisicao;
}

const CABECALHO =
  'codOperador;codNavio;dataOperacao;codPeriodo;horaInicio;horaFim;codLocalAtrac;numPorao;nomeMercadoria;tonelagem;codFuncao;numVagas';

describe('requisições de um rascunho', () => {
  it('adiciona com os nomes do cadastro do porto, instantes do turno e ofertas numeradas', async () => {
    const num = await criarRascunho(staff);
    const r = await staff.chamar(apiGestao.adicionarRequisicao, {
      params: { num },
      corpo: requisicaoExemplo('20261202'),
    });
    expect(r.status).toBe(200);
    const numRequisicao = r.corpo.dados.numRequisicao;
    expect(numRequisicao).toBeGreaterThan(0);
    const d = await detalhe(num);
    expect(d.requisicoes).toHaveLength(1);
    expect(d.requisicoes[0]).toMatchObject({
      numRequisicao,
      codCategoria: 1,
      nomeNavio: 'MSC AURORA',
      nomeOperador: 'Tecon Suape',
      nomeLocalAtrac: 'Cais CMU Leste',
      dataOperacao: '20261202',
      poroes: [
        {
          numPorao: 'PR01',
          funcoes: [
            { codFuncao: 101, nomeFuncao: expect.any(String), numVagas: 3, qtdEscolhas: 0 },
            { codFuncao: 121, numVagas: 1 },
          ],
        },
        { numPorao: 'PR02', funcoes: [{ codFuncao: 101, numVagas: 2 }] },
      ],
    });
    expect(d.contagens).toMatchObject({ requisicoes: 1, ofertas: 3, vagas: 6, escolhas: 0 });
    const linha = await amb.db
      .selectFrom('requisicao')
      .select(['inicio', 'fim'])
      .where('num_requisicao', '=', numRequisicao)
      .executeTakeFirstOrThrow();
    // 07:00-13:00 at America/Recife (UTC-3).
    expect(linha).toEqual({ inicio: '2026-12-02T10:00:00.000Z', fim: '2026-12-02T16:00:00.000Z' });
  });

  it('recusa dados inválidos campo a campo, sem gravar nada', async () => {
    const num = await criarRascunho(staff);
    const casos: [Record<string, unknown>, string][] = [
      [{ ...requisicaoExemplo('20261202'), codNavio: 9999 }, 'codNavio'],
      [{ ...requisicaoExemplo('20261202'), codOperador: 77 }, 'codOperador'],
      [{ ...requisicaoExemplo('20261202'), codLocalAtrac: '99' }, 'codLocalAtrac'],
      [{ ...requisicaoExemplo('20261231'), dataOperacao: '20260231' }, 'dataOperacao'],
      [{ ...requisicaoExemplo('20261202'), horaInicio: 8 }, 'horaInicio'],
      [{ ...requisicaoExemplo('20261202'), codPeriodo: 5 }, 'codPeriodo'],
      [{ ...requisicaoExemplo('20261202'), codNavio: 2 ** 31 }, 'codNavio'],
      [
        {
          ...requisicaoExemplo('20261202'),
          poroes: [
            {
              numPorao: 'PR01',
              nomeMercadoria: 'X',
              tonelagem: 1,
              funcoes: [{ codFuncao: 999, numVagas: 1 }],
            },
          ],
        },
        'poroes.0.funcoes.0.codFuncao',
      ],
      [
        {
          ...requisicaoExemplo('20261202'),
          poroes: [
            {
              numPorao: 'PR01',
              nomeMercadoria: 'X',
              tonelagem: 1,
              funcoes: [
                { codFuncao: 101, numVagas: 1 },
                { codFuncao: 201, numVagas: 1 },
              ],
            },
          ],
        },
        'poroes',
      ],
      [
        {
          ...requisicaoExemplo('20261202'),
          poroes: [
            {
              numPorao: 'PR01',
              nomeMercadoria: 'X',
              tonelagem: 1,
              funcoes: [{ codFuncao: 101, numVagas: 0 }],
            },
          ],
        },
        'poroes.0.funcoes.0.numVagas',
      ],
      [{ ...requisicaoExemplo('20261202'), poroes: [] }, 'poroes'],
    ];
    for (const [corpo, campo] of casos) {
      const r = await staff.chamarBruto(apiGestao.adicionarRequisicao, { params: { num }, corpo });
      expect(r.status, campo).toBe(400);
      expect(r.corpo.codigoErro, campo).toBe('DadosInvalidos');
      expect(
        dadosDaRecusa<CampoInvalido[]>(r)?.map((d) => d.campo),
        campo,
      ).toContain(campo);
    }
    expect((await detalhe(num)).requisicoes).toEqual([]);
  });

  it('edita e remove enquanto rascunho; requisição de outra escala: 404', async () => {
    const num = await criarRascunho(staff, [requisicaoExemplo('20261202')]);
    const outra = await criarRascunho(staff, [requisicaoExemplo('20261202')]);
    const req = await primeiraRequisicao(num);
    const deOutra = await primeiraRequisicao(outra);

    const nova = requisicaoExemplo('20261203', {
      codNavio: 502,
      poroes: [
        {
          numPorao: 'BL00',
          nomeMercadoria: 'Carga geral',
          tonelagem: 500,
          funcoes: [{ codFuncao: 501, numVagas: 4 }],
        },
      ],
    });
    const e = await staff.chamar(apiGestao.editarRequisicao, { params: { num, req }, corpo: nova });
    expect(e.status).toBe(200);
    const d = await detalhe(num);
    expect(d.requisicoes).toHaveLength(1);
    expect(d.requisicoes[0]).toMatchObject({
      numRequisicao: req,
      nomeNavio: 'MAERSK SANTOS',
      dataOperacao: '20261203',
      codCategoria: 1,
      poroes: [{ numPorao: 'BL00', funcoes: [{ codFuncao: 501, numVagas: 4 }] }],
    });

    const x = await staff.chamar(apiGestao.removerRequisicao, { params: { num, req: deOutra } });
    expect(x.status).toBe(404);
    expect((await detalhe(outra)).requisicoes).toHaveLength(1);

    const del = await staff.chamar(apiGestao.removerRequisicao, { params: { num, req } });
    expect(del.status).toBe(200);
    expect((await detalhe(num)).requisicoes).toEqual([]);
    const ofertas = await amb.db
      .selectFrom('oferta')
      .select('seq_categoria')
      .where('num_requisicao', '=', req)
      .execute();
    expect(ofertas).toEqual([]);
  });

  it('fora do rascunho nada muda: 409 SituacaoEscalaInvalida', async () => {
    const r = await staff.chamar(apiGestao.adicionarRequisicao, {
      params: { num: 4521 },
      corpo: requisicaoExemplo('20261202'),
    });
    expect(r.status).toBe(409);
    expect(r.corpo).toMatchObject({ codigoErro: 'SituacaoEscalaInvalida', dados: { situacao: 'aberta' } });
    const req = await amb.db
      .selectFrom('requisicao')
      .select('num_requisicao')
      .where('num_escalacao', '=', 4521)
      .executeTakeFirstOrThrow();
    const put = await staff.chamar(apiGestao.editarRequisicao, {
      params: { num: 4521, req: req.num_requisicao },
      corpo: requisicaoExemplo('20261202'),
    });
    expect(put.status).toBe(409);
    const del = await staff.chamar(apiGestao.removerRequisicao, {
      params: { num: 4521, req: req.num_requisicao },
    });
    expect(del.status).toBe(409);
    const csv = await enviarCsv(
      staff,
      4521,
      `${CABECALHO}\n11;501;20261202;1;7;13;1;PR00;Contêineres;1000;101;2\n`,
    );
    expect(csv.status).toBe(409);
    expect(
      await amb.db
        .selectFrom('requisicao')
        .select('num_requisicao')
        .where('num_requisicao', '=', req.num_requisicao)
        .executeTakeFirst(),
    ).toBeDefined();
  });
});

describe('importação CSV', () => {
  it('agrupa linhas em requisições e porões; aceita vírgula, BOM e data dd/mm/aaaa', async () => {
    const num = await criarRascunho(staff);
    const texto = [
      `\uFEFF${CABECALHO}`,
      '11;501;20261202;1;7;13;1;PR00;Contêineres;12.000;101;3',
      '11;501;20261202;1;7;13;1;PR00;Contêineres;12.000;121;1',
      '11;501;20261202;1;7;13;1;PR01;Contêineres;8000;101;2',
      '',
      '13;507;03/12/2026;2;13;19;3;PR00;Trigo a granel;30000;119;4',
      '15;510;20261202;3;19;1;07;PR00;Celulose;0;401;2',
    ].join('\r\n');
    const r = await enviarCsv(staff, num, texto);
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    expect(r.corpo.dados.requisicoes).toHaveLength(3);
    const d = await detalhe(num);
    expect(d.contagens).toMatchObject({ requisicoes: 3, ofertas: 5, vagas: 12 });
    const msc = d.requisicoes.find((x) => x.nomeNavio === 'MSC AURORA');
    expect(msc?.poroes.map((p) => [p.numPorao, p.tonelagem])).toEqual([
      ['PR00', 12000],
      ['PR01', 8000],
    ]);
    const vigia = d.requisicoes.find((x) => x.codCategoria === 4);
    expect(vigia).toMatchObject({ nomeNavio: 'OCEAN PEARL', horaInicio: 19, horaFim: 1 });
    const trigo = d.requisicoes.find((x) => x.nomeNavio === 'GRANDE NIGÉRIA');
    expect(trigo?.dataOperacao).toBe('20261203');

    const virgula = await criarRascunho(staff);
    const r2 = await enviarCsv(
      staff,
      virgula,
      `${CABECALHO.replaceAll(';', ',')}\n11,501,20261202,1,7,13,1,PR00,Contêineres,1000,101,2\n`,
    );
    expect(r2.status).toBe(200);
    expect((await detalhe(virgula)).contagens.ofertas).toBe(1);
  });

  it('tudo ou nada: cada linha ruim com número e coluna; nada gravado', async () => {
    const num = await criarRascunho(staff);
    const texto = [
      CABECALHO,
      '11;501;20261202;1;7;13;1;PR00;Contêineres;1000;101;3', // 2: ok
      '11;9999;20261202;1;7;13;1;PR00;Contêineres;1000;101;3', // 3: unknown ship
      '11;501;20261302;1;7;13;1;PR00;Contêineres;1000;101;3', // 4: bad date
      '11;501;20261202;1;7;13;1;PR00;Contêineres;1000;abc;3', // 5: function not a number
      '11;501;20261202;1;7;13;1;PR00;Contêineres;1000;101', // 6: missing field
      '11;501;20261202;1;7;13;1;PR00;Grãos;1000;121;3', // 7: cargo differs from line 2's hold
      '11;501;20261202;1;7;13;1;PR00;Contêineres;1000;101;1', // 8: repeated function in hold
      '12;504;20261202;2;13;19;2;BL00;Carga geral;100;0;1', // 9: function 0
      '12;504;20261202;2;13;19;2;BL00;;100;601;1', // 10: empty cargo
    ].join('\n');
    const r = await enviarCsv(staff, num, texto);
    expect(r.status).toBe(400);
    expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    expect(r.corpo.mensagem).toMatch(/nada foi importado/);
    const porLinha = new Map<number, string[]>();
    for (const e of dadosDaRecusa<ErroLinhaCsv[]>(r) ?? []) {
      expect(e.mensagem.length).toBeGreaterThan(3);
      porLinha.set(e.linha, [...(porLinha.get(e.linha) ?? []), e.campo]);
    }
    expect(porLinha.get(2)).toBeUndefined();
    // One pass (issue 27, case 7): the unknown ship is reported with the other lines' errors.
    expect(porLinha.get(3)).toEqual(['codNavio']);
    expect(porLinha.get(4)).toContain('dataOperacao');
    expect(porLinha.get(5)).toContain('codFuncao');
    expect(porLinha.get(6)).toContain('arquivo');
    expect(porLinha.get(7)).toContain('nomeMercadoria');
    expect(porLinha.get(8)).toContain('codFuncao');
    expect(porLinha.get(9)).toContain('codFuncao');
    expect(porLinha.get(10)).toContain('nomeMercadoria');
    expect((await detalhe(num)).requisicoes).toEqual([]);

    // Once the file's shape is right, the unknown ship is reported on its own line.
    const s = await enviarCsv(
      staff,
      num,
      [
        CABECALHO,
        '11;501;20261202;1;7;13;1;PR00;Contêineres;1000;101;3',
        '11;9999;20261202;1;7;13;1;PR00;Contêineres;1000;101;3',
      ].join('\n'),
    );
    expect(s.status).toBe(400);
    expect(dadosDaRecusa(s)).toEqual([
      { linha: 3, campo: 'codNavio', mensagem: 'Navio 9999 não cadastrado.' },
    ]);
    expect((await detalhe(num)).requisicoes).toEqual([]);
  });

  it('cabeçalho sem colunas, arquivo vazio, aspas abertas, JSON no lugar de CSV', async () => {
    const num = await criarRascunho(staff);
    const semColuna = await enviarCsv(staff, num, 'codOperador;codNavio\n11;501\n');
    expect(semColuna.status).toBe(400);
    expect(dadosDaRecusa<ErroLinhaCsv[]>(semColuna)?.map((e) => e.campo)).toContain('codFuncao');
    const vazio = await enviarCsv(staff, num, '');
    expect(vazio.status).toBe(400);
    expect(vazio.corpo.codigoErro).toBe('DadosInvalidos');
    const aspas = await enviarCsv(staff, num, `${CABECALHO}\n11;501;"20261202;1;7;13;1;PR00;X;1;101;1\n`);
    expect(aspas.status).toBe(400);
    expect(dadosDaRecusa<ErroLinhaCsv[]>(aspas)?.[0]?.campo).toBe('arquivo');
    const json = await staff.chamarBruto(apiGestao.importarRequisicoes, { params: { num }, corpo: { a: 1 } });
    expect(json.status).toBe(400);
    expect(json.corpo.codigoErro).toBe('DadosInvalidos');
    expect((await detalhe(num)).requisicoes).toEqual([]);
  });
});

describe('importação CSV: o arquivo de verdade (issue 27, caso 7)', () => {
  it('um arquivo do Excel em português (Windows-1252) entra com os acentos', async () => {
    const num = await criarRascunho(staff);
    const texto = `${CABECALHO}\r\n11;501;20261202;1;7;13;1;PR00;Contêineres;1000;101;3\r\n13;507;20261202;2;13;19;3;PR00;Açúcar a granel;30000;119;1\r\n`;
    const bytes = Buffer.from(texto, 'latin1');
    // Windows-1252 agrees with Latin-1 on every letter of this file (ê, ç, ú).
    expect(bytes.includes(Buffer.from([0xea]))).toBe(true);
    const r = await staff.chamarBruto(apiGestao.importarRequisicoes, { params: { num }, corpo: bytes });
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    const cargas = (await detalhe(num)).requisicoes.map((q) => q.poroes[0]?.nomeMercadoria);
    expect(cargas.sort()).toEqual(['Açúcar a granel', 'Contêineres']);
  });

  it('função de outra categoria: o erro está na linha dela; datas longe da chamada (2020, 2031) recusadas', async () => {
    const num = await criarRascunho(staff);
    const r = await enviarCsv(
      staff,
      num,
      [
        CABECALHO,
        '11;501;20261202;1;7;13;1;PR00;Contêineres;1000;101;3',
        '11;501;20261202;1;7;13;1;PR00;Contêineres;1000;110;1',
        '11;501;20261202;1;7;13;1;PR00;Contêineres;1000;601;2',
        '11;501;20200315;1;7;13;1;PR00;Contêineres;1000;101;3',
        '11;501;20310315;1;7;13;1;PR00;Contêineres;1000;101;3',
      ].join('\n'),
    );
    expect(r.status).toBe(400);
    const erros = dadosDaRecusa<ErroLinhaCsv[]>(r) ?? [];
    expect(erros.filter((e) => e.campo === 'codFuncao')).toEqual([
      {
        linha: 4,
        campo: 'codFuncao',
        mensagem:
          'Função de Capatazia, mas a requisição (linha 2) é de Estivador: uma requisição tem funções de uma só categoria.',
      },
    ]);
    expect(erros.filter((e) => e.campo === 'dataOperacao').map((e) => [e.linha, e.mensagem])).toEqual([
      [5, 'A data da operação deve estar entre 30/11/2026 e 08/12/2026: a chamada é de 01/12/2026.'],
      [6, 'A data da operação deve estar entre 30/11/2026 e 08/12/2026: a chamada é de 01/12/2026.'],
    ]);
    // The form says the same.
    const form = await staff.chamar(apiGestao.adicionarRequisicao, {
      params: { num },
      corpo: requisicaoExemplo('20310315'),
    });
    expect(form.status).toBe(400);
    expect(dadosDaRecusa(form)).toEqual([
      {
        campo: 'dataOperacao',
        mensagem: 'A data da operação deve estar entre 30/11/2026 e 08/12/2026: a chamada é de 01/12/2026.',
      },
    ]);
    expect((await detalhe(num)).requisicoes).toEqual([]);
  });

  it('NUL e outros caracteres de controle: erro claro na linha e na coluna, nunca 500', async () => {
    const num = await criarRascunho(staff);
    const r = await enviarCsv(
      staff,
      num,
      `${CABECALHO}\n11;501;20261202;1;7;13;1;PR00;Cont\u0000êineres;1000;101;3\n11;501;20261202;1;7;13;1;PR01;A\u0007B;1000;101;3\n`,
    );
    expect(r.status).toBe(400);
    expect(dadosDaRecusa(r)).toEqual([
      { linha: 2, campo: 'nomeMercadoria', mensagem: 'Caractere de controle (NUL) não permitido.' },
      { linha: 3, campo: 'nomeMercadoria', mensagem: 'Caractere de controle (U+0007) não permitido.' },
    ]);
    expect((await detalhe(num)).requisicoes).toEqual([]);
  });

  it('5.000 linhas ruins: o laço de eventos segue girando; a resposta lista 100 erros e diz o total', async () => {
    const num = await criarRascunho(staff);
    const linhas = [CABECALHO];
    for (let i = 0; i < 5_000; i++) linhas.push('11;501;20261202;1;7;13;1;PR00;Contêineres;1000;abc;3');
    let voltas = 0;
    let parar = false;
    const girar = () => {
      if (parar) return;
      voltas++;
      setImmediate(girar);
    };
    setImmediate(girar);
    const r = await enviarCsv(staff, num, linhas.join('\n'));
    parar = true;
    expect(r.status).toBe(400);
    expect(r.corpo.mensagem).toBe(
      'O arquivo tem 5000 erros (os primeiros 100 estão listados); nada foi importado.',
    );
    expect(dadosDaRecusa<ErroLinhaCsv[]>(r)).toHaveLength(100);
    expect(dadosDaRecusa<ErroLinhaCsv[]>(r)?.[0]).toEqual({
      linha: 2,
      campo: 'codFuncao',
      mensagem: 'Número inteiro esperado.',
    });
    expect(r.bruto.length).toBeLessThan(20_000);
    // The parse gave the loop a turn every 100 lines: other requests were served meanwhile.
    expect(voltas).toBeGreaterThanOrEqual(50);
  });
});

describe('texto com caracteres de controle no formulário (issue 28, item 6)', () => {
  it('NUL ou um substituto sozinho na mercadoria: 400 DadosInvalidos com a frase, nunca 500, nada gravado', async () => {
    const num = await criarRascunho(staff);
    for (const ruim of ['Cont\u0000êineres', 'Açúcar\u0007', 'Soja \ud800']) {
      const r = requisicaoExemplo('20261202');
      const porao = r.poroes[0];
      if (!porao) throw new Error('porão');
      porao.nomeMercadoria = ruim;
      const resposta = await staff.chamar(apiGestao.adicionarRequisicao, { params: { num }, corpo: r });
      expect(resposta.status, ruim).toBe(400);
      expect(resposta.corpo.codigoErro).toBe('DadosInvalidos');
      // The one check of every text (docs/decisions/0221) answers before the schema's own refinement.
      expect(dadosDaRecusa(resposta)).toEqual([
        {
          campo: 'poroes.0.nomeMercadoria',
          mensagem: expect.stringMatching(/^O campo poroes\.0\.nomeMercadoria tem um caractere/),
        },
      ]);
    }
    expect((await detalhe(num)).requisicoes).toEqual([]);
  });
});
