import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDeclaracoes } from '#common/api/declaracoes.ts';
import type { CampoInvalido } from '#common/envelope.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';
import { corpoLockdown, textoDoPdf, URL_PDF } from './apoio-teste.ts';

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

async function declaracoesDe(codAvulso: string) {
  return amb.db.selectFrom('declaracao').selectAll().where('cod_avulso', '=', codAvulso).execute();
}

describe('GET /api/lockdown/acessarDeclaracao', () => {
  it('habilitado e sem declaração: dados do cadastro, data e hora correntes', async () => {
    const c = await amb.logado('100001');
    const r = await c.chamar(apiDeclaracoes.acessarLockdown);
    expect(r.status).toBe(200);
    const d = r.corpo.dados;
    expect(d.declaracao).toBeNull();
    expect(d.habilitacao).toEqual({ habilitado: true });
    expect(d.dadosTPA).toMatchObject({ nome: 'JOSÉ CARLOS DA SILVA', cpf: '52998224725', rgUF: 'PE' });
    expect(d.dadosTPA?.rgEmissao).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(d.dadosContato).toEqual({ email: 'jose.silva@exemplo.com.br', telefone: '(81) 98765-4321' });
    expect(d.dataHoraCorrente).toBe(amb.relogio.now().toISOString());
    expect(d.dataCorrente).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('não habilitado (100002)', async () => {
    const c = await amb.logado('100002');
    const r = await c.chamar(apiDeclaracoes.acessarLockdown);
    expect(r.corpo.dados.habilitacao).toEqual({ habilitado: false });
    expect(r.corpo.dados.declaracao).toBeNull();
  });

  it('já emitida (100004): devolve o link do PDF', async () => {
    const c = await amb.logado('100004');
    const r = await c.chamar(apiDeclaracoes.acessarLockdown);
    expect(r.corpo.dados.declaracao?.url).toMatch(URL_PDF);
  });

  it('exige sessão', async () => {
    const c = await amb.cliente();
    const r = await c.chamar(apiDeclaracoes.acessarLockdown);
    expect(r.status).toBe(401);
    expect(r.corpo.codigoErro).toBe('NaoAutenticado');
  });
});

describe('POST /api/lockdown/emitirDeclaracao: recusas', () => {
  it('não habilitado → DeclaracaoNaoHabilitada, nada gravado', async () => {
    const c = await amb.logado('100002');
    const corpo = await corpoLockdown(c);
    const r = await c.chamar(apiDeclaracoes.emitirLockdown, { corpo });
    expect(r.status).toBe(403);
    expect(r.corpo.codigoErro).toBe('DeclaracaoNaoHabilitada');
    expect(r.corpo.mensagem).toBe(
      'Favor entrar em contato com o OGMO para solicitar a liberação da declaração de atividade para o lockdown!',
    );
    expect(await declaracoesDe('100002')).toHaveLength(0);
  });

  it('já emitida → DeclaracaoJaEmitida com o link existente', async () => {
    const c = await amb.logado('100004');
    const corpo = await corpoLockdown(c);
    const existente = (await c.chamar(apiDeclaracoes.acessarLockdown)).corpo.dados.declaracao?.url;
    const r = await c.chamar(apiDeclaracoes.emitirLockdown, { corpo });
    expect(r.status).toBe(409);
    expect(r.corpo.codigoErro).toBe('DeclaracaoJaEmitida');
    expect(r.corpo.mensagem).toBe('Você já emitiu sua declaração de atividade para o lockdown!');
    expect(r.corpo.dados).toEqual({ url: existente });
    expect(await declaracoesDe('100004')).toHaveLength(1);
  });

  const invalidos: [string, string, unknown][] = [
    ['dadosTPA', 'nome', ''],
    ['dadosTPA', 'nome', 'N'.repeat(81)],
    ['dadosTPA', 'cpf', '52998224724'],
    ['dadosTPA', 'rgNumero', ''],
    ['dadosTPA', 'rgNumero', '12a45'],
    ['dadosTPA', 'rgNumero', '123456789012'],
    ['dadosTPA', 'rgOrgaoExp', ''],
    ['dadosTPA', 'rgOrgaoExp', 'O'.repeat(21)],
    ['dadosTPA', 'rgUF', 'P'],
    ['dadosTPA', 'rgUF', 'ZZ'],
    ['dadosTPA', 'rgEmissao', '2010-05-10'],
    ['dadosTPA', 'rgEmissao', '30/02/2010'],
    ['dadosTPA', 'rgEmissao', '01/01/2999'],
    ['dadosTPA', 'endLogradouro', ''],
    ['dadosTPA', 'endLogradouro', 'L'.repeat(81)],
    ['dadosTPA', 'endBairro', ''],
    ['dadosTPA', 'endBairro', 'B'.repeat(41)],
    ['dadosTPA', 'endCidade', ''],
    ['dadosTPA', 'endCidade', 'C'.repeat(41)],
    ['dadosTPA', 'endUF', ''],
    ['dadosTPA', 'endUF', 'PER'],
    ['dadosContato', 'email', 'jose@exemplo'],
    ['dadosContato', 'email', `${'j'.repeat(50)}@exemplo.com`],
    ['dadosContato', 'telefone', '81 98765-4321'],
    ['dadosContato', 'telefone', 123],
  ];

  it.each(invalidos)('%s.%s = %j → DadosInvalidos com o campo', async (grupo, campo, valor) => {
    const c = await amb.logado('100001');
    const corpo = await corpoLockdown(c);
    (corpo[grupo as 'dadosTPA'] as Record<string, unknown>)[campo] = valor;
    const r = await c.chamar(apiDeclaracoes.emitirLockdown, { corpo });
    expect(r.status).toBe(400);
    expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    expect(dadosDaRecusa<CampoInvalido[]>(r)?.map((d) => d.campo)).toContain(`${grupo}.${campo}`);
    expect(r.corpo.mensagem).toMatch(/^Dados inválidos/);
    expect(await declaracoesDe('100001')).toHaveLength(0);
  });

  it('campo ausente e dataHoraInicio inválida também são recusados', async () => {
    const c = await amb.logado('100001');
    const corpo = await corpoLockdown(c);
    const { endBairro: _, ...semBairro } = corpo.dadosTPA;
    const r1 = await c.chamarBruto(apiDeclaracoes.emitirLockdown, {
      corpo: { ...corpo, dadosTPA: semBairro },
    });
    expect(r1.corpo.dados).toContainEqual({ campo: 'dadosTPA.endBairro', mensagem: 'Informe o bairro.' });
    const r2 = await c.chamar(apiDeclaracoes.emitirLockdown, {
      corpo: { ...corpo, dataHoraInicio: 'ontem' },
    });
    expect(dadosDaRecusa<CampoInvalido[]>(r2)?.map((d) => d.campo)).toEqual(['dataHoraInicio']);
    const futuro = new Date(amb.relogio.now().getTime() + 3_600_000).toISOString();
    const r3 = await c.chamar(apiDeclaracoes.emitirLockdown, { corpo: { ...corpo, dataHoraInicio: futuro } });
    expect(r3.status).toBe(400);
    expect(r3.corpo.dados).toEqual([
      { campo: 'dataHoraInicio', mensagem: 'A data e hora de início não podem estar no futuro.' },
    ]);
    expect(await declaracoesDe('100001')).toHaveLength(0);
  });

  it('o CPF de outra pessoa, mesmo válido, não é aceito', async () => {
    const c = await amb.logado('100001');
    const corpo = await corpoLockdown(c);
    corpo.dadosTPA.cpf = '11144477735';
    const r = await c.chamar(apiDeclaracoes.emitirLockdown, { corpo });
    expect(r.status).toBe(400);
    expect(r.corpo.dados).toEqual([
      { campo: 'dadosTPA.cpf', mensagem: 'O CPF não confere com o seu cadastro.' },
    ]);
  });

  it('sem o cabeçalho XSRF → 403', async () => {
    const c = await amb.logado('100001');
    const corpo = await corpoLockdown(c);
    const r = await c.chamar(apiDeclaracoes.emitirLockdown, { corpo }, { semXsrf: true });
    expect(r.status).toBe(403);
    expect(await declaracoesDe('100001')).toHaveLength(0);
  });
});

describe('POST /api/lockdown/emitirDeclaracao: emissão', () => {
  it('emite uma vez, guarda os dados corrigidos e devolve o link do PDF', async () => {
    const c = await amb.logado('100001');
    const corpo = await corpoLockdown(c);
    corpo.dadosTPA.endBairro = '  Boa Vista ';
    corpo.dadosTPA.endUF = 'pe';
    corpo.dadosContato.email = 'Jose.Silva@Exemplo.com.br';
    const r = await c.chamar(apiDeclaracoes.emitirLockdown, { corpo });
    expect(r.status).toBe(200);
    expect(r.corpo.dados.url).toMatch(URL_PDF);

    const [linha] = await declaracoesDe('100001');
    expect(linha?.tipo).toBe('lockdown');
    expect(linha?.codigo_verificacao).toMatch(/^LKD-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(JSON.parse(linha?.dados_tpa ?? '{}')).toMatchObject({ endBairro: 'Boa Vista', endUF: 'PE' });
    expect(JSON.parse(linha?.dados_contato ?? '{}')).toEqual({
      email: 'jose.silva@exemplo.com.br',
      telefone: '(81) 98765-4321',
    });
    expect(linha?.data_hora_inicio).toBe(corpo.dataHoraInicio);

    const acesso = await c.chamar(apiDeclaracoes.acessarLockdown);
    expect(acesso.corpo.dados.declaracao).toEqual({ url: r.corpo.dados.url });

    const pdf = await (await amb.cliente()).get(r.corpo.dados.url);
    const texto = await textoDoPdf(pdf.bruto);
    expect(texto).toContain('JOSÉ CARLOS DA SILVA');
    expect(texto).toContain('529.982.247-25');
    expect(texto).toContain(linha?.codigo_verificacao);
    expect(texto).toContain('bairro Boa Vista');
    expect(texto).toContain('carga e descarga');
    expect(texto).toContain(`${amb.config.urlPublica}/verificar/${linha?.codigo_verificacao}`);

    const repetida = await c.chamar(apiDeclaracoes.emitirLockdown, { corpo });
    expect(repetida.status).toBe(409);
    expect(repetida.corpo.codigoErro).toBe('DeclaracaoJaEmitida');
    expect(repetida.corpo.dados).toEqual({ url: r.corpo.dados.url });
    expect(await declaracoesDe('100001')).toHaveLength(1);
  });

  it('dois envios simultâneos: um emite, o outro recebe DeclaracaoJaEmitida', async () => {
    const c = await amb.logado('100006');
    const corpo = await corpoLockdown(c);
    const respostas = await Promise.all([
      c.chamar(apiDeclaracoes.emitirLockdown, { corpo }),
      c.chamar(apiDeclaracoes.emitirLockdown, { corpo }),
      c.chamar(apiDeclaracoes.emitirLockdown, { corpo }),
    ]);
    const status = respostas.map((r) => r.status).sort();
    expect(status).toEqual([200, 409, 409]);
    expect(await declaracoesDe('100006')).toHaveLength(1);
  });

  it('equipe do OGMO (sindicato 9): texto de resgate, escalação e fiscalização', async () => {
    const c = await amb.logado('900001');
    const corpo = await corpoLockdown(c);
    const r = await c.chamar(apiDeclaracoes.emitirLockdown, { corpo });
    expect(r.status).toBe(200);
    const texto = await textoDoPdf((await c.get(r.corpo.dados.url)).bruto);
    expect(texto).toContain('resgate, escalação e fiscalização');
    expect(texto).toContain('portuário(a) deste Órgão Gestor');
    expect(texto).not.toContain('carga e descarga');
  });
});
