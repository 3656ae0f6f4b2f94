import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCadastro,
  apiImportacaoCadastro,
  type RelatorioImportacaoCadastro,
} from '#common/api/cadastro.ts';
import { Aleatorio, cpfValido } from '../../plataforma/semente/aleatorio.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';

let amb: AmbienteTeste;
let cadastro: ClienteTeste;

beforeAll(async () => {
  amb = await criarAmbiente();
  cadastro = await amb.logado('900003');
});
afterAll(async () => {
  await amb.fechar();
});

const CABECALHO =
  'matricula;nome;cpf;data_nascimento;sexo;sindicato;artigo;num_chamada;situacao;habilitacoes';

function importar(corpo: string | Uint8Array<ArrayBuffer>, simular = false) {
  return cadastro.chamar(apiImportacaoCadastro.importar, {
    query: simular ? { simular: '1' } : {},
    corpo,
  });
}

async function contar(tabela: 'avulso' | 'historico_avulso' | 'habilitacao'): Promise<number> {
  const r = await amb.db
    .selectFrom(tabela)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

const TRES = [
  CABECALHO,
  '700001;Antônio Pereira Lima;111.444.777-35;14/02/1980;M;1;55;90001;;101 102',
  '700002;Maria das Graças Souza;93541134780;1985-07-30;F;6;54;90002;ativo;601',
  '700003;Severino Ramos;390.533.447-05;01/01/1970;M;4;55;90003;afastado;',
].join('\r\n');

describe('POST /api/gestao/trabalhadores/importar', () => {
  it('simular não grava; importar cria; o mesmo arquivo de novo não muda nada', async () => {
    const antes = { avulso: await contar('avulso'), historico: await contar('historico_avulso') };
    const simulado = await importar(TRES, true);
    expect(simulado.status).toBe(200);
    expect(simulado.corpo.dados).toMatchObject({
      simulado: true,
      codificacao: 'utf-8',
      linhas: 3,
      criados: 3,
      alterados: 0,
      inalterados: 0,
      totalErros: 0,
    });
    expect(await contar('avulso')).toBe(antes.avulso);

    const r = await importar(TRES);
    expect(r.corpo.dados).toMatchObject({ simulado: false, criados: 3, alterados: 0, inalterados: 0 });
    expect(await contar('avulso')).toBe(antes.avulso + 3);
    expect(await contar('historico_avulso')).toBe(antes.historico + 3);
    const antonio = await amb.db
      .selectFrom('avulso')
      .selectAll()
      .where('cod_avulso', '=', '700001')
      .executeTakeFirstOrThrow();
    expect(antonio).toMatchObject({
      nome: 'ANTÔNIO PEREIRA LIMA',
      nome_busca: 'antonio pereira lima',
      cpf: '11144477735',
      data_nascimento: '1980-02-14',
      cod_categoria: 1,
      situacao: 'ativo',
      senha_hash: '',
    });
    const severino = await amb.db
      .selectFrom('avulso')
      .select(['situacao', 'cod_categoria'])
      .where('cod_avulso', '=', '700003')
      .executeTakeFirstOrThrow();
    expect(severino).toEqual({ situacao: 'afastado', cod_categoria: 4 });
    const funcoes = await amb.db
      .selectFrom('habilitacao')
      .select('cod_funcao')
      .where('cod_avulso', '=', '700001')
      .orderBy('cod_funcao')
      .execute();
    expect(funcoes.map((f) => f.cod_funcao)).toEqual([101, 102]);

    const historico = await contar('historico_avulso');
    const denovo = await importar(TRES);
    expect(denovo.corpo.dados).toMatchObject({ criados: 0, alterados: 0, inalterados: 3 });
    expect(await contar('historico_avulso')).toBe(historico);
  });

  it('uma linha mudada: só ela, com o antes e o depois no histórico; Windows-1252 detectado', async () => {
    const arquivo = [
      CABECALHO,
      '700001;Antônio Pereira Lima Neto;111.444.777-35;14/02/1980;M;1;55;90001;;101 104',
      '700002;Maria das Graças Souza;93541134780;1985-07-30;F;6;54;90002;ativo;601',
    ].join('\r\n');
    const r = await importar(Buffer.from(arquivo, 'latin1') as unknown as Uint8Array<ArrayBuffer>);
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    expect(r.corpo.dados).toMatchObject({
      codificacao: 'windows-1252',
      criados: 0,
      alterados: 1,
      inalterados: 1,
    });
    const linha = await amb.db
      .selectFrom('historico_avulso')
      .selectAll()
      .where('cod_avulso', '=', '700001')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(linha.acao).toBe('cadastro.importado');
    expect(linha.por).toBe('900003');
    expect(JSON.parse(linha.antes ?? '{}')).toEqual({
      nome: 'ANTÔNIO PEREIRA LIMA',
      habilitacoes: '101 102',
    });
    expect(JSON.parse(linha.depois ?? '{}')).toEqual({
      nome: 'ANTÔNIO PEREIRA LIMA NETO',
      habilitacoes: '101 104',
    });
    // The search finds the changed name without its accent (decision 0235).
    const busca = await cadastro.chamar(apiCadastro.buscar, {
      query: { busca: 'ANTONIO PEREIRA LIMA NETO' },
    });
    expect(busca.corpo.dados.itens.map((i) => i.codAvulso)).toEqual(['700001']);
  });

  it('tudo ou nada: todos os erros numa passada, por linha e coluna; nada muda', async () => {
    const antes = { avulso: await contar('avulso'), historico: await contar('historico_avulso') };
    const arquivo = [
      CABECALHO,
      '700010;Joana Dark;111.444.777-36;14/02/1980;M;1;55;50010;;101',
      '700011;Pedro;52998224725;31/02/1980;X;10;56;0;talvez;999',
      '700010;Outra Pessoa;28625587887;14/02/1980;F;1;55;50012;;',
      '700013;Luís Alves;71428793860;14/02/1980;M;1;55;90001;;',
    ].join('\n');
    const r = await importar(arquivo);
    expect(r.status).toBe(400);
    expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    expect(r.corpo.mensagem).toContain('nada foi importado');
    const relatorio = dadosDaRecusa<RelatorioImportacaoCadastro>(r);
    const erros = relatorio?.erros.map((e) => `${e.linha}:${e.campo}`);
    expect(erros).toEqual([
      '2:cpf',
      '3:data_nascimento',
      '3:sexo',
      '3:sindicato',
      '3:artigo',
      '3:num_chamada',
      '3:situacao',
      '3:habilitacoes',
      '4:matricula',
      '5:num_chamada',
    ]);
    expect(relatorio?.totalErros).toBe(10);
    expect(relatorio?.erros.find((e) => e.linha === 5)?.mensagem).toBe(
      'Número de chamada já é da matrícula 700001.',
    );
    expect(await contar('avulso')).toBe(antes.avulso);
    expect(await contar('historico_avulso')).toBe(antes.historico);

    // The CPF of a worker already registered under another code.
    const cpf = await importar(
      [CABECALHO, '700020;Zé Ninguém;52998224725;14/02/1980;M;1;55;50020;;'].join('\n'),
    );
    expect(dadosDaRecusa<RelatorioImportacaoCadastro>(cpf)?.erros[0]).toMatchObject({
      linha: 2,
      campo: 'cpf',
      mensagem: 'CPF já é da matrícula 100001.',
    });
  });

  it('cabeçalho errado, arquivo vazio, erros demais (lista limitada, total certo) e o papel', async () => {
    const cabecalho = await importar('matricula;nome\n700001;X');
    expect(dadosDaRecusa<RelatorioImportacaoCadastro>(cabecalho)?.erros.map((e) => e.campo)).toEqual([
      'cpf',
      'data_nascimento',
      'sexo',
      'sindicato',
      'artigo',
      'num_chamada',
    ]);
    expect(dadosDaRecusa<RelatorioImportacaoCadastro>(await importar(''))?.erros[0]?.mensagem).toBe(
      'Arquivo vazio.',
    );
    const ruins = [
      CABECALHO,
      ...Array.from({ length: 300 }, (_, i) => `7${String(i).padStart(5, '0')};A;1;x;M;1;55;1;;`),
    ];
    const muitos = dadosDaRecusa<RelatorioImportacaoCadastro>(await importar(ruins.join('\n')));
    expect(muitos?.erros).toHaveLength(200);
    expect(muitos?.totalErros).toBeGreaterThan(300);
    const escalador = await amb.logado('900002');
    const r = await escalador.chamar(apiImportacaoCadastro.importar, { query: {}, corpo: TRES });
    expect(r.status).toBe(403);
  });

  it('60.000 trabalhadores em menos de 30 s, sem travar o servidor; de novo, nada muda', {
    timeout: 180_000,
  }, async () => {
    const rnd = new Aleatorio(30);
    const usados = new Set((await amb.db.selectFrom('avulso').select('cpf').execute()).map((l) => l.cpf));
    const linhas = [CABECALHO];
    for (let i = 0; i < 60_000; i++) {
      let cpf = cpfValido(rnd);
      while (usados.has(cpf)) cpf = cpfValido(rnd);
      usados.add(cpf);
      linhas.push(
        `${200000 + i};Trabalhador ${String.fromCharCode(65 + (i % 26))} Número;${cpf};01/01/1980;M;${1 + (i % 8)};55;${1000 + i};;101 102`,
      );
    }
    const arquivo = linhas.join('\r\n');
    const atraso = monitorEventLoopDelay({ resolution: 10 });
    atraso.enable();
    const t0 = performance.now();
    const r = await importar(arquivo);
    const ms = performance.now() - t0;
    atraso.disable();
    expect(r.status, JSON.stringify(r.corpo).slice(0, 500)).toBe(200);
    expect(r.corpo.dados).toMatchObject({ criados: 60_000, alterados: 0 });
    const maiorAtrasoMs = atraso.max / 1e6;
    console.log(
      `importação de 60.000 (${amb.banco.dialeto}): ${Math.round(ms)} ms; maior atraso do laço de eventos ${Math.round(maiorAtrasoMs)} ms`,
    );
    expect(ms).toBeLessThan(30_000);
    // Measured 0.5-1.1 s on this shared machine: the COMMIT of the 60,000 rows (docs/decisions/0233).
    expect(maiorAtrasoMs).toBeLessThan(2_000);
    const t1 = performance.now();
    const denovo = await importar(arquivo);
    console.log(`a mesma importação de novo: ${Math.round(performance.now() - t1)} ms`);
    expect(denovo.corpo.dados).toMatchObject({ criados: 0, alterados: 0, inalterados: 60_000 });
  });
});
