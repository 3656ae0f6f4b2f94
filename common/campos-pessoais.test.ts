import { describe, expect, it } from 'vitest';
import {
  dadosContatoMp945Schema,
  dadosTpaMp945Schema,
  formularioAcessoSchema,
  formularioLockdownSchema,
  situacoesAfastamentoSchema,
} from './api/declaracoes.ts';
import { dataBrParaIso, dataBrValida, dataIsoParaBr, PADRAO_EMAIL } from './campos-pessoais.ts';

const lockdownValido = {
  nome: 'JOSÉ CARLOS DA SILVA',
  cpf: '52998224725',
  rgNumero: '1234567',
  rgOrgaoExp: 'SDS',
  rgUF: 'PE',
  rgEmissao: '10/05/2010',
  endLogradouro: 'Rua da Aurora, 100',
  endBairro: 'Boa Vista',
  endCidade: 'Recife',
  endUF: 'PE',
  email: 'jose.silva@exemplo.com.br',
  telefone: '(81) 98765-4321',
};

/** The messages of one field after parsing. */
function mensagens(
  resultado: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  campo: string,
) {
  return (resultado.error?.issues ?? []).filter((i) => i.path.join('.') === campo).map((i) => i.message);
}

function lockdownCom(campo: string, valor: unknown) {
  return formularioLockdownSchema.safeParse({ ...lockdownValido, [campo]: valor });
}

describe('formulário do lockdown (docs/produto/minha-conta.md §5)', () => {
  it('aceita dados completos e normaliza espaços, UFs e e-mail', () => {
    const r = formularioLockdownSchema.parse({
      ...lockdownValido,
      nome: '  JOSÉ CARLOS DA SILVA  ',
      rgUF: 'pe',
      endUF: ' sp',
      email: ' Jose.Silva@Exemplo.COM ',
    });
    expect(r.nome).toBe('JOSÉ CARLOS DA SILVA');
    expect(r.rgUF).toBe('PE');
    expect(r.endUF).toBe('SP');
    expect(r.email).toBe('jose.silva@exemplo.com');
  });

  it('e-mail e telefone são opcionais', () => {
    expect(formularioLockdownSchema.safeParse({ ...lockdownValido, email: '', telefone: '' }).success).toBe(
      true,
    );
  });

  it.each([
    ['nome', '', 'Informe o nome.'],
    ['nome', '   ', 'Informe o nome.'],
    ['nome', 'A'.repeat(81), 'O nome pode ter no máximo 80 caracteres.'],
    ['rgNumero', '', 'Informe o número do RG.'],
    ['rgNumero', '12.345', 'O número do RG tem apenas dígitos, no máximo 11.'],
    ['rgNumero', '123456789012', 'O número do RG tem apenas dígitos, no máximo 11.'],
    ['rgOrgaoExp', '', 'Informe o órgão emissor do RG.'],
    ['rgOrgaoExp', 'X'.repeat(21), 'O órgão emissor pode ter no máximo 20 caracteres.'],
    ['rgUF', '', 'Informe a UF do RG.'],
    ['rgUF', 'P', 'A UF tem exatamente 2 letras.'],
    ['rgUF', 'PER', 'A UF tem exatamente 2 letras.'],
    ['rgUF', 'XX', 'UF inexistente. Use a sigla, como PE.'],
    ['rgEmissao', '', 'Informe a data de emissão do RG.'],
    ['rgEmissao', '2010-05-10', 'Use o formato dd/mm/aaaa.'],
    ['rgEmissao', '31/02/2010', 'Data inexistente: confira o dia, o mês e o ano.'],
    ['rgEmissao', '01/01/2999', 'A data de emissão não pode estar no futuro.'],
    ['endLogradouro', '', 'Informe o endereço (rua e número).'],
    ['endLogradouro', 'R'.repeat(81), 'O endereço pode ter no máximo 80 caracteres.'],
    ['endBairro', '', 'Informe o bairro.'],
    ['endBairro', 'B'.repeat(41), 'O bairro pode ter no máximo 40 caracteres.'],
    ['endCidade', '', 'Informe a cidade.'],
    ['endCidade', 'C'.repeat(41), 'A cidade pode ter no máximo 40 caracteres.'],
    ['endUF', '', 'Informe a UF do endereço.'],
    ['email', 'jose@', 'E-mail inválido. Exemplo: nome@provedor.com.br'],
    ['email', 'jose@exemplo.comercial', 'E-mail inválido. Exemplo: nome@provedor.com.br'],
    ['email', `${'a'.repeat(50)}@exemplo.com`, 'O e-mail pode ter no máximo 60 caracteres.'],
    ['telefone', '(81) 9876', 'Telefone incompleto. Use o formato (00) 00000-0000.'],
    ['telefone', '81987654321', 'Telefone incompleto. Use o formato (00) 00000-0000.'],
    ['cpf', '52998224724', 'CPF inválido: confira os números digitados.'],
  ])('recusa %s = %j com “%s”', (campo, valor, mensagem) => {
    const r = lockdownCom(campo, valor);
    expect(r.success).toBe(false);
    expect(mensagens(r, campo)).toEqual([mensagem]);
  });

  it('aceita o telefone da máscara (00) 00000-0009 com 8 ou 9 dígitos finais', () => {
    expect(lockdownCom('telefone', '(81) 98765-4321').success).toBe(true);
    expect(lockdownCom('telefone', '(81) 35275-000').success).toBe(true);
  });
});

