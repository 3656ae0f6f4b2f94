import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAvulso } from '#common/api/avulso.ts';
import type { Escolha } from '#common/api/escalacao.ts';
import { apiEscalacao } from '#common/api/escalacao.ts';
import type { EscalaDetalhe, ResultadoAvulso } from '#common/api/gestao.ts';
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
 * A call from draft to published through the API: workers choose, staff close, run the rotation, read the
 * result and the audit, publish; engagements become the workers' jobs and the pointers move.
 */

let amb: AmbienteTeste;
let staff: ClienteTeste;
let num: number;
let detalhe: EscalaDetalhe;
/** Four registered stevedores qualified for 101, no engagement near the call, by rotation number. */
let avulsos: { cod: string; numChamada: number }[];
let dataOperacao: string;

beforeAll(async () => {
  amb = await criarAmbiente();
  staff = await amb.logado(ESCALADOR);
  dataOperacao = somarDias(dataLocal(amb.relogio.now(), amb.config.fusoHorario), 4);
  avulsos = await estivadoresPorChamada(amb, 4);
  // The demo's published calls left a pointer for 101: start this call's rotation from the lowest number.
  await amb.db.deleteFrom('ponteiro_rodizio').where('cod_funcao', '=', 101).execute();
  expect(avulsos).toHaveLength(4);
});
afterAll(async () => {
  await amb.fechar();
});

/** The choices behind a worker's result (none when they chose nothing). */
function escolhasDe(resultado: ResultadoAvulso | null) {
  return resultado && 'escolhas' in resultado ? resultado.escolhas : [];
}

async function escolher(cod: string, escolhas: Escolha[]) {
  const c = await amb.logado(cod);
  return c.chamar(apiEscalacao.escolher, { corpo: { numEscalacao: num, categoria: 1, escolhas } });
}

