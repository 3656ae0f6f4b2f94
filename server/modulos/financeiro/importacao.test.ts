import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAvulso, ultimosTrabalhosSchema } from '#common/api/avulso.ts';
import { apiFinanceiro } from '#common/api/financeiro.ts';
import {
  apiFinanceiroGestao,
  type RelatorioImportacao,
  type TipoImportacao,
} from '#common/api/financeiro-importacao.ts';
import { limitesTurno } from '#common/tempo.ts';
import type { AmbienteTeste, ClienteTeste, EnvelopeTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';
import { br, comp, construtorContracheque } from './apoio-teste.ts';
import { escreverCsvFolha } from './csv-folha.ts';
import { COLUNAS } from './importacao-formatos.ts';

let amb: AmbienteTeste;
let financeiro: ClienteTeste;
let agora: Date;
/** A payslip of two earnings and one deduction, in the file's lines (apoio-teste.ts). */
let contracheque: ReturnType<typeof construtorContracheque>;

beforeAll(async () => {
  amb = await criarAmbiente();
  financeiro = await amb.logado('900004');
  agora = amb.relogio.now();
  contracheque = construtorContracheque(agora);
});
afterAll(async () => {
  await amb.fechar();
});

/** A day `dias` before the seed's instant, as yyyymmdd (UTC is close enough for the test's days). */
function diaAntes(dias: number): string {
  return new Date(agora.getTime() - dias * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
}
async function importar(tipo: TipoImportacao, corpo: string | Buffer | object, simular = false) {
  const url = `/api/gestao/financeiro/importar?tipo=${tipo}${simular ? '&simular=1' : ''}`;
  const json = !(typeof corpo === 'string' || Buffer.isBuffer(corpo));
  return financeiro.requisitar<EnvelopeTeste<RelatorioImportacao>>({
    method: 'POST',
    url,
    payload: json ? JSON.stringify(corpo) : corpo,
    headers: { 'content-type': json ? 'application/json' : 'text/csv' },
  });
}

async function contar() {
  const n = async (
    t:
      | 'contracheque'
      | 'verba_contracheque'
      | 'ficha_financeira'
      | 'informe_rendimentos'
      | 'importacao_financeira'
      | 'mensagem_servico'
      | 'documento_financeiro_substituido',
  ) =>
    Number(
      (
        await amb.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    contracheque: await n('contracheque'),
    verba: await n('verba_contracheque'),
    ficha: await n('ficha_financeira'),
    informe: await n('informe_rendimentos'),
    importacao: await n('importacao_financeira'),
    mensagem: await n('mensagem_servico'),
    substituido: await n('documento_financeiro_substituido'),
  };
}

async function textoPdf(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: true })).text;
}