describe('CPF e PIS com dígitos verificadores', () => {
  it.each([
    ['', 'Informe o CPF.'],
    ['5299822472', 'O CPF deve ter 11 dígitos.'],
    ['529.982.247-25', 'O CPF deve ter 11 dígitos.'],
    ['11111111111', 'CPF inválido: confira os números digitados.'],
    ['52998224735', 'CPF inválido: confira os números digitados.'],
  ])('CPF %j → “%s”', (cpf, mensagem) => {
    const r = formularioAcessoSchema.safeParse({ cpf, dataNascimento: '15/03/1980' });
    expect(mensagens(r, 'cpf')).toEqual([mensagem]);
  });

  it('aceita um CPF válido', () => {
    expect(
      formularioAcessoSchema.safeParse({ cpf: '52998224725', dataNascimento: '15/03/1980' }).success,
    ).toBe(true);
  });

  const mp945 = {
    nome: 'JOSÉ CARLOS DA SILVA',
    cpf: '52998224725',
    dataNascimento: '15/03/1980',
    rgNumero: '1234567',
    rgOrgaoExp: 'SDS',
    rgUF: 'PE',
    rgEmissao: '10/05/2010',
    pis: '12056412545',
  };

  it.each([
    ['', 'Informe o PIS.'],
    ['1205641254', 'O PIS deve ter 11 dígitos.'],
    ['12056412546', 'PIS inválido: confira os números digitados.'],
  ])('PIS %j → “%s”', (pis, mensagem) => {
    expect(mensagens(dadosTpaMp945Schema.safeParse({ ...mp945, pis }), 'pis')).toEqual([mensagem]);
  });

  it('aceita um PIS válido', () => {
    expect(dadosTpaMp945Schema.safeParse(mp945).success).toBe(true);
  });
});

describe('situações e contato do afastamento', () => {
  it('exige ao menos uma situação marcada', () => {
    const r = situacoesAfastamentoSchema.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Marque pelo menos uma situação.');
    expect(situacoesAfastamentoSchema.parse({ gestante: true })).toEqual({
      sintomas: false,
      covid19: false,
      cuidado: false,
      gestante: true,
      doenca: false,
    });
  });

  it('valida cidade, UF em maiúsculas, e-mail e telefone', () => {
    expect(dadosContatoMp945Schema.parse({ cidade: ' Recife ', uf: 'pe', email: '', telefone: '' })).toEqual({
      cidade: 'Recife',
      uf: 'PE',
      email: '',
      telefone: '',
    });
    const r = dadosContatoMp945Schema.safeParse({
      cidade: 'C'.repeat(41),
      uf: 'ZZ',
      email: 'x@y',
      telefone: '1',
    });
    expect(mensagens(r, 'cidade')).toEqual(['A cidade pode ter no máximo 40 caracteres.']);
    expect(mensagens(r, 'uf')).toEqual(['UF inexistente. Use a sigla, como PE.']);
    expect(mensagens(r, 'email')).toEqual(['E-mail inválido. Exemplo: nome@provedor.com.br']);
    expect(mensagens(r, 'telefone')).toEqual(['Telefone incompleto. Use o formato (00) 00000-0000.']);
  });
});

describe('datas dd/mm/aaaa', () => {
  it('reconhece dias que existem', () => {
    expect(dataBrValida('29/02/2024')).toBe(true);
    expect(dataBrValida('29/02/2023')).toBe(false);
    expect(dataBrValida('00/01/2020')).toBe(false);
    expect(dataBrValida('15/13/2020')).toBe(false);
    expect(dataBrValida('15/03/1899')).toBe(false);
    expect(dataBrValida('1/3/1980')).toBe(false);
  });

  it('converte entre dd/mm/aaaa e aaaa-mm-dd', () => {
    expect(dataBrParaIso('15/03/1980')).toBe('1980-03-15');
    expect(dataIsoParaBr('1980-03-15')).toBe('15/03/1980');
  });

  it('o padrão de e-mail só aceita minúsculas', () => {
    expect(PADRAO_EMAIL.test('jose@exemplo.com.br')).toBe(true);
    expect(PADRAO_EMAIL.test('Jose@exemplo.com.br')).toBe(false);
  });
});