describe('de rascunho a publicada', () => {
  it('abre a nova escala depois de fechar a do dia; trabalhadores escolhem', async () => {
    expect((await staff.chamar(apiGestao.fechar, { params: { num: 4521 } })).status).toBe(200);
    num = await criarRascunho(staff, [
      requisicaoExemplo(dataOperacao, {
        poroes: [
          {
            numPorao: 'PR00',
            nomeMercadoria: 'Contêineres',
            tonelagem: 9000,
            funcoes: [{ codFuncao: 101, numVagas: 1 }],
          },
          {
            numPorao: 'PR01',
            nomeMercadoria: 'Contêineres',
            tonelagem: 7000,
            funcoes: [{ codFuncao: 101, numVagas: 1 }],
          },
        ],
      }),
    ]);
    const a = await staff.chamar(apiGestao.abrir, { params: { num } });
    expect(a.status).toBe(200);
    detalhe = a.corpo.dados;
    const x = escolhaDe(detalhe, { numPorao: 'PR00', codFuncao: 101 });
    const y = escolhaDe(detalhe, { numPorao: 'PR01', codFuncao: 101 });
    // Everyone wants PR00 first, then PR01. The fourth gets impeded after choosing.
    for (const { cod } of avulsos) {
      const r = await escolher(cod, [x, y]);
      expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    }
    const vivo = await staff.chamar(apiGestao.escala, { params: { num } });
    expect(vivo.corpo.dados.contagens).toMatchObject({ escolhas: 8, avulsos: 4, vagas: 2 });
    expect(vivo.corpo.dados.requisicoes[0]?.poroes[0]?.funcoes[0]?.qtdEscolhas).toBe(4);
  });

  it('rodízio só depois de fechar; fechada, os posts recebem EscalaFechada', async () => {
    const cedo = await staff.chamar(apiGestao.rodizio, { params: { num } });
    expect(cedo.status).toBe(409);
    expect(cedo.corpo.codigoErro).toBe('SituacaoEscalaInvalida');
    const semResultado = await staff.chamar(apiGestao.resultado, { params: { num } });
    expect(semResultado.status).toBe(409);
    expect((await staff.chamar(apiGestao.publicar, { params: { num } })).status).toBe(409);

    amb.relogio.avancar(60_000);
    expect((await staff.chamar(apiGestao.fechar, { params: { num } })).status).toBe(200);
    const tarde = await escolher((avulsos[0] as { cod: string }).cod, [
      escolhaDe(detalhe, { numPorao: 'PR01', codFuncao: 101 }),
    ]);
    expect(tarde.status).toBe(409);
    expect(tarde.corpo.codigoErro).toBe('EscalaFechada');
    const linhas = await amb.db.selectFrom('escolha').select('id').where('num_escalacao', '=', num).execute();
    expect(linhas).toHaveLength(8);
  });

  it('apura: estável, na ordem do rodízio; o impedido depois de escolher fica de fora com o motivo', async () => {
    const [a, b, c, d] = avulsos as [
      (typeof avulsos)[0],
      (typeof avulsos)[0],
      (typeof avulsos)[0],
      (typeof avulsos)[0],
    ];
    // The first in rotation order is impeded after choosing: the next two take the two vacancies.
    await amb.db.updateTable('avulso').set({ impedimento: 1 }).where('cod_avulso', '=', a.cod).execute();
    amb.relogio.avancar(60_000);
    const r = await staff.chamar(apiGestao.rodizio, { params: { num } });
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    expect(r.corpo.dados).toMatchObject({
      numEscalacao: num,
      vagas: 2,
      escalados: 2,
      vagasNaoPreenchidas: 0,
      avulsosComEscolhas: 4,
      naoEscalados: 2,
    });
    expect(r.corpo.dados.duracaoMs).toBeGreaterThanOrEqual(0);

    const res = await staff.chamar(apiGestao.resultado, { params: { num } });
    expect(res.status).toBe(200);
    const poroes = res.corpo.dados.requisicoes[0]?.poroes;
    expect(poroes?.[0]?.funcoes[0]?.escalados).toEqual([
      { codAvulso: b.cod, nome: expect.any(String), numChamada: b.numChamada, preferencia: 1 },
    ]);
    expect(poroes?.[1]?.funcoes[0]?.escalados).toEqual([
      { codAvulso: c.cod, nome: expect.any(String), numChamada: c.numChamada, preferencia: 2 },
    ]);
    expect(res.corpo.dados.ponteiros).toEqual([
      {
        codFuncao: 101,
        nomeFuncao: expect.any(String),
        ponteiroInicial: null,
        ponteiroFinal: c.numChamada,
        cadastroInicial: null,
        cadastroFinal: null,
        alcancouCadastro: false,
      },
    ]);

    const audD = await staff.chamar(apiGestao.auditoria, {
      params: { num },
      query: { codAvulso: d.cod },
    });
    expect(audD.status).toBe(200);
    expect(audD.corpo.dados).toMatchObject({ codAvulso: d.cod, escolheu: true, escalado: false });
    expect(audD.corpo.dados.escolhas.map((e: { situacao: string }) => e.situacao)).toEqual([
      'preenchida',
      'preenchida',
    ]);
    expect(audD.corpo.dados.motivo).toMatch(/preenchida/);
    const audA = await staff.chamar(apiGestao.auditoria, {
      params: { num },
      query: { codAvulso: a.cod },
    });
    expect(audA.corpo.dados.escolhas.map((e: { situacao: string }) => e.situacao)).toEqual([
      'impedido',
      'impedido',
    ]);
    const audC = await staff.chamar(apiGestao.auditoria, {
      params: { num },
      query: { codAvulso: c.cod },
    });
    expect(audC.corpo.dados).toMatchObject({ escalado: true });
    expect(audC.corpo.dados.motivo).toMatch(/2ª/);
    const ninguem = await staff.chamar(apiGestao.auditoria, {
      params: { num },
      query: { codAvulso: '100003' },
    });
    expect(ninguem.corpo.dados).toMatchObject({ escolheu: false, escalado: false, escolhas: [] });
    for (const cod of ['12', 'abcdef', '']) {
      const e = await staff.chamar(apiGestao.auditoria, { params: { num }, query: { codAvulso: cod } });
      expect(e.status, cod).toBe(400);
    }
    expect(
      (await staff.chamar(apiGestao.auditoria, { params: { num }, query: { codAvulso: '999999' } })).status,
    ).toBe(404);
  });

  it('repetir o rodízio dá o mesmo resultado; o trabalhador ainda não vê nada', async () => {
    const antes = (await staff.chamar(apiGestao.resultado, { params: { num } })).corpo.dados;
    amb.relogio.avancar(60_000);
    expect((await staff.chamar(apiGestao.rodizio, { params: { num } })).status).toBe(200);
    const depois = (await staff.chamar(apiGestao.resultado, { params: { num } })).corpo.dados;
    expect(depois).toEqual(antes);
    const d = (await staff.chamar(apiGestao.escala, { params: { num } })).corpo.dados;
    expect(d.situacao).toBe('apurada');
    expect(d.passos.filter((p: { situacao: string }) => p.situacao === 'apurada')).toEqual([
      { situacao: 'apurada', em: amb.relogio.now().toISOString(), por: ESCALADOR },
    ]);
    const w = await amb.logado((avulsos[1] as { cod: string }).cod);
    const r = await w.chamar(apiResultadoEscala.resultado, { query: { numEscalacao: num } });
    expect(r.status).toBe(404);
    expect(r.corpo.codigoErro).toBe('NaoEncontrado');
    expect((await w.chamar(apiResultadoEscala.resultado, { query: {} })).corpo.dados?.numEscalacao).not.toBe(
      num,
    );
    // Nor the confirmed list of the closed call: nobody is marked before publishing.
    const lista = await w.chamar(apiEscalacao.avulsosConfirmados, {
      query: { numEscalacao: num, codCategoria: 1 },
    });
    expect([lista.status, lista.corpo.codigoErro]).toEqual([409, 'EscalaFechada']);
  });

  it('publica: trabalhos com a escala, ponteiros avançam, nada mais muda depois', async () => {
    const [, b, c] = avulsos as [(typeof avulsos)[0], (typeof avulsos)[0], (typeof avulsos)[0]];
    const p = await staff.chamar(apiGestao.publicar, { params: { num } });
    expect(p.status, JSON.stringify(p.corpo)).toBe(200);
    expect(p.corpo.dados).toMatchObject({ numEscalacao: num, trabalhos: 2, funcoes: 1 });
    const trabalhos = await amb.db
      .selectFrom('trabalho')
      .select(['cod_avulso', 'navio', 'faina', 'funcao', 'data_operacao', 'inicio'])
      .where('num_escalacao', '=', num)
      .orderBy('cod_avulso')
      .execute();
    expect(trabalhos).toEqual(
      [
        {
          cod_avulso: b.cod,
          navio: 'MSC AURORA',
          faina: 'Porão 1',
          funcao: expect.any(String),
          data_operacao: dataOperacao,
          inicio: expect.any(String),
        },
        {
          cod_avulso: c.cod,
          navio: 'MSC AURORA',
          faina: 'Porão 2',
          funcao: expect.any(String),
          data_operacao: dataOperacao,
          inicio: expect.any(String),
        },
      ].sort((x, y) => x.cod_avulso.localeCompare(y.cod_avulso)),
    );
    const ponteiro = await amb.db
      .selectFrom('ponteiro_rodizio')
      .selectAll()
      .where('cod_funcao', '=', 101)
      .executeTakeFirst();
    expect(ponteiro).toMatchObject({ registro: c.numChamada, registro_anterior: null, num_escalacao: num });

    // Published is final: no second publish, no new run, the stored result unchanged.
    const resultado = (await staff.chamar(apiGestao.resultado, { params: { num } })).corpo.dados;
    expect((await staff.chamar(apiGestao.publicar, { params: { num } })).corpo.codigoErro).toBe(
      'SituacaoEscalaInvalida',
    );
    expect((await staff.chamar(apiGestao.rodizio, { params: { num } })).corpo.codigoErro).toBe(
      'SituacaoEscalaInvalida',
    );
    expect((await staff.chamar(apiGestao.resultado, { params: { num } })).corpo.dados).toEqual({
      ...resultado,
      situacao: 'publicada',
    });
    const n = await amb.db.selectFrom('trabalho').select('id').where('num_escalacao', '=', num).execute();
    expect(n).toHaveLength(2);
  });

  it('a lista de confirmados da escala publicada marca quem foi escalado', async () => {
    const [a, b, c, d] = avulsos as [
      (typeof avulsos)[0],
      (typeof avulsos)[0],
      (typeof avulsos)[0],
      (typeof avulsos)[0],
    ];
    const w = await amb.logado(d.cod);
    const r = await w.chamar(apiEscalacao.avulsosConfirmados, {
      query: { numEscalacao: num, codCategoria: 1 },
    });
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    const todos = r.corpo.dados.avulsosConfirmados.flatMap((g) => g.avulsos);
    const marca = new Map(todos.map((x) => [x.codAvulso, x.escalado]));
    expect([a, b, c, d].map((x) => marca.has(x.cod))).toEqual([true, true, true, true]);
    expect([a, b, c, d].map((x) => marca.get(x.cod))).toEqual([undefined, true, true, undefined]);
    expect(todos.filter((x) => x.escalado)).toHaveLength(2);
  });

  it('a escala publicada em PDF (por navio e período) e CSV; antes de publicar, 409', async () => {
    const [, b, c] = avulsos as [(typeof avulsos)[0], (typeof avulsos)[0], (typeof avulsos)[0]];
    const pdf = await staff.chamar(apiGestao.escalaPdf, { params: { num }, query: {} });
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="escala-${num}.pdf"`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.bruto)), {
      mergePages: true,
    });
    expect(text).toContain('MSC AURORA');
    expect(text).toContain('Porão 1');
    expect(text).toContain(b.cod);
    expect(text).toContain(String(c.numChamada).padStart(4, '0'));
    const deNovo = await staff.chamar(apiGestao.escalaPdf, { params: { num }, query: {} });
    expect(deNovo.bruto.equals(pdf.bruto)).toBe(true);

    const csv = await staff.chamar(apiGestao.escalaCsv, { params: { num } });
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const linhas = csv.bruto
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas).toHaveLength(3);
    expect(linhas[0]?.split(';')).toContain('numChamada');
    expect(
      linhas
        .slice(1)
        .map((l) => l.split(';')[13])
        .sort(),
    ).toEqual([b.cod, c.cod].sort());

    const rascunho = await criarRascunho(staff);
    expect((await staff.chamar(apiGestao.escalaPdf, { params: { num: rascunho }, query: {} })).status).toBe(
      409,
    );
    expect((await staff.chamar(apiGestao.escalaCsv, { params: { num: rascunho } })).corpo.codigoErro).toBe(
      'SituacaoEscalaInvalida',
    );
    const w = await amb.logado(b.cod);
    expect((await w.chamar(apiGestao.escalaPdf, { params: { num }, query: {} })).status).toBe(403);
  });

  it('o trabalhador vê o resultado, o trabalho corrente e o crachá que vieram da escala', async () => {
    const [a, b, , d] = avulsos as [
      (typeof avulsos)[0],
      (typeof avulsos)[0],
      (typeof avulsos)[0],
      (typeof avulsos)[0],
    ];
    const wb = await amb.logado(b.cod);
    const r = await wb.chamar(apiResultadoEscala.resultado, { query: {} });
    expect(r.status).toBe(200);
    expect(r.corpo.dados).toMatchObject({
      resultado: 'escalado',
      numEscalacao: num,
      trabalho: {
        navio: 'MSC AURORA',
        numPorao: 'PR00',
        codFuncao: 101,
        dataOperacao,
        horaInicio: 7,
        horaFim: 13,
      },
    });
    expect(r.corpo.dados).toMatchObject({ motivo: expect.stringMatching(/1ª/) });
    const porNumero = await wb.chamar(apiResultadoEscala.resultado, { query: { numEscalacao: num } });
    expect(porNumero.corpo.dados).toEqual(r.corpo.dados);
    // Inside the shift, the engagement is the current job.
    const inicio = await amb.db
      .selectFrom('trabalho')
      .select('inicio')
      .where('num_escalacao', '=', num)
      .where('cod_avulso', '=', b.cod)
      .executeTakeFirstOrThrow();
    amb.relogio.definir(new Date(Date.parse(inicio.inicio) + 3_600_000));
    const ut = await (await amb.logado(b.cod)).chamar(apiAvulso.ultimosTrabalhos);
    expect(ut.corpo.dados.trabalhoCorrente).toMatchObject({
      navio: 'MSC AURORA',
      faina: 'Porão 1',
      dataOperacao,
    });

    const wd = await amb.logado(d.cod);
    const rd = await wd.chamar(apiResultadoEscala.resultado, { query: {} });
    expect(rd.corpo.dados).toMatchObject({ resultado: 'nao-escalado', numEscalacao: num });
    expect(
      escolhasDe(rd.corpo.dados)
        .map((e) => e.texto)
        .join(' '),
    ).toMatch(/preenchida/);
    const wa = await amb.logado(a.cod);
    expect((await wa.chamar(apiResultadoEscala.resultado, { query: {} })).corpo.dados?.resultado).toBe(
      'nao-escalado',
    );
    const outro = await amb.logado('100003');
    expect((await outro.chamar(apiResultadoEscala.resultado, { query: {} })).corpo.dados).toMatchObject({
      resultado: 'sem-escolhas',
      numEscalacao: num,
    });
    expect(
      (await outro.chamarBruto(apiResultadoEscala.resultado, { query: { numEscalacao: 'abc' } })).status,
    ).toBe(400);
    const anon = await amb.cliente();
    expect((await anon.chamar(apiResultadoEscala.resultado, { query: {} })).status).toBe(401);
  });

  it('a próxima escala aberta mostra os ponteiros reais nas ofertas', async () => {
    const c = avulsos[2] as (typeof avulsos)[0];
    staff = await amb.logado(ESCALADOR);
    const prox = await criarRascunho(staff, [requisicaoExemplo(somarDias(dataOperacao, 2))]);
    expect((await staff.chamar(apiGestao.abrir, { params: { num: prox } })).status).toBe(200);
    const ofertas = await amb.db
      .selectFrom('oferta')
      .select(['cod_funcao', 'ponteiro', 'ponteiro_a', 'ponteiro_p', 'grupo'])
      .where('num_escalacao', '=', prox)
      .orderBy('seq_categoria')
      .execute();
    expect(ofertas.find((o) => o.cod_funcao === 101)).toEqual({
      cod_funcao: 101,
      ponteiro: c.numChamada,
      ponteiro_a: null,
      ponteiro_p: null,
      grupo: 'Registro',
    });
    // 121 keeps what the demo's published calls left for it.
    const p121 = await amb.db
      .selectFrom('ponteiro_rodizio')
      .selectAll()
      .where('cod_funcao', '=', 121)
      .executeTakeFirst();
    expect(ofertas.find((o) => o.cod_funcao === 121)).toEqual({
      cod_funcao: 121,
      ponteiro: p121?.registro ?? null,
      ponteiro_a: p121?.registro_anterior ?? null,
      ponteiro_p: p121?.cadastro ?? null,
      grupo: p121 ? (p121.alcancou_cadastro === 1 ? 'Cadastro' : 'Registro') : null,
    });
  });
});
