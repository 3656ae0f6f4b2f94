import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escreverCsv, lerTextoCsv } from './csv.ts';

describe('escreverCsv: nenhum campo vira fórmula na planilha (OWASP CSV injection)', () => {
  it('neutraliza = + - @ TAB e CR no início de qualquer campo', () => {
    const csv = escreverCsv([
      [
        '=HYPERLINK("http://x","clique")',
        "+cmd|' /C calc'!A0",
        '-2+3',
        '@SUM(A1)',
        '\tx',
        '\ry',
        '＝1+1',
        'Contêineres',
      ],
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const [linha] = parse(csv.slice(1), { delimiter: ';' }) as string[][];
    expect(linha).toEqual([
      `'=HYPERLINK("http://x","clique")`,
      `'+cmd|' /C calc'!A0`,
      `'-2+3`,
      `'@SUM(A1)`,
      `'\tx`,
      `'\ry`,
      `'＝1+1`,
      'Contêineres',
    ]);
  });

  it('propriedade: lido de volta, cada campo é o original (com o apóstrofo se começava perigoso), nunca uma fórmula', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 5 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (linhas) => {
          // The fullwidth = + - @ too: Apple Numbers normalises them into formulas (csv-stringify escapes them).
          const inicioPerigoso = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
          const csv = escreverCsv(linhas);
          const lidas = parse(csv.slice(1), { delimiter: ';', relax_column_count: true }) as string[][];
          expect(lidas.length).toBe(linhas.length);
          lidas.forEach((l, i) => {
            l.forEach((campo, j) => {
              const original = linhas[i]?.[j] ?? '';
              const perigoso = inicioPerigoso.test(original);
              expect(campo).toBe(perigoso ? `'${original}` : original);
              expect(inicioPerigoso.test(campo)).toBe(false);
            });
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('lerTextoCsv: UTF-8 ou Windows-1252', () => {
  it('UTF-8 (com ou sem BOM) fica UTF-8', () => {
    expect(lerTextoCsv(Buffer.from('nomeMercadoria\nContêineres', 'utf8'))).toEqual({
      texto: 'nomeMercadoria\nContêineres',
      codificacao: 'utf-8',
    });
    expect(lerTextoCsv(Buffer.from('\uFEFFAçúcar', 'utf8')).texto).toBe('Açúcar');
  });

  it('o que o Excel em português salva (Windows-1252) é lido com os acentos', () => {
    // "Contêineres;Açúcar;“aspas”;€" in Windows-1252.
    const bytes = Uint8Array.from([
      0x43, 0x6f, 0x6e, 0x74, 0xea, 0x69, 0x6e, 0x65, 0x72, 0x65, 0x73, 0x3b, 0x41, 0xe7, 0xfa, 0x63, 0x61,
      0x72, 0x3b, 0x93, 0x61, 0x73, 0x70, 0x61, 0x73, 0x94, 0x3b, 0x80,
    ]);
    expect(lerTextoCsv(bytes)).toEqual({
      texto: 'Contêineres;Açúcar;“aspas”;€',
      codificacao: 'windows-1252',
    });
  });
});
