import { afterAll, beforeAll, expect, it } from 'vitest';
import { down, up } from '../../plataforma/banco/migracoes/2026-11-26-43-nome-busca.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';

let amb: AmbienteTeste;

beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

it('a migração 43 preenche nome_busca de todas as linhas que já existiam (sem acentos, minúsculas)', async () => {
  await down(amb.db);
  await up(amb.db);
  const linhas = await amb.db.selectFrom('avulso').select(['cod_avulso', 'nome', 'nome_busca']).execute();
  expect(linhas.length).toBeGreaterThan(100);
  expect(linhas.find((l) => l.cod_avulso === '100001')?.nome_busca).toBe('jose carlos da silva');
  for (const l of linhas) {
    expect(l.nome_busca, l.cod_avulso).toBe(
      l.nome.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim().replace(/\s+/g, ' '),
    );
  }
  expect(linhas.filter((l) => /[^\x20-\x7e]/.test(l.nome_busca))).toEqual([]);
});
