import { describe, expect, it } from 'vitest';
import { novaEleicaoSchema } from '#common/api/eleicoes-gestao.ts';
import { corpoNovaEleicao, ELEICAO_VAZIA, formularioEleicaoSchema } from './formulario.ts';

/** The new election form (issue 30): what the staff type becomes a body the server's schema accepts. */

describe('formulário da nova eleição', () => {
  const valido = {
    descricao: ' Eleição suplementar ',
    inicio: '2026-12-01T08:00',
    fim: '2026-12-03T17:00',
    candidatos: [
      { codAvulso: '100002', nome: '' },
      { codAvulso: '100003', nome: ' Zé do Porto ' },
    ],
  };
  const erros = (v: typeof valido) => {
    const r = formularioEleicaoSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('as mensagens de cada campo, com as regras do servidor para descrição e candidatos', () => {
    expect(erros(valido)).toEqual([]);
    expect(erros({ ...ELEICAO_VAZIA, candidatos: [{ codAvulso: '', nome: '' }] })).toEqual([
      'descricao: Informe a descrição da eleição.',
      'inicio: Informe o início da votação.',
      'fim: Informe o fim da votação.',
      'candidatos.0.codAvulso: Matrícula inválida: são 6 dígitos.',
    ]);
    expect(erros({ ...valido, fim: '2026-11-30T08:00' })).toEqual([
      'fim: O fim da votação deve ser depois do início.',
    ]);
    expect(
      erros({
        ...valido,
        candidatos: [
          { codAvulso: '100002', nome: '' },
          { codAvulso: '100002', nome: '' },
        ],
      }),
    ).toEqual(['candidatos: O mesmo candidato aparece duas vezes.']);
  });

  it('o corpo: o período no fuso do porto, em UTC; sem nome na urna, o campo não vai', () => {
    const corpo = corpoNovaEleicao(valido, 'America/Recife');
    expect(corpo).toEqual({
      descricao: 'Eleição suplementar',
      inicio: '2026-12-01T11:00:00.000Z',
      fim: '2026-12-03T20:00:00.000Z',
      candidatos: [{ codAvulso: '100002' }, { codAvulso: '100003', nome: 'Zé do Porto' }],
    });
    expect(novaEleicaoSchema.safeParse(corpo).success).toBe(true);
  });
});
