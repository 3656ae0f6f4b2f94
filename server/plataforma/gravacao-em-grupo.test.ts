import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AmbienteTeste } from '../test/ambiente.ts';
import { criarAmbiente, dialetoTeste } from '../test/ambiente.ts';
import { GravacaoEmGrupo } from './gravacao-em-grupo.ts';

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

async function valor(nome: string) {
  const linha = await amb.db
    .selectFrom('parametro')
    .select('valor')
    .where('nome', '=', nome)
    .executeTakeFirst();
  return linha?.valor;
}

describe('GravacaoEmGrupo', () => {
  it('a falha de uma unidade não desfaz as outras', async () => {
    const gravacao = new GravacaoEmGrupo(amb.banco);
    const inserir = (nome: string) =>
      gravacao.executar((trx) => trx.insertInto('parametro').values({ nome, valor: 'x' }).execute());
    const resultados = await Promise.allSettled([
      inserir('TESTE_GRUPO_A'),
      gravacao.executar(async () => {
        throw new Error('falha de propósito');
      }),
      inserir('TESTE_GRUPO_B'),
    ]);
    expect(resultados.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await valor('TESTE_GRUPO_A')).toBe('x');
    expect(await valor('TESTE_GRUPO_B')).toBe('x');
  });

  it('no SQLite o lote só é respondido depois de um fsync do WAL, e a conexão volta a synchronous=FULL', async () => {
    const gravacao = new GravacaoEmGrupo(amb.banco);
    const inserir = (nome: string) =>
      gravacao.executar((trx) => trx.insertInto('parametro').values({ nome, valor: 'w' }).execute());
    const sincronizador = amb.banco.sincronizadorWal;
    if (dialetoTeste() !== 'sqlite') {
      // PostgreSQL: each unit is its own transaction, durable at its COMMIT.
      expect(sincronizador).toBeUndefined();
      await inserir('TESTE_FSYNC');
      expect(await valor('TESTE_FSYNC')).toBe('w');
      return;
    }
    if (!sincronizador) throw new Error('SQLite sem sincronizador do WAL');
    const antes = sincronizador.feitas;
    let feitasAoResponder = -1;
    await Promise.all(
      ['TESTE_FSYNC_A', 'TESTE_FSYNC_B'].map((n) =>
        inserir(n).then(() => {
          feitasAoResponder = sincronizador.feitas;
        }),
      ),
    );
    expect(feitasAoResponder).toBe(antes + 1);
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(amb.db);
    expect(rows[0]?.synchronous).toBe(2);
  });

  it('uma unidade que viola uma restrição é recusada sozinha; a mesma chave duas vezes grava uma', async () => {
    const gravacao = new GravacaoEmGrupo(amb.banco);
    const inserir = (nome: string) =>
      gravacao.executar((trx) => trx.insertInto('parametro').values({ nome, valor: 'y' }).execute());
    const resultados = await Promise.allSettled([
      inserir('TESTE_GRUPO_C'),
      inserir('TESTE_GRUPO_C'),
      inserir('TESTE_GRUPO_D'),
    ]);
    expect(resultados.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await valor('TESTE_GRUPO_C')).toBe('y');
    expect(await valor('TESTE_GRUPO_D')).toBe('y');
  });

  it('unidades que chegam juntas: todas gravadas; no SQLite, numa transação só (um COMMIT, um fsync)', async () => {
    const gravacao = new GravacaoEmGrupo(amb.banco);
    const inserir = (sufixo: string, depois: () => number) =>
      gravacao.executar(async (trx) => {
        await trx
          .insertInto('parametro')
          .values({ nome: `TESTE_LOTE_${sufixo}`, valor: 'z' })
          .execute();
        return depois();
      });
    const contarNoBanco = async () =>
      (await amb.db.selectFrom('parametro').select('nome').where('nome', 'like', 'TESTE_LOTE_%').execute())
        .length;
    if (dialetoTeste() !== 'sqlite') {
      await Promise.all(['A', 'B', 'C'].map((s) => inserir(s, () => 0)));
      expect(await contarNoBanco()).toBe(3);
      return;
    }
    const lista = await sql<{ file: string }>`pragma database_list`.execute(amb.db);
    const outra = new SQLite(lista.rows[0]?.file ?? '', { readonly: true });
    try {
      const contarFora = () =>
        (
          outra.prepare("select count(*) as n from parametro where nome like 'TESTE_LOTE_%'").get() as {
            n: number;
          }
        ).n;
      const vistosFora = await Promise.all(['A', 'B', 'C'].map((s) => inserir(s, contarFora)));
      // Another connection sees nothing until the single COMMIT: the three shared one transaction.
      expect(vistosFora).toEqual([0, 0, 0]);
      expect(contarFora()).toBe(3);
      expect(await contarNoBanco()).toBe(3);
    } finally {
      outra.close();
    }
  });
});