/** A job the portal engaged (a published call's), for the reconciliation. */
async function trabalhoPublicado(
  codAvulso: string,
  dia: string,
  extra: Partial<{ navio: string; funcao: string }> = {},
) {
  const { inicio, fim } = limitesTurno(dia, 7, 13, amb.config.fusoHorario);
  const r = await amb.db
    .insertInto('trabalho')
    .values({
      cod_avulso: codAvulso,
      data_operacao: dia,
      hora_inicio: 7,
      hora_fim: 13,
      inicio: inicio.toISOString(),
      fim: fim.toISOString(),
      operador: 'TECON SUAPE',
      navio: extra.navio ?? 'MSC AURORA',
      local_atracacao: 'Cais 3',
      mercadoria: 'Contêineres',
      faina: 'Porão 2',
      cod_funcao: 101,
      funcao: extra.funcao ?? 'Estivador',
      num_escalacao: 4518,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

describe('quem importa: só o papel financeiro', () => {
  it('sem sessão 401; trabalhador, escalador e administrador 403; 900004 passa', async () => {
    const rotas = [
      { method: 'POST' as const, url: '/api/gestao/financeiro/importar?tipo=ficha&simular=1' },
      { method: 'GET' as const, url: '/api/gestao/financeiro/importacoes' },
      { method: 'GET' as const, url: '/api/gestao/financeiro/importacoes/1' },
      { method: 'GET' as const, url: '/api/gestao/financeiro/conciliacao?competencia=2026-10' },
    ];
    const anonimo = await amb.cliente();
    const outros = await Promise.all(['100001', '900002', '900003', '900001'].map((c) => amb.logado(c)));
    for (const rota of rotas) {
      const pedido = { ...rota, payload: 'matricula\r\n', headers: { 'content-type': 'text/csv' } };
      const semSessao = await anonimo.requisitar(rota.method === 'GET' ? rota : pedido);
      expect(semSessao.status, rota.url).toBe(401);
      for (const c of outros) {
        const r = await c.requisitar(rota.method === 'GET' ? rota : pedido);
        expect(r.status, rota.url).toBe(403);
        expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'AcessoNegado' });
      }
      const r = await financeiro.requisitar(rota.method === 'GET' ? rota : pedido);
      expect([200, 400], rota.url).toContain(r.status);
    }
  });
});

describe('a demonstração veio do importador', () => {
  it('quatro importações de 900004, os documentos com a importação e o conteúdo', async () => {
    const r = await financeiro.chamar(apiFinanceiroGestao.importacoes);
    expect(r.status).toBe(200);
    const tipos = r.corpo.dados.map((i) => i.tipo).sort();
    expect(tipos).toEqual(['13ferias', 'contracheque', 'ficha', 'informe']);
    for (const i of r.corpo.dados) {
      expect(i.por).toBe('900004');
      expect(i.porNome).toBe('PATRÍCIA GOMES FERREIRA');
      expect(i.digesto).toMatch(/^[0-9a-f]{64}$/);
      expect(i.criados).toBe(i.documentos);
    }
    const cc = r.corpo.dados.find((i) => i.tipo === 'contracheque');
    expect(cc?.conciliados).toBe(cc?.documentos);
    const semImportacao = await amb.db
      .selectFrom('contracheque')
      .select('id')
      .where('id_importacao', 'is', null)
      .execute();
    expect(semImportacao).toHaveLength(0);
  });
});

describe('cada tipo de arquivo', () => {
  it('contracheques: criados, na lista do trabalhador, o PDF com os valores do arquivo, um aviso', async () => {
    const dia = diaAntes(3);
    const csv = escreverCsvFolha('contracheque', [
      ...contracheque({ matricula: '100002', numero: 900001, dia, salario: '412,37' }),
      ...contracheque({ matricula: '100002', numero: 900002, dia, turno: '13-19' }),
    ]);
    const antes = await contar();
    const r = await importar('contracheque', csv);
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    expect(r.corpo.dados).toMatchObject({
      tipo: 'contracheque',
      simulado: false,
      formato: 'csv',
      codificacao: 'utf-8',
      linhas: 6,
      documentos: 2,
      trabalhadores: 1,
      criados: 2,
      substituidos: 0,
      inalterados: 0,
      avisados: 1,
      totalErros: 0,
    });
    expect(r.corpo.dados.idImportacao).toBeGreaterThan(0);
    const depois = await contar();
    // The payslips written ahead are gone once the import is done.
    const pendentes = await amb.db.selectFrom('contracheque_pendente').select('lote').execute();
    expect(pendentes).toHaveLength(0);
    expect(await amb.db.selectFrom('verba_pendente').select('lote').execute()).toHaveLength(0);
    expect(depois.contracheque - antes.contracheque).toBe(2);
    expect(depois.verba - antes.verba).toBe(6);
    expect(depois.mensagem - antes.mensagem).toBe(1);

    const maria = await amb.logado('100002');
    const mensagens = await maria.chamar(apiAvulso.mensagens);
    const corpos = mensagens.corpo.dados.map((m) => m.corpo);
    expect(corpos).toContain(`Seus 2 contracheques de ${br(dia).slice(0, 5)} estão disponíveis.`);

    const lista = await maria.chamar(apiFinanceiro.contracheques);
    const itens = lista.corpo.dados.contracheques.flatMap((a) => a.meses.flatMap((m) => m.contracheques));
    const item = itens.find((i) => i.numero === 900001);
    expect(item?.arquivo).toBe(`contracheques/${dia.slice(0, 4)}/${dia.slice(4, 6)}/CC-100002-900001.pdf`);
    const pdf = await maria.get('/api/avulso/contracheque', { arquivo: item?.arquivo ?? '' });
    expect(pdf.status).toBe(200);
    const texto = await textoPdf(pdf.bruto);
    expect(texto).toContain('412,37');
    expect(texto).toContain('R$ 439,87');
    expect(texto).toContain('MSC AURORA');
  });

  it('o lote de uma importação que não terminou (uma queda) é apagado pela seguinte depois de um dia', async () => {
    const velho = new Date(agora.getTime() - 2 * 86_400_000).toISOString();
    await amb.db
      .insertInto('contracheque_pendente')
      .values({
        lote: 'abandonado',
        criado_em: velho,
        cod_avulso: '100002',
        arquivo: 'contracheques/2000/01/CC-100002-999999.pdf',
        numero: 999_999,
        tipo: 'ccNormal',
        ano: 2000,
        mes: 1,
        movimento: '2000-01-03',
        referencia: null,
        operacao: null,
        turno: null,
        operador: null,
        navio: null,
        porao: null,
        sindicato: 'Conferente',
        funcao: null,
        liquido: 1,
        emitido_em: velho,
        conteudo_hash: 'x',
        id_trabalho: null,
        conciliacao: null,
        conciliacao_detalhe: null,
      })
      .execute();
    await amb.db
      .insertInto('verba_pendente')
      .values({
        lote: 'abandonado',
        arquivo: 'contracheques/2000/01/CC-100002-999999.pdf',
        ordem: 1,
        codigo: '001',
        descricao: 'x',
        referencia: null,
        natureza: 'P',
        valor: 1,
      })
      .execute();
    const r = await importar(
      'contracheque',
      escreverCsvFolha(
        'contracheque',
        contracheque({ matricula: '100002', numero: 900011, dia: diaAntes(3) }),
      ),
    );
    expect(r.status).toBe(200);
    expect(await amb.db.selectFrom('contracheque_pendente').select('lote').execute()).toHaveLength(0);
    expect(await amb.db.selectFrom('verba_pendente').select('lote').execute()).toHaveLength(0);
  });

  it('13º e férias, fichas e informes', async () => {
    const ano = Number(diaAntes(0).slice(0, 4));
    const dia = diaAntes(2);
    const doc13 = {
      matricula: '100003',
      numero: '900101',
      tipo: '13',
      competencia: comp(dia),
      pagamento: br(dia),
      periodo: `Ano-base ${ano}`,
      sindicato: 'Arrumador',
      emissao: new Date(agora.getTime() - 60_000).toISOString(),
      total_proventos: '1000,00',
      total_descontos: '75,00',
      liquido: '925,00',
    };
    const r13 = await importar(
      '13ferias',
      escreverCsvFolha('13ferias', [
        {
          ...doc13,
          codigo_verba: '311',
          descricao_verba: '13º salário',
          referencia_verba: '12/12',
          natureza: 'P',
          valor: '1.000,00',
        },
        {
          ...doc13,
          codigo_verba: '101',
          descricao_verba: 'INSS',
          referencia_verba: '',
          natureza: 'D',
          valor: '75,00',
        },
      ]),
    );
    expect(r13.status, JSON.stringify(r13.corpo)).toBe(200);
    expect(r13.corpo.dados).toMatchObject({ criados: 1, conciliados: 0, naoConciliados: 0 });

    const mesPassado = diaAntes(40);
    const ficha = {
      matricula: '100003',
      numero: '77',
      competencia: comp(mesPassado),
      engajamentos: '3',
      valor_bruto: '1.234,56',
      valor_ferias: '137,16',
      valor_13_salario: '102,84',
      valor_inss: '92,59',
      valor_irrf: '0,00',
      valor_irrf_ferias: '0,00',
      valor_inss_13: '0,00',
      valor_irrf_13: '0,00',
      total_descontos: '92,59',
      valor_fgts_mes: '98,76',
      valor_fgts_ferias: '0,00',
      valor_fgts_13: '0,00',
      total_fgts: '98,76',
      emissao: '01/01/2026 09:00',
    };
    // Its month may already have the demo's record: then it is replaced, else created.
    const rf = await importar('ficha', escreverCsvFolha('ficha', [ficha]));
    expect(rf.status, JSON.stringify(rf.corpo)).toBe(200);
    expect(rf.corpo.dados.criados + rf.corpo.dados.substituidos).toBe(1);

    const informe = {
      matricula: '100003',
      ano_calendario: String(ano - 1),
      ano_exercicio: String(ano),
      rendimentos_tributaveis: '30.000,00',
      contribuicao_previdenciaria: '2.500,00',
      irrf: '1.200,00',
      decimo_terceiro: '2.400,00',
      irrf_13: '0,00',
      fgts_depositado: '2.600,00',
      emissao: `20/02/${ano} 10:00`,
    };
    const ri = await importar('informe', { linhas: [informe] });
    expect(ri.status, JSON.stringify(ri.corpo)).toBe(200);
    expect(ri.corpo.dados).toMatchObject({ formato: 'json', criados: 1 });

    const joao = await amb.logado('100003');
    const informes = await joao.chamar(apiFinanceiro.informesRendimentos);
    const arquivo = informes.corpo.dados.informesRendimentos[0]?.arquivo ?? '';
    const pdf = await joao.get('/api/avulso/informeRendimentos', { arquivo });
    expect(await textoPdf(pdf.bruto)).toContain('30.000,00');
  });
});

describe('simular', () => {
  it('confere, conta e não grava nada', async () => {
    const csv = escreverCsvFolha(
      'contracheque',
      contracheque({ matricula: '100004', numero: 900201, dia: diaAntes(4) }),
    );
    const antes = await contar();
    const r = await importar('contracheque', csv, true);
    expect(r.status).toBe(200);
    expect(r.corpo.dados).toMatchObject({ simulado: true, criados: 1, idImportacao: null, avisados: 1 });
    expect(await contar()).toEqual(antes);
  });
});

describe('recusas: tudo ou nada, todos os erros por linha e coluna', () => {
  async function recusado(tipo: TipoImportacao, corpo: string | Buffer | object) {
    const antes = await contar();
    const r = await importar(tipo, corpo);
    expect(r.status, JSON.stringify(r.corpo).slice(0, 400)).toBe(400);
    expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    expect(await contar()).toEqual(antes);
    const dados = dadosDaRecusa<RelatorioImportacao>(r);
    if (!dados) throw new Error('sem relatório');
    return dados;
  }
  const dia = () => diaAntes(5);

  it('cabeçalho: coluna ausente, desconhecida; arquivo vazio; sem linhas', async () => {
    const semColuna = escreverCsvFolha('ficha', []).replace('engajamentos;', '');
    expect((await recusado('ficha', semColuna)).erros).toContainEqual({
      linha: 1,
      campo: 'engajamentos',
      mensagem: 'Coluna ausente no cabeçalho.',
    });
    const desconhecida = `${COLUNAS.informe.join(';')};senha\r\n`;
    expect((await recusado('informe', desconhecida)).erros[0]).toMatchObject({ linha: 1, campo: 'senha' });
    expect((await recusado('informe', '')).erros[0]?.mensagem).toBe('Arquivo vazio.');
    expect((await recusado('informe', `${COLUNAS.informe.join(';')}\r\n`)).erros[0]?.mensagem).toBe(
      'Nenhuma linha depois do cabeçalho.',
    );
  });

  it('valores: duas casas, números enormes, datas, competência futura, matrícula inexistente, controle', async () => {
    const linhas = [
      ...contracheque({ matricula: '100005', numero: 900301, dia: dia(), salario: '300,5' }),
      ...contracheque({
        matricula: '100005',
        numero: 900302,
        dia: dia(),
        salario: '99999999999999999999,00',
      }),
      ...contracheque({ matricula: '999999', numero: 900303, dia: dia() }),
    ];
    linhas.push(
      ...contracheque({ matricula: '100005', numero: 900304, dia: dia() }).map((l) => ({
        ...l,
        navio: 'MSC\u0000AURORA',
      })),
      ...contracheque({ matricula: '100005', numero: 900305, dia: dia() }).map((l) => ({
        ...l,
        movimento: '31/02/2026',
      })),
      ...contracheque({ matricula: '100005', numero: 900306, dia: dia() }).map((l) => ({
        ...l,
        competencia: '12/2099',
        movimento: '01/12/2099',
      })),
    );
    const d = await recusado('contracheque', escreverCsvFolha('contracheque', linhas));
    const campos = (campo: string) => d.erros.filter((e) => e.campo === campo).map((e) => e.mensagem);
    expect(campos('valor').join(' ')).toContain('duas casas decimais');
    expect(campos('valor').join(' ')).toContain('alto demais');
    expect(campos('matricula')).toContain('Matrícula 999999 não cadastrada no portal.');
    expect(campos('navio')[0]).toContain('caracteres de controle');
    expect(campos('movimento')).toContain('Data que não existe no calendário.');
    expect(campos('competencia')).toContain('Competência futura.');
    expect(d.totalErros).toBe(d.erros.length);
    for (const e of d.erros) expect(e.linha).toBeGreaterThan(1);
  });

  it('documento repetido no arquivo; totais que não conferem; linhas de um documento que divergem', async () => {
    const a = contracheque({ matricula: '100005', numero: 900401, dia: dia() });
    const b = contracheque({ matricula: '100005', numero: 900402, dia: dia() });
    const c = contracheque({ matricula: '100005', numero: 900403, dia: dia() }).map((l) => ({
      ...l,
      liquido: '1,00',
    }));
    const d = contracheque({ matricula: '100005', numero: 900404, dia: dia() });
    const divergente = d.map((l, i) => (i === 2 ? { ...l, navio: 'OUTRO NAVIO' } : l));
    const r = await recusado(
      'contracheque',
      escreverCsvFolha('contracheque', [...a, ...b, ...a, ...c, ...divergente]),
    );
    expect(r.erros).toContainEqual({
      linha: 8,
      campo: 'numero',
      mensagem: 'Documento repetido: o contracheque 900401 da matrícula 100005 já veio na linha 2.',
    });
    expect(r.erros.find((e) => e.campo === 'liquido')?.mensagem).toContain('Líquido não confere');
    expect(r.erros.find((e) => e.campo === 'navio')?.mensagem).toContain('Difere da primeira linha');

    const ficha = {
      matricula: '100005',
      numero: '1',
      competencia: comp(diaAntes(40)),
      engajamentos: '1',
      valor_bruto: '100,00',
      valor_ferias: '0,00',
      valor_13_salario: '0,00',
      valor_inss: '7,50',
      valor_irrf: '0,00',
      valor_irrf_ferias: '0,00',
      valor_inss_13: '0,00',
      valor_irrf_13: '0,00',
      total_descontos: '8,00',
      valor_fgts_mes: '8,00',
      valor_fgts_ferias: '0,00',
      valor_fgts_13: '0,00',
      total_fgts: '8,00',
      emissao: '01/01/2026 09:00',
    };
    const rf = await recusado('ficha', escreverCsvFolha('ficha', [ficha, { ...ficha, numero: '2' }]));
    expect(rf.erros.map((e) => e.campo)).toEqual(['total_descontos', 'competencia']);
  });

  it('a lista tem um teto e o total conta todos', async () => {
    const linhas = Array.from(
      { length: 300 },
      (_, i) =>
        contracheque({ matricula: '100005', numero: 910000 + i, dia: dia(), salario: '1,5' })[0] as Record<
          string,
          string
        >,
    );
    const r = await recusado('contracheque', escreverCsvFolha('contracheque', linhas));
    expect(r.erros).toHaveLength(200);
    expect(r.totalErros).toBeGreaterThanOrEqual(300);
  });

  it('codificações: Windows-1252 lida, UTF-16 recusada; CSV mal formado; colunas a mais ou a menos', async () => {
    const csv = escreverCsvFolha(
      'contracheque',
      contracheque({ matricula: '100006', numero: 900501, dia: diaAntes(6), funcao: 'Estivador' }),
    );
    const r = await importar('contracheque', Buffer.from(csv.replace(/^\uFEFF/, ''), 'latin1'));
    expect(r.status, JSON.stringify(r.corpo).slice(0, 300)).toBe(200);
    expect(r.corpo.dados.codificacao).toBe('windows-1252');
    const linha = await amb.db
      .selectFrom('verba_contracheque as v')
      .innerJoin('contracheque as c', 'c.id', 'v.id_contracheque')
      .select(['v.descricao', 'c.operacao'])
      .where('c.numero', '=', 900501)
      .where('c.cod_avulso', '=', '100006')
      .where('v.codigo', '=', '001')
      .executeTakeFirstOrThrow();
    expect(linha).toEqual({ descricao: 'Salário (MMO)', operacao: 'Descarga de contêineres' });

    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(csv.replace(/^\uFEFF/, ''), 'utf16le'),
    ]);
    expect((await recusado('contracheque', utf16)).erros[0]?.mensagem).toContain('UTF-16');
    const aspas = `${COLUNAS.informe.join(';')}\r\n100001;"2020;2021\r\n`;
    expect((await recusado('informe', aspas)).erros[0]?.mensagem).toContain('mal formado');
    const curta = `${COLUNAS.informe.join(';')}\r\n100001;2020\r\n`;
    expect((await recusado('informe', curta)).erros[0]?.mensagem).toContain('colunas');
  });

  it('JSON: colunas desconhecidas e ausentes; corpo fora do formato', async () => {
    const d = await recusado('informe', { linhas: [{ matricula: '100001', xyz: 1 }] });
    expect(d.erros.map((e) => e.campo)).toContain('xyz');
    expect(d.erros.map((e) => e.campo)).toContain('ano_calendario');
    const r = await importar('informe', { outra: 1 });
    expect(r.status).toBe(400);
    const tipo = await financeiro.requisitar({
      method: 'POST',
      url: '/api/gestao/financeiro/importar?tipo=xpto',
      payload: 'a',
      headers: { 'content-type': 'text/csv' },
    });
    expect(tipo.status).toBe(400);
  });

  it('um número de 13º que já é de um contracheque de engajamento', async () => {
    const existente = await amb.db
      .selectFrom('contracheque')
      .select(['numero'])
      .where('cod_avulso', '=', '100001')
      .where('tipo', '=', 'ccNormal')
      .executeTakeFirstOrThrow();
    const dia = diaAntes(1);
    const doc = {
      matricula: '100001',
      numero: String(existente.numero),
      tipo: 'Ferias',
      competencia: comp(dia),
      pagamento: br(dia),
      periodo: 'Período aquisitivo',
      sindicato: 'Estivador',
      emissao: new Date(agora.getTime() - 60_000).toISOString(),
      total_proventos: '10,00',
      total_descontos: '0,00',
      liquido: '10,00',
      codigo_verba: '301',
      descricao_verba: 'Férias',
      referencia_verba: '',
      natureza: 'P',
      valor: '10,00',
    };
    const d = await recusado('13ferias', escreverCsvFolha('13ferias', [doc]));
    expect(d.erros[0]?.mensagem).toContain('já é de um contracheque de engajamento');
  });
});

