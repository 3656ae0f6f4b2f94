import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDeclaracoes } from '#common/api/declaracoes.ts';
import type { CampoInvalido } from '#common/envelope.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';
import { corpoMp945, textoDoPdf, URL_PDF } from './apoio-teste.ts';

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

const ACESSO_JOSE = { cpf: '52998224725', dataNascimento: '15/03/1980' };

async function declaracoesDe(codAvulso: string) {
  return amb.db.selectFrom('declaracao').selectAll().where('cod_avulso', '=', codAvulso).execute();
}

async function cadastro(codAvulso: string) {
  return amb.db
    .selectFrom('avulso')
    .selectAll()
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirstOrThrow();
}

const iso = (yyyyMmDd: string) => `${yyyyMmDd.slice(8, 10)}/${yyyyMmDd.slice(5, 7)}/${yyyyMmDd.slice(0, 4)}`;

describe('GET /api/mp945/acessarDeclaracao', () => {
  it('habilitado, sem declaração', async () => {
    const c = await amb.logado('100001');
    const r = await c.chamar(apiDeclaracoes.acessarMp945);
    expect(r.status).toBe(200);
    expect(r.corpo.dados).toEqual({
      declaracao: null,
      habilitacao: { habilitado: true, dataHoraCorrente: amb.relogio.now().toISOString() },
    });
  });

  it('não habilitado (100002)', async () => {
    const c = await amb.logado('100002');
    const r = await c.chamar(apiDeclaracoes.acessarMp945);
    expect(r.corpo.dados.habilitacao?.habilitado).toBe(false);
    const a = await c.chamar(apiDeclaracoes.dadosAcessoMp945, {
      corpo: {
        cpf: (await cadastro('100002')).cpf,
        dataNascimento: '01/01/1980',
      },
    });
    expect(a.status).toBe(403);
    expect(a.corpo.codigoErro).toBe('DeclaracaoNaoHabilitada');
    expect(a.corpo.mensagem).toBe(
      'Favor entrar em contato com o OGMO para verificar a liberação da declaração de afastamento!',
    );
  });
});

