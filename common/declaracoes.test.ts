import { describe, expect, it } from 'vitest';
import type { SituacoesAfastamento } from './api/declaracoes.ts';
import {
  SITUACOES_AFASTAMENTO,
  textoDeclaracaoLockdown,
  textoDeclaracaoMp945,
  textoOpcao,
  textoPlano,
} from './declaracoes.ts';
import { formatarPis } from './formato.ts';

const organizacao = {
  nome: 'OGMO Suape',
  nomeCompleto: 'Órgão Gestor de Mão de Obra do Trabalho Portuário Avulso do Porto de Suape',
  cidade: 'Recife',
  porto: 'Porto de Suape',
};

const dadosLockdown = {
  nome: 'JOSÉ CARLOS DA SILVA',
  cpf: '52998224725',
  rgNumero: '1234567',
  rgOrgaoExp: 'SDS',
  rgUF: 'PE',
  rgEmissao: '10/05/2010',
  endLogradouro: 'Rua da Aurora, 100',
  endBairro: 'Boa Vista',
  endCidade: 'Jaboatão dos Guararapes',
  endUF: 'PE',
};

describe('textoDeclaracaoLockdown', () => {
  const avulso = textoDeclaracaoLockdown({
    dadosTPA: dadosLockdown,
    codSindicato: 1,
    organizacao,
    data: '2026-03-05',
  });
  const ogmo = textoDeclaracaoLockdown({
    dadosTPA: dadosLockdown,
    codSindicato: 9,
    organizacao,
    data: '2026-11-21',
  });

  it('identifica o trabalhador com CPF formatado, RG e endereço', () => {
    const texto = textoPlano(avulso);
    expect(texto).toContain('JOSÉ CARLOS DA SILVA');
    expect(texto).toContain('CPF sob o nº 529.982.247-25');
    expect(texto).toContain('RG nº 1234567 SDS/PE, expedido em 10/05/2010');
    expect(texto).toContain('Rua da Aurora, 100, bairro Boa Vista, Jaboatão dos Guararapes/PE');
    expect(texto).toContain('(OGMO Suape) declara');
  });

  it('avulso (sindicato ≠ 9): escalado para carga e descarga', () => {
    const texto = textoPlano(avulso);
    expect(texto).toContain('trabalhador(a) portuário(a) avulso(a)');
    expect(texto).toContain('carga e descarga de mercadorias no Porto de Suape');
    expect(texto).not.toContain('resgate');
  });

  it('equipe do OGMO (sindicato 9): portuário(a) em resgate, escalação e fiscalização', () => {
    const texto = textoPlano(ogmo);
    expect(texto).toContain('é portuário(a) deste Órgão Gestor');
    expect(texto).toContain('resgate, escalação e fiscalização');
    expect(texto).not.toContain('avulso(a)');
    expect(texto).not.toContain('carga e descarga');
  });

  it('data por extenso (d de MMMM de yyyy) com a cidade da organização', () => {
    expect(avulso.localData).toBe('Recife, 5 de março de 2026.');
    expect(ogmo.localData).toBe('Recife, 21 de novembro de 2026.');
    const outra = textoDeclaracaoLockdown({
      dadosTPA: dadosLockdown,
      codSindicato: 1,
      organizacao: { ...organizacao, cidade: 'Ipojuca' },
      data: '2026-01-01',
    });
    expect(outra.localData).toBe('Ipojuca, 1 de janeiro de 2026.');
  });
});

describe('textoDeclaracaoMp945', () => {
  const dadosTPA = {
    nome: 'JOSÉ CARLOS DA SILVA',
    cpf: '52998224725',
    dataNascimento: '15/03/1980',
    rgNumero: '1234567',
    rgOrgaoExp: 'SDS',
    rgUF: 'PE',
    rgEmissao: '10/05/2010',
    pis: '12056412545',
  };
  const nenhuma: SituacoesAfastamento = {
    sintomas: false,
    covid19: false,
    cuidado: false,
    gestante: false,
    doenca: false,
  };
  const montar = (situacoesAfastamento: SituacoesAfastamento) =>
    textoDeclaracaoMp945({
      dadosTPA,
      situacoesAfastamento,
      dadosContato: { cidade: 'Cabo de Santo Agostinho', uf: 'PE' },
      organizacao,
      data: '2026-11-21',
    });

  it('traz nome, nascimento, RG, órgão, UF, emissão, CPF formatado e PIS', () => {
    const texto = textoPlano(montar({ ...nenhuma, sintomas: true }));
    expect(texto).toContain('Eu, JOSÉ CARLOS DA SILVA, nascido(a) em 15/03/1980');
    expect(texto).toContain('RG nº 1234567, expedido pelo(a) SDS/PE em 10/05/2010');
    expect(texto).toContain('CPF sob o nº 529.982.247-25');
    expect(texto).toContain(`PIS sob o nº ${formatarPis('12056412545')}`);
    expect(texto).toContain('Medida Provisória nº 945');
  });

  it('cidade, UF e a data dd/MM/yyyy', () => {
    expect(montar({ ...nenhuma, doenca: true }).localData).toBe('Cabo de Santo Agostinho/PE, 21/11/2026.');
  });

  it.each(SITUACOES_AFASTAMENTO.map((s) => [s.chave, s.texto] as const))(
    'marca com X somente a situação %s',
    (chave, texto) => {
      const t = montar({ ...nenhuma, [chave]: true });
      const opcoes = t.blocos.filter((b) => b.tipo === 'opcao');
      expect(opcoes).toHaveLength(5);
      expect(opcoes.filter((b) => b.marcada).map((b) => b.texto)).toEqual([texto]);
      expect(textoPlano(t)).toContain(`(X) ${texto}`);
    },
  );

  it('marca várias situações e deixa as outras em branco', () => {
    const t = montar({ ...nenhuma, covid19: true, gestante: true });
    const linhas = t.blocos.flatMap((b) => (b.tipo === 'opcao' ? [textoOpcao(b)] : []));
    expect(linhas.filter((l) => l.startsWith('(X)'))).toHaveLength(2);
    expect(linhas.filter((l) => l.startsWith('( )'))).toHaveLength(3);
  });

  it('formata o PIS como 000.00000.00-0', () => {
    expect(formatarPis('12056412545')).toBe('120.56412.54-5');
  });
});
