import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, describe, expect, it } from 'vitest';
import { carregarConfig } from '../../config.ts';
import { semearDemo } from '../../demonstracao.ts';
import { abrirBanco } from '../../plataforma/banco/connection.ts';
import { migrar } from '../../plataforma/banco/migrate.ts';
import { gerarDocumento, type TipoDocumento } from './servico.ts';

/**
 * The PDFs' layout did not change when the demo's documents began to come through the importer (issue 25):
 * the text of 32 documents of the four kinds, drawn from a demo seeded at a fixed instant by the code before
 * the importer (commit 592b140, pdf-textos-antes.json), is the text drawn now from the same seed, which writes
 * the payroll's files and imports them.
 */

const INSTANTE = new Date('2026-11-26T15:00:00.000Z');
const dir = mkdtempSync(path.join(tmpdir(), 'pdf-antes-depois-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('PDFs antes e depois do importador', () => {
  it('o texto de cada PDF é o mesmo', async () => {
    const antes = JSON.parse(
      readFileSync(new URL('./pdf-textos-antes.json', import.meta.url), 'utf8'),
    ) as Record<string, string>;
    const config = carregarConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: '' });
    const banco = abrirBanco({ url: undefined, arquivoSqlite: path.join(dir, 'demo.sqlite') });
    try {
      await migrar(banco.db);
      await semearDemo(banco.db, config, INSTANTE);
      expect(Object.keys(antes).length).toBe(32);
      for (const [chave, texto] of Object.entries(antes)) {
        const [tipo, codAvulso, arquivo] = chave.split(':') as [TipoDocumento, string, string];
        const doc = await gerarDocumento(
          banco.db,
          { organizacao: config.organizacao, fuso: config.fusoHorario },
          codAvulso,
          tipo,
          arquivo,
        );
        if (!doc) throw new Error(`${chave}: documento ausente depois do importador`);
        const pdf = await getDocumentProxy(new Uint8Array(doc.pdf));
        expect((await extractText(pdf, { mergePages: true })).text, chave).toBe(texto);
      }
    } finally {
      await banco.fechar();
    }
  }, 120_000);
});