describe('POST /api/mp945/dadosAcesso', () => {
  it('com o próprio CPF e data de nascimento devolve os dados pessoais', async () => {
    const c = await amb.logado('100001');
    const r = await c.chamar(apiDeclaracoes.dadosAcessoMp945, { corpo: ACESSO_JOSE });
    expect(r.status).toBe(200);
    const cad = await cadastro('100001');
    expect(r.corpo.dados).toEqual({
      nome: 'JOSÉ CARLOS DA SILVA',
      cpf: '52998224725',
      dataNascimento: '15/03/1980',
      rgNumero: cad.rg_numero,
      rgOrgaoExp: cad.rg_orgao_exp,
      rgUF: cad.rg_uf,
      rgEmissao: iso(cad.rg_emissao ?? ''),
      pis: cad.pis,
    });
  });

  it('CPF ou nascimento errados são recusados sem dizer qual', async () => {
    const c = await amb.logado('100001');
    const cpfErrado = await c.chamar(apiDeclaracoes.dadosAcessoMp945, {
      corpo: { ...ACESSO_JOSE, cpf: '11144477735' },
    });
    const dataErrada = await c.chamar(apiDeclaracoes.dadosAcessoMp945, {
      corpo: {
        ...ACESSO_JOSE,
        dataNascimento: '16/03/1980',
      },
    });
    for (const r of [cpfErrado, dataErrada]) {
      expect(r.status).toBe(403);
      expect(r.corpo.codigoErro).toBe('DadosAcessoIncorretos');
      expect(r.corpo.mensagem).toMatch(/^CPF ou data de nascimento não conferem com o seu cadastro\./);
    }
    expect(cpfErrado.corpo.dados).toEqual({ tentativasRestantes: 4 });
    expect(dataErrada.corpo.dados).toEqual({ tentativasRestantes: 3 });
    // A success clears the count.
    expect((await c.chamar(apiDeclaracoes.dadosAcessoMp945, { corpo: ACESSO_JOSE })).status).toBe(200);
    const linha = await amb.db
      .selectFrom('tentativa')
      .selectAll()
      .where('chave', '=', 'declaracao:100001')
      .executeTakeFirst();
    expect(linha).toBeUndefined();
  });

  it('os dados de outro trabalhador não abrem os meus nem os dele', async () => {
    const outro = await cadastro('100003');
    const c = await amb.logado('100001');
    const r = await c.chamar(apiDeclaracoes.dadosAcessoMp945, {
      corpo: {
        cpf: outro.cpf,
        dataNascimento: iso(outro.data_nascimento),
      },
    });
    expect(r.status).toBe(403);
    expect(r.corpo.codigoErro).toBe('DadosAcessoIncorretos');
    expect(JSON.stringify(r.corpo)).not.toContain(outro.nome);
    await c.chamar(apiDeclaracoes.dadosAcessoMp945, { corpo: ACESSO_JOSE });
  });

  it.each([
    [{ cpf: '', dataNascimento: '15/03/1980' }, 'cpf', 'Informe o CPF.'],
    [{ cpf: '529.982.247-25', dataNascimento: '15/03/1980' }, 'cpf', 'O CPF deve ter 11 dígitos.'],
    [
      { cpf: '52998224726', dataNascimento: '15/03/1980' },
      'cpf',
      'CPF inválido: confira os números digitados.',
    ],
    [{ cpf: '52998224725', dataNascimento: '' }, 'dataNascimento', 'Informe a data de nascimento.'],
    [{ cpf: '52998224725', dataNascimento: '1980-03-15' }, 'dataNascimento', 'Use o formato dd/mm/aaaa.'],
    [
      { cpf: '52998224725', dataNascimento: '31/04/1980' },
      'dataNascimento',
      'Data inexistente: confira o dia, o mês e o ano.',
    ],
    [
      { cpf: '52998224725', dataNascimento: '15/03/2999' },
      'dataNascimento',
      'A data de nascimento não pode estar no futuro.',
    ],
    [{ dataNascimento: '15/03/1980' }, 'cpf', 'Informe o CPF.'],
  ])('%j → DadosInvalidos em %s', async (corpo, campo, mensagem) => {
    const c = await amb.logado('100001');
    const r = await c.chamarBruto(apiDeclaracoes.dadosAcessoMp945, { corpo });
    expect(r.status).toBe(400);
    expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    expect(r.corpo.dados).toEqual([{ campo, mensagem }]);
  });

  it('5 falhas bloqueiam a consulta por 15 minutos (MuitasRequisicoes), também no envio', async () => {
    const c = await amb.logado('100003');
    const cad = await cadastro('100003');
    const certo = { cpf: cad.cpf, dataNascimento: iso(cad.data_nascimento) };
    const errado = { ...certo, dataNascimento: '01/01/1950' };
    const restantes: (number | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await c.chamar(apiDeclaracoes.dadosAcessoMp945, { corpo: errado });
      expect(r.corpo.codigoErro).toBe('DadosAcessoIncorretos');
      restantes.push(dadosDaRecusa<{ tentativasRestantes: number }>(r)?.tentativasRestantes);
    }
    expect(restantes).toEqual([4, 3, 2, 1, 0]);

    const bloqueado = await c.chamar(apiDeclaracoes.dadosAcessoMp945, { corpo: certo });
    expect(bloqueado.status).toBe(429);
    expect(bloqueado.corpo.codigoErro).toBe('MuitasRequisicoes');
    expect(bloqueado.corpo.mensagem).toContain('Aguarde 15 minutos');
    expect(dadosDaRecusa<{ aguardarSegundos: number }>(bloqueado)?.aguardarSegundos).toBe(900);

    const envio = await c.chamar(apiDeclaracoes.enviarMp945, {
      corpo: {
        ...corpoMp945(amb.relogio.now().toISOString()),
      },
    });
    expect(envio.status).toBe(429);

    amb.relogio.avancar(14 * 60_000);
    expect((await c.chamar(apiDeclaracoes.dadosAcessoMp945, { corpo: certo })).status).toBe(429);
    amb.relogio.avancar(60_000 + 1000);
    const liberado = await c.chamar(apiDeclaracoes.dadosAcessoMp945, { corpo: certo });
    expect(liberado.status).toBe(200);
    expect(liberado.corpo.dados.nome).toBe(cad.nome);
  });

  it('o bloqueio seguinte dura o dobro', async () => {
    const c = await amb.logado('100007');
    const cad = await cadastro('100007');
    const errado = { cpf: cad.cpf, dataNascimento: '01/01/1950' };
    for (let i = 0; i < 5; i++) await c.chamar(apiDeclaracoes.dadosAcessoMp945, { corpo: errado });
    amb.relogio.avancar(15 * 60_000 + 1000);
    for (let i = 0; i < 5; i++) await c.chamar(apiDeclaracoes.dadosAcessoMp945, { corpo: errado });
    const r = await c.chamar(apiDeclaracoes.dadosAcessoMp945, { corpo: errado });
    expect(r.status).toBe(429);
    expect(dadosDaRecusa<{ aguardarSegundos: number }>(r)?.aguardarSegundos).toBe(30 * 60);
  });
});

