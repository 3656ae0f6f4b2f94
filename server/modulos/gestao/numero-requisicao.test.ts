import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGestao } from '#common/api/gestao.ts';
import { abrirBanco } from '../../plataforma/banco/connection.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dialetoTeste } from '../../test/ambiente.ts';
import { criarRascunho, ESCALADOR, requisicaoExemplo } from './apoio-teste.ts';
import { adicionarRequisicoes } from './requisicoes.ts';

/**
 * Issue 27, "a removed requisition's number is reused" (docs/decisions/0267): a number once given is never
 * given again, after a removal, with requests in parallel and, on PostgreSQL, from two server processes.
 */

let amb: AmbienteTeste;
let staff: ClienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
  staff = await amb.logado(ESCALADOR);
});
afterAll(async () => {
  await amb.fechar();
});

async function adicionar(num: number, dia = '20261202'): Promise<number> {
  const r = await staff.chamar(apiGestao.adicionarRequisicao, {
    params: { num },
    corpo: requisicaoExemplo(dia),
  });
  expect(r.status).toBe(200);
  if (r.status !== 200) throw new Error(JSON.stringify(r.corpo));
  return r.corpo.dados.numRequisicao;
}

async function remover(num: number, req: number): Promise<void> {
  const r = await staff.requisitar({
    method: 'DELETE',
    url: `/api/gestao/escalas/${num}/requisicoes/${req}`,
  });
  expect(r.status).toBe(200);
}

async function numerosDaEscala(num: number): Promise<number[]> {
  const linhas = await amb.db
    .selectFrom('requisicao')
    .select('num_requisicao')
    .where('num_escalacao', '=', num)
    .orderBy('num_requisicao')
    .execute();
  return linhas.map((l) => l.num_requisicao);
}

describe('número de requisição removida', () => {
  it('a requisição mais nova removida não empresta seu número à próxima', async () => {
    const num = await criarRascunho(staff);
    const primeira = await adicionar(num);
    const segunda = await adicionar(num);
    await remover(num, segunda);
    const terceira = await adicionar(num);
    expect(terceira).toBeGreaterThan(segunda);
    expect(await numerosDaEscala(num)).toEqual([primeira, terceira]);
  });

  it('pedidos em paralelo (também de duas escalas) recebem números distintos, nenhum já dado', async () => {
    const a = await criarRascunho(staff);
    const b = await criarRascunho(staff);
    const removida = await adicionar(a);
    await remover(a, removida);
    const numeros = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        adicionar(i % 2 === 0 ? a : b, i % 3 === 0 ? '20261203' : '20261202'),
      ),
    );
    expect(new Set(numeros).size).toBe(8);
    expect(Math.min(...numeros)).toBeGreaterThan(removida);
    expect([...(await numerosDaEscala(a)), ...(await numerosDaEscala(b))].sort((x, y) => x - y)).toEqual(
      [...numeros].sort((x, y) => x - y),
    );
  });

  it('dois servidores no mesmo banco (PostgreSQL; no SQLite, o único escritor) não repetem números', async () => {
    // SQLite is one process's file (docs/decisions/0002): its "other server" is the same connection.
    const outro =
      dialetoTeste() === 'postgres'
        ? abrirBanco({ url: amb.config.databaseUrl, arquivoSqlite: '', maxConexoes: 5 })
        : amb.banco;
    try {
      const num = await criarRascunho(staff);
      const removida = await adicionar(num);
      await remover(num, removida);
      const regras = { fuso: amb.config.fusoHorario, periodo4: amb.config.rodizio.periodo4 };
      const lotes = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          adicionarRequisicoes(i % 2 === 0 ? amb.banco : outro, regras, num, [
            requisicaoExemplo('20261202'),
            requisicaoExemplo('20261203'),
          ]),
        ),
      );
      const numeros = lotes.flat();
      expect(new Set(numeros).size).toBe(12);
      expect(Math.min(...numeros)).toBeGreaterThan(removida);
      expect(await numerosDaEscala(num)).toEqual([...numeros].sort((x, y) => x - y));
    } finally {
      if (outro !== amb.banco) await outro.fechar();
    }
  });
});
