import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SincronizadorWal } from './sincronizador-wal.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'wal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SincronizadorWal', () => {
  it('pedidos que chegam durante um fsync dividem o seguinte; cada um espera um fsync iniciado depois dele', async () => {
    const arquivo = path.join(dir, 'a.sqlite-wal');
    writeFileSync(arquivo, 'x');
    const s = new SincronizadorWal(arquivo);
    try {
      const primeiro = s.sincronizar();
      const seguintes = [s.sincronizar(), s.sincronizar(), s.sincronizar()];
      await primeiro;
      expect(s.feitas).toBe(1);
      await Promise.all(seguintes);
      expect(s.feitas).toBe(2);
      await s.sincronizar();
      expect(s.feitas).toBe(3);
    } finally {
      await s.fechar();
    }
  });

  it('um fsync que falha recusa quem esperava por ele, e o próximo tenta de novo', async () => {
    const arquivo = path.join(dir, 'b.sqlite-wal');
    const s = new SincronizadorWal(arquivo);
    try {
      await expect(s.sincronizar()).rejects.toThrow('fsync do WAL falhou');
      writeFileSync(arquivo, 'x');
      await s.sincronizar();
      expect(s.feitas).toBe(1);
    } finally {
      await s.fechar();
    }
  });
});