describe('idempotência e substituição', () => {
  it('o mesmo arquivo de novo não muda nada; o corrigido substitui e guarda a versão anterior', async () => {
    const dia = diaAntes(8);
    const original = escreverCsvFolha('contracheque', [
      ...contracheque({ matricula: '100007', numero: 900601, dia }),
      ...contracheque({ matricula: '100007', numero: 900602, dia, turno: '13-19' }),
    ]);
    const primeira = await importar('contracheque', original);
    expect(primeira.corpo.dados.criados).toBe(2);
    const antes = await contar();
    const segunda = await importar('contracheque', original);
    expect(segunda.status).toBe(200);
    expect(segunda.corpo.dados).toMatchObject({
      criados: 0,
      substituidos: 0,
      inalterados: 2,
      idImportacao: null,
      avisados: 0,
    });
    expect(segunda.corpo.dados.importadoAntes?.id).toBe(primeira.corpo.dados.idImportacao);
    expect(await contar()).toEqual(antes);

    amb.relogio.avancar(60_000);
    const corrigido = escreverCsvFolha('contracheque', [
      ...contracheque({ matricula: '100007', numero: 900601, dia, salario: '350,00' }),
      ...contracheque({ matricula: '100007', numero: 900602, dia, turno: '13-19' }),
    ]);
    const terceira = await importar('contracheque', corrigido);
    expect(terceira.status).toBe(200);
    expect(terceira.corpo.dados).toMatchObject({ criados: 0, substituidos: 1, inalterados: 1, avisados: 1 });
    const id = terceira.corpo.dados.idImportacao ?? 0;
    const depois = await contar();
    expect(depois.contracheque).toBe(antes.contracheque);
    expect(depois.substituido - antes.substituido).toBe(1);

    const guardado = await amb.db
      .selectFrom('documento_financeiro_substituido')
      .selectAll()
      .where('id_importacao', '=', id)
      .executeTakeFirstOrThrow();
    expect(guardado).toMatchObject({
      cod_avulso: '100007',
      id_importacao_anterior: primeira.corpo.dados.idImportacao,
      tabela: 'contracheque',
    });
    const conteudo = JSON.parse(guardado.conteudo) as { liquido: number; verbas: { valor: number }[] };
    expect(conteudo.liquido).toBe(32_750);
    expect(conteudo.verbas.map((v) => v.valor)).toEqual([30_000, 5_000, 2_250]);

    const detalhe = await financeiro.chamar(apiFinanceiroGestao.importacao, { params: { id } });
    expect(detalhe.corpo.dados.importacao).toMatchObject({
      por: '900004',
      substituidos: 1,
      digesto: terceira.corpo.dados.digesto,
    });
    expect(detalhe.corpo.dados.importacao.em).toBe(amb.relogio.now().toISOString());
    expect(detalhe.corpo.dados.substituidos).toEqual([
      {
        codAvulso: '100007',
        arquivo: guardado.arquivo,
        idImportacaoAnterior: primeira.corpo.dados.idImportacao,
      },
    ]);
    const corpos = (
      (await (await amb.logado('100007')).get('/api/avulso/mensagens')).corpo.dados as { corpo: string }[]
    ).map((m) => m.corpo);
    expect(corpos).toContain(`Seu contracheque de ${br(dia).slice(0, 5)} foi corrigido e está disponível.`);
    const nao = await financeiro.chamar(apiFinanceiroGestao.importacao, { params: { id: 999_999 } });
    expect(nao.status).toBe(404);
  });
});

