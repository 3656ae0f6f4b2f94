import { describe, expect, it } from 'vitest';
import { novaMensagemSchema } from '#common/api/mensagens.ts';
import {
  campoDoInstante,
  corpoNovaMensagem,
  formularioNovaSchema,
  instanteDoCampo,
  lerMatriculas,
  NOVA_VAZIA,
} from './formulario.ts';

/** The messages form (issue 30): what the staff type becomes the body the server validates with the same rules. */

describe('lerMatriculas', () => {
  it('aceita espaço, vírgula, ponto e vírgula e linhas', () => {
    expect(lerMatriculas(' 100001, 100002;100003\n100004\t\n')).toEqual([
      '100001',
      '100002',
      '100003',
      '100004',
    ]);
    expect(lerMatriculas('  ')).toEqual([]);
  });
});

describe('data e hora do porto', () => {
  it('o campo datetime-local é lido no fuso do porto, e volta igual', () => {
    expect(instanteDoCampo('2026-12-01T08:30', 'America/Recife')).toBe('2026-12-01T11:30:00.000Z');
    expect(instanteDoCampo('2026-12-01T08:30', 'America/Sao_Paulo')).toBe('2026-12-01T11:30:00.000Z');
    expect(instanteDoCampo('2026-12-01T08:30', 'America/Manaus')).toBe('2026-12-01T12:30:00.000Z');
    expect(instanteDoCampo('', 'America/Recife')).toBeNull();
    expect(campoDoInstante('2026-12-01T11:30:00.000Z', 'America/Recife')).toBe('2026-12-01T08:30');
    expect(campoDoInstante(null, 'America/Recife')).toBe('');
  });
});

describe('formularioNovaSchema', () => {
  const valido = { ...NOVA_VAZIA, titulo: 'Aviso', texto: 'Texto do aviso.' };
  const erros = (v: typeof valido) => {
    const r = formularioNovaSchema.safeParse(v);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('título e texto com as mensagens do servidor; a lista só quando é para trabalhadores escolhidos', () => {
    expect(erros(valido)).toEqual([]);
    expect(erros({ ...valido, titulo: ' ' })).toEqual(['titulo: Informe o título.']);
    expect(erros({ ...valido, tipo: 'trabalhadores' })).toEqual([
      'matriculas: Informe ao menos uma matrícula.',
    ]);
    expect(erros({ ...valido, tipo: 'trabalhadores', matriculas: '100001 1234' })).toEqual([
      'matriculas: Matrícula inválida: 1234 (são 6 dígitos).',
    ]);
    expect(erros({ ...valido, inicio: '2026-12-02T08:00', fim: '2026-12-01T08:00' })).toEqual([
      'fim: O fim deve ser depois do início.',
    ]);
  });

  it('o corpo enviado passa no schema do servidor: lista sem repetidas, instantes em UTC', () => {
    const corpo = corpoNovaMensagem(
      {
        ...valido,
        titulo: '  Aviso  ',
        tipo: 'trabalhadores',
        matriculas: '100001 100002 100001',
        fim: '2026-12-01T18:00',
        aviso: true,
      },
      'America/Recife',
    );
    expect(corpo).toEqual({
      titulo: 'Aviso',
      texto: 'Texto do aviso.',
      para: { tipo: 'trabalhadores', codAvulsos: ['100001', '100002'] },
      inicio: null,
      fim: '2026-12-01T21:00:00.000Z',
      aviso: true,
    });
    expect(novaMensagemSchema.safeParse(corpo).success).toBe(true);
    const categoria = corpoNovaMensagem({ ...valido, tipo: 'categoria', categoria: '2' }, 'America/Recife');
    expect(categoria.para).toEqual({ tipo: 'categoria', codigo: 2 });
    expect(novaMensagemSchema.safeParse(categoria).success).toBe(true);
  });
});
