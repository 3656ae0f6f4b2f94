import { describe, expect, it } from 'vitest';
import { escreverCsvFolha } from './csv-folha.ts';
import { lerCsv } from './importacao-leitura.ts';

const ctx = { fuso: 'America/Recife', agora: new Date('2026-11-26T15:00:00Z'), mesCorrente: '2026-11' };

function informe(matricula: string, ano: number, extra: Record<string, string> = {}) {
  return {
    matricula,
    ano_calendario: String(ano),
    ano_exercicio: String(ano + 1),
    rendimentos_tributaveis: '1.000,00',
    contribuicao_previdenciaria: '75,00',
    irrf: '0,00',
    decimo_terceiro: '0,00',
    irrf_13: '0,00',
    fgts_depositado: '80,00',
    emissao: '20/02/2026 10:00',
    ...extra,
  };
}

describe('lerCsv', () => {
  it('os números de linha seguem o arquivo através das pausas, das linhas vazias e das células com quebra', async () => {
    const linhas = Array.from({ length: 5_000 }, (_, i) => informe(String(100_000 + i), 2025));
    let csv = escreverCsvFolha('informe', linhas);
    // A blank line after the header (line 2), and a bad amount on what is then line 4,503.
    csv = csv.replace('\r\n', '\r\n\r\n');
    csv = csv.replace('104500;2025;2026;1.000,00', '104500;2025;2026;1.000,0');
    const lido = await lerCsv(Buffer.from(csv), 'informe', ctx);
    expect(lido.erros.lista).toEqual([
      {
        linha: 4503,
        campo: 'rendimentos_tributaveis',
        mensagem: 'Valor com duas casas decimais, como 1234,56 ou 1.234,56.',
      },
    ]);
    expect(lido.linhas).toBe(5_000);
    expect(lido.documentos.documentos).toHaveLength(4_999);

    const quebra = escreverCsvFolha('informe', [
      informe('100001', 2024),
      informe('100002', 2024),
      informe('100003', 2024, { irrf: 'x' }),
    ]).replace('100002;2024', '"100\r\n002";2024');
    const l2 = await lerCsv(Buffer.from(quebra), 'informe', ctx);
    expect(l2.erros.lista.map((e) => [e.linha, e.campo])).toEqual([
      [4, 'matricula'],
      [5, 'irrf'],
    ]);
  }, 30_000);

  it('Windows-1252 e UTF-8 com BOM; separador vírgula', async () => {
    const csv = escreverCsvFolha('informe', [informe('100001', 2024)]);
    const latin = await lerCsv(
      Buffer.from(csv.replace(/^\uFEFF/, '').replace('matricula', 'matrícula'), 'latin1'),
      'informe',
      ctx,
    );
    expect(latin.codificacao).toBe('windows-1252');
    expect(latin.erros.total).toBe(0);
    const bom = await lerCsv(Buffer.from(csv), 'informe', ctx);
    expect(bom).toMatchObject({ codificacao: 'utf-8', linhas: 1 });
    expect(bom.erros.total).toBe(0);
    const pontos = informe('100001', 2024, {
      rendimentos_tributaveis: '1000.00',
      contribuicao_previdenciaria: '75.00',
      irrf: '0.00',
      decimo_terceiro: '0.00',
      irrf_13: '0.00',
      fgts_depositado: '80.00',
    });
    const virgula = await lerCsv(
      Buffer.from(`${Object.keys(pontos).join(',')}\n${Object.values(pontos).join(',')}\n`),
      'informe',
      ctx,
    );
    expect(virgula.erros.lista).toEqual([]);
  });
});
