import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { VOTO_BRANCO, VOTO_NULO } from '#common/dominio.ts';
import { buscarEleicaoPendente } from '../../../modulos/eleicao/repositorio.ts';
import {
  apurarEleicao,
  encerrarEleicao,
  prepararUrna,
  registrarVoto,
} from '../../../modulos/eleicao/servico.ts';
import { copiarModelo } from '../../../test/bancos.ts';
import { ErroApp } from '../../http/erro-app.ts';
import { abrirBanco, type Banco } from '../connection.ts';
import * as cedulaSelada from './2026-11-23-20-cedula-selada.ts';

/**
 * The upgrade to sealed ballots (docs/decisions/0063-cedula-selada.md) on a database that holds ballots
 * in the clear: they are counted into `apuracao` and lose their vote; an open election has no key until
 * the commission sets one up, and nobody is sent to vote in it meanwhile.
 */

let banco: Banco;
let apagar: () => Promise<void>;
beforeAll(async () => {
  const copia = await copiarModelo(inject('modeloBanco'));
  apagar = copia.apagar;
  banco = abrirBanco({ url: copia.url, arquivoSqlite: copia.arquivo });
});
afterAll(async () => {
  await banco.fechar();
  await apagar();
});

// biome-ignore lint/suspicious/noExplicitAny: the database as it was before this migration has no live types
const antigo = () => banco.db as unknown as Kysely<any>;

describe('migração 2026-11-23-20-cedula-selada', () => {
  it('conta as cédulas em claro, apaga o voto delas e deixa a eleição aberta sem urna até a comissão lacrar', async () => {
    // This migration undone by itself (the later ones stay): the schema the previous version ran on.
    await cedulaSelada.down(antigo());

    // The database as the previous version left it: an open election with three ballots in the clear.
    await antigo().deleteFrom('cedula').execute();
    await antigo().deleteFrom('votante').execute();
    await antigo().updateTable('eleicao').set({ situacao: 'encerrada' }).execute();
    const { id } = await antigo()
      .insertInto('eleicao')
      .values({ descricao: 'Legada', abertura: new Date().toISOString(), situacao: 'aberta' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await antigo()
      .insertInto('candidato')
      .values({ eleicao_id: id, matricula: 100901, nome_exibicao: 'Eva Dias', sexo: 'F', cod_sindicato: 1 })
      .execute();
    const legados: [string, number][] = [
      ['100181', 100901],
      ['100182', 100901],
      ['100183', VOTO_NULO],
    ];
    await antigo()
      .insertInto('votante')
      .values(legados.map(([cod]) => ({ eleicao_id: id, cod_avulso: cod })))
      .execute();
    await antigo()
      .insertInto('cedula')
      .values(
        legados.map(([, voto], i) => ({
          eleicao_id: id,
          id: `00000000-0000-4000-8000-00000000000${i}`,
          voto,
        })),
      )
      .execute();

    await cedulaSelada.up(antigo());

    expect(
      await banco.db
        .selectFrom('apuracao')
        .select(['voto', 'votos'])
        .where('eleicao_id', '=', id)
        .orderBy('voto')
        .execute(),
    ).toEqual([
      { voto: 100901, votos: 2 },
      { voto: VOTO_NULO, votos: 1 },
    ]);
    const cedulas = await sql<Record<string, unknown>>`select * from cedula where eleicao_id = ${id}`.execute(
      banco.db,
    );
    expect(cedulas.rows).toHaveLength(3);
    for (const c of cedulas.rows) expect(c).toEqual({ eleicao_id: id, id: expect.any(String), selo: null });

    // No key yet: nobody is sent to vote, and a vote is refused.
    expect(await buscarEleicaoPendente(banco.db, '100184', new Date().toISOString())).toBeUndefined();
    const recusa = await registrarVoto(banco.db, '100184', id, VOTO_BRANCO).catch((e: unknown) => e);
    expect(recusa).toBeInstanceOf(ErroApp);
    expect((recusa as ErroApp).codigoErro).toBe('EleicaoInexistente');

    // The commission sets up the box: the election is offered, votes are sealed, the tally adds both.
    const urna = await prepararUrna(banco.db, id);
    expect(urna.chaveApuracao).toMatch(/^([A-HJ-NP-Z2-9]{4}-){5}[A-HJ-NP-Z2-9]{4}$/);
    await expect(prepararUrna(banco.db, id)).rejects.toThrow(/já tem chave/);
    expect(await buscarEleicaoPendente(banco.db, '100184', new Date().toISOString())).toEqual({
      id,
      descricao: 'Legada',
    });
    await registrarVoto(banco.db, '100184', id, 100901);
    await registrarVoto(banco.db, '100185', id, VOTO_BRANCO);
    await encerrarEleicao(banco.db, id, new Date(), urna.chaveApuracao);
    const r = await apurarEleicao(banco.db, id, new Date());
    expect(r).toMatchObject({ cedulas: 5, votantes: 5, validos: 3, brancos: 1, nulos: 1 });
    expect(r.candidatos).toMatchObject([{ matricula: 100901, votos: 3 }]);
  });
});