describe('conciliação com os trabalhos do portal', () => {
  it('casa trabalhador, dia, turno, navio e função; o trabalhador vê o trabalho pago; os demais com o motivo', async () => {
    const diaPago = diaAntes(12);
    const diaNavio = diaAntes(13);
    const diaSemPagamento = diaAntes(14);
    const idPago = await trabalhoPublicado('100008', diaPago);
    await trabalhoPublicado('100008', diaNavio, { navio: 'CMA CGM TAGE' });
    await trabalhoPublicado('100008', diaSemPagamento);
    const recente = diaAntes(1);
    await trabalhoPublicado('100008', recente);
    const csv = escreverCsvFolha('contracheque', [
      ...contracheque({
        matricula: '100008',
        numero: 900701,
        dia: diaPago,
        navio: 'msc aurora',
        funcao: 'ESTIVADOR',
      }),
      ...contracheque({ matricula: '100008', numero: 900702, dia: diaNavio }),
      ...contracheque({ matricula: '100008', numero: 900703, dia: diaAntes(15) }),
    ]);
    const r = await importar('contracheque', csv);
    expect(r.status, JSON.stringify(r.corpo).slice(0, 300)).toBe(200);
    expect(r.corpo.dados).toMatchObject({ criados: 3, conciliados: 1, naoConciliados: 2 });
    const pago = await amb.db
      .selectFrom('contracheque')
      .select(['id_trabalho', 'conciliacao'])
      .where('cod_avulso', '=', '100008')
      .where('numero', '=', 900701)
      .executeTakeFirstOrThrow();
    expect(pago).toEqual({ id_trabalho: idPago, conciliacao: 'conciliado' });

    const historico = ultimosTrabalhosSchema.parse(
      (await (await amb.logado('100008')).get('/api/avulso/ultimosTrabalhos')).corpo.dados,
    );
    const trabalhos = historico.ultimosTrabalhos.flatMap((a) => a.meses.flatMap((m) => m.trabalhos));
    const doDia = trabalhos.find((t) => t.dataOperacao === diaPago && t.navio === 'MSC AURORA');
    expect(doDia?.contracheques).toEqual([
      {
        numero: 900701,
        arquivo: `contracheques/${diaPago.slice(0, 4)}/${diaPago.slice(4, 6)}/CC-100008-900701.pdf`,
        tipo: 'ccNormal',
      },
    ]);
    expect(trabalhos.find((t) => t.dataOperacao === diaSemPagamento)?.contracheques).toEqual([]);

    const vistos = new Set<number>();
    const atrasados = new Set<string>();
    for (const competencia of new Set(
      [diaPago, diaNavio, diaSemPagamento, diaAntes(15)].map((d) => `${d.slice(0, 4)}-${d.slice(4, 6)}`),
    )) {
      const c = await financeiro.chamar(apiFinanceiroGestao.conciliacao, { query: { competencia, dias: 7 } });
      expect(c.status).toBe(200);
      const meus = c.corpo.dados.contrachequesSemTrabalho.filter((x) => x.codAvulso === '100008');
      for (const x of meus) {
        vistos.add(x.numero);
        if (x.numero === 900702)
          expect(x.motivo).toContain(
            'Navio diferente: no portal, o engajamento do dia tem navio CMA CGM TAGE.',
          );
        if (x.numero === 900703) expect(x.motivo).toContain('Nenhum engajamento do trabalhador');
      }
      const semContracheque = c.corpo.dados.trabalhosSemContracheque.filter((t) => t.codAvulso === '100008');
      for (const t of semContracheque) {
        atrasados.add(t.dataOperacao);
        expect([diaNavio, diaSemPagamento]).toContain(t.dataOperacao);
      }
      if (competencia === `${diaSemPagamento.slice(0, 4)}-${diaSemPagamento.slice(4, 6)}`) {
        expect(semContracheque.map((t) => t.dataOperacao)).toContain(diaSemPagamento);
        expect(semContracheque[0]?.motivo).toContain('Engajado pela escala nº 4518');
      }
      if (competencia === `${recente.slice(0, 4)}-${recente.slice(4, 6)}`) {
        // A job of yesterday is not late yet with N = 7, and is with N = 0.
        expect(semContracheque.map((t) => t.dataOperacao)).not.toContain(recente);
        const zero = await financeiro.chamar(apiFinanceiroGestao.conciliacao, {
          query: { competencia, dias: 0 },
        });
        expect(zero.corpo.dados.trabalhosSemContracheque.map((t) => t.dataOperacao)).toContain(recente);
      }
    }
    expect([...vistos].sort()).toEqual([900702, 900703]);
    expect([...atrasados].sort()).toEqual([diaNavio, diaSemPagamento].sort());
    const ruim = await financeiro.requisitar({
      method: 'GET',
      url: '/api/gestao/financeiro/conciliacao?competencia=2026-13',
    });
    expect(ruim.status).toBe(400);
  });
});

describe('dois pedidos ao mesmo tempo', () => {
  it('o mesmo arquivo em paralelo cria cada documento uma vez', async () => {
    const csv = escreverCsvFolha(
      'contracheque',
      contracheque({ matricula: '100002', numero: 900801, dia: diaAntes(9) }),
    );
    const respostas = await Promise.all([importar('contracheque', csv), importar('contracheque', csv)]);
    const criados = respostas.filter((r) => r.status === 200).reduce((s, r) => s + r.corpo.dados.criados, 0);
    for (const r of respostas) expect([200, 409]).toContain(r.status);
    expect(criados).toBe(1);
    const n = await amb.db
      .selectFrom('contracheque')
      .select('id')
      .where('cod_avulso', '=', '100002')
      .where('numero', '=', 900801)
      .execute();
    expect(n).toHaveLength(1);
  });
});