describe('POST /api/mp945/enviarDeclaracao', () => {
  const invalidos: [string, string, unknown][] = [
    ['dadosTPA', 'nome', ''],
    ['dadosTPA', 'nome', 'N'.repeat(81)],
    ['dadosTPA', 'rgNumero', ''],
    ['dadosTPA', 'rgNumero', '123456789012'],
    ['dadosTPA', 'rgOrgaoExp', ''],
    ['dadosTPA', 'rgOrgaoExp', 'O'.repeat(21)],
    ['dadosTPA', 'rgUF', 'P'],
    ['dadosTPA', 'rgEmissao', '10/13/2010'],
    ['dadosTPA', 'pis', ''],
    ['dadosTPA', 'pis', '1205641254'],
    ['dadosTPA', 'pis', '12056412546'],
    ['dadosTPA', 'cpf', '52998224700'],
    ['dadosTPA', 'dataNascimento', '15-03-1980'],
    ['dadosContato', 'cidade', ''],
    ['dadosContato', 'cidade', 'C'.repeat(41)],
    ['dadosContato', 'uf', 'P'],
    ['dadosContato', 'uf', 'XY'],
    ['dadosContato', 'email', 'JOSE@'],
    ['dadosContato', 'email', `${'j'.repeat(50)}@exemplo.com`],
    ['dadosContato', 'telefone', '(81) 9876-543'],
    ['situacoesAfastamento', 'gestante', 'sim'],
  ];

  it.each(invalidos)('%s.%s = %j → DadosInvalidos com o campo', async (grupo, campo, valor) => {
    const c = await amb.logado('100001');
    const corpo = corpoMp945(amb.relogio.now().toISOString());
    (corpo[grupo as 'dadosTPA'] as Record<string, unknown>)[campo] = valor;
    const r = await c.chamar(apiDeclaracoes.enviarMp945, { corpo });
    expect(r.status).toBe(400);
    expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    expect(dadosDaRecusa<CampoInvalido[]>(r)?.map((d) => d.campo)).toContain(`${grupo}.${campo}`);
    expect(await declaracoesDe('100001')).toHaveLength(0);
  });

  it('sem nenhuma situação marcada → DadosInvalidos em situacoesAfastamento', async () => {
    const c = await amb.logado('100001');
    const corpo = corpoMp945(amb.relogio.now().toISOString());
    corpo.situacoesAfastamento = {
      sintomas: false,
      covid19: false,
      cuidado: false,
      gestante: false,
      doenca: false,
    };
    const r = await c.chamar(apiDeclaracoes.enviarMp945, { corpo });
    expect(r.status).toBe(400);
    expect(r.corpo.dados).toEqual([
      { campo: 'situacoesAfastamento', mensagem: 'Marque pelo menos uma situação.' },
    ]);
  });

  it('nascimento diferente do cadastro no envio conta como falha de acesso', async () => {
    const c = await amb.logado('100001');
    const corpo = corpoMp945(amb.relogio.now().toISOString());
    corpo.dadosTPA.dataNascimento = '14/03/1980';
    const r = await c.chamar(apiDeclaracoes.enviarMp945, { corpo });
    expect(r.status).toBe(403);
    expect(r.corpo.codigoErro).toBe('DadosAcessoIncorretos');
    expect(dadosDaRecusa<{ tentativasRestantes: number }>(r)?.tentativasRestantes).toBeLessThan(5);
    expect(await declaracoesDe('100001')).toHaveLength(0);
  });

  it('envia uma vez; o PDF traz nome, CPF, código e as situações marcadas', async () => {
    const c = await amb.logado('100001');
    const corpo = corpoMp945(amb.relogio.now().toISOString());
    corpo.dadosContato = {
      cidade: ' Cabo de Santo Agostinho ',
      uf: 'pe',
      email: 'jose@exemplo.com',
      telefone: '(81) 98765-4321',
    };
    const r = await c.chamar(apiDeclaracoes.enviarMp945, { corpo });
    expect(r.status).toBe(200);
    expect(r.corpo.dados.url).toMatch(URL_PDF);

    const [linha] = await declaracoesDe('100001');
    expect(linha?.tipo).toBe('mp945');
    expect(linha?.codigo_verificacao).toMatch(/^AFT-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(JSON.parse(linha?.situacoes ?? '{}')).toEqual(corpo.situacoesAfastamento);
    expect(JSON.parse(linha?.dados_contato ?? '{}')).toEqual({
      cidade: 'Cabo de Santo Agostinho',
      uf: 'PE',
      email: 'jose@exemplo.com',
      telefone: '(81) 98765-4321',
    });
    expect(JSON.parse(linha?.dados_tpa ?? '{}')).toMatchObject({ pis: '12056412545', rgNumero: '1234567' });

    const acesso = await c.chamar(apiDeclaracoes.acessarMp945);
    expect(acesso.corpo.dados.declaracao).toEqual({ url: r.corpo.dados.url });

    const texto = await textoDoPdf((await (await amb.cliente()).get(r.corpo.dados.url)).bruto);
    expect(texto).toContain('JOSÉ CARLOS DA SILVA');
    expect(texto).toContain('529.982.247-25');
    expect(texto).toContain('120.56412.54-5');
    expect(texto).toContain(linha?.codigo_verificacao);
    expect(texto).toMatch(/\(X\) Fui diagnosticado\(a\) com a covid-19/);
    expect(texto).toMatch(/\(X\) Tenho imunodeficiência/);
    expect(texto).toMatch(/\( *\) Estou gestante ou lactante/);
    expect(texto).toContain('Cabo de Santo Agostinho/PE');

    const repetida = await c.chamar(apiDeclaracoes.enviarMp945, { corpo });
    expect(repetida.status).toBe(409);
    expect(repetida.corpo.codigoErro).toBe('DeclaracaoJaEmitida');
    expect(repetida.corpo.mensagem).toBe('Você já enviou sua declaração de afastamento ao OGMO!');
    expect(repetida.corpo.dados).toEqual({ url: r.corpo.dados.url });
    const acessoDepois = await c.chamar(apiDeclaracoes.dadosAcessoMp945, { corpo: ACESSO_JOSE });
    expect(acessoDepois.status).toBe(409);
    expect(await declaracoesDe('100001')).toHaveLength(1);
  });

  it('não habilitado → DeclaracaoNaoHabilitada', async () => {
    const c = await amb.logado('100002');
    const cad = await cadastro('100002');
    const corpo = corpoMp945(amb.relogio.now().toISOString());
    corpo.dadosTPA = {
      ...corpo.dadosTPA,
      nome: cad.nome,
      cpf: cad.cpf,
      dataNascimento: iso(cad.data_nascimento),
    };
    const r = await c.chamar(apiDeclaracoes.enviarMp945, { corpo });
    expect(r.status).toBe(403);
    expect(r.corpo.codigoErro).toBe('DeclaracaoNaoHabilitada');
    expect(await declaracoesDe('100002')).toHaveLength(0);
  });
});
