import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEleicoes } from '#common/api/eleicoes.ts';
import { VOTO_BRANCO } from '#common/dominio.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dialetoTeste } from '../../test/ambiente.ts';
import { CHAVE_APURACAO_TESTE, contar, criarEleicaoTeste } from './apoio-teste.ts';
import { abrirCedula, abrirUrna, normalizarChaveApuracao, TAMANHO_SELO } from './urna.ts';

/**
 * The ballot's secrecy tried the way an attacker with read access to the database, its WAL or a backup
 * would (issue 12 item 4; docs/decisions/0063-cedula-selada.md): find the voter's ballot through the
 * shared transaction (PostgreSQL `xmin`), the WAL commit (SQLite) or the insertion order, then try to
 * read the vote from it. The link is found; the vote is not there to read.
 */

let amb: AmbienteTeste;
let equipe: ClienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
  equipe = await amb.logado('900003');
});
afterAll(async () => {
  await amb.fechar();
});

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const A = 100701;
const B = 100702;

async function novaEleicao(): Promise<number> {
  return criarEleicaoTeste(amb.db, amb.relogio.now(), [
    { matricula: A, nome: 'Alice Lima', sexo: 'F' },
    { matricula: B, nome: 'Bento Rocha' },
  ]);
}

function codificacoes(voto: number): Buffer[] {
  const be = Buffer.alloc(4);
  be.writeUInt32BE(voto);
  const le = Buffer.alloc(4);
  le.writeUInt32LE(voto);
  return [be, le, Buffer.from(String(voto)), Buffer.from(String(voto).padStart(6, '0'))];
}

/** What the attacker holds once a ballot is linked to its voter: a random id and bytes of fixed length. */
function nadaLegivel(cedula: Record<string, unknown>, voto: number) {
  expect(Object.keys(cedula).sort()).toEqual(['eleicao_id', 'id', 'selo']);
  expect(String(cedula.id)).toMatch(UUID_V4);
  const selo = Buffer.from(cedula.selo as Uint8Array);
  expect(selo.length).toBe(TAMANHO_SELO);
  for (const forma of codificacoes(voto)) expect(selo.includes(forma)).toBe(false);
  return selo;
}

async function chavePrivada(idEleicao: number) {
  const e = await amb.db
    .selectFrom('eleicao')
    .select(['chave_publica', 'sal_chave'])
    .where('id', '=', idEleicao)
    .executeTakeFirstOrThrow();
  const privada = await abrirUrna(
    { chavePublica: e.chave_publica ?? '', sal: e.sal_chave ?? '' },
    CHAVE_APURACAO_TESTE,
  );
  if (!privada) throw new Error('a chave de teste não abre a urna');
  return privada;
}

async function votar(votos: [string, number][], idEleicao: number) {
  for (const [cod, voto] of votos) {
    const r = await (await amb.logado(cod)).chamar(apiEleicoes.voto, { corpo: { idEleicao, voto } });
    expect(r.status).toBe(200);
  }
}

describe('um atacante com leitura do banco não liga o votante ao voto', () => {
  it('a transação do voto (xmin e ctid; commit no WAL) liga o votante só a um selo que não se lê', async () => {
    if (dialetoTeste() === 'postgres') await atacarPostgres();
    else await atacarWalSqlite();
  });

  async function atacarPostgres() {
    const id = await novaEleicao();
    const votos: [string, number][] = [
      ['100111', A],
      ['100112', A],
      ['100113', B],
      ['100114', VOTO_BRANCO],
    ];
    await votar(votos, id);
    const esperado = new Map(votos);
    const privada = await chavePrivada(id);

    // The issue's own query: each voter's row shares its inserting transaction with exactly one ballot.
    const porXmin = await sql<Record<string, unknown> & { cod_avulso: string }>`
        select v.cod_avulso, c.* from votante v join cedula c on c.xmin = v.xmin
        where v.eleicao_id = ${id} and c.eleicao_id = ${id}`.execute(amb.db);
    expect(porXmin.rows.map((r) => r.cod_avulso).sort()).toEqual([...esperado.keys()].sort());
    // Insertion order: the n-th voter and the n-th ballot in the heap.
    const ordem = async (tabela: 'votante' | 'cedula') =>
      (
        await sql<Record<string, unknown>>`select * from ${sql.table(tabela)} where eleicao_id = ${id}
          order by ctid`.execute(amb.db)
      ).rows;
    const [votantes, cedulas] = [await ordem('votante'), await ordem('cedula')];
    const porCtid = votantes.map((v, i) => ({ cod_avulso: String(v.cod_avulso), ...cedulas[i] }));

    const selos = new Set<string>();
    for (const ligacao of [...porXmin.rows, ...porCtid]) {
      const { cod_avulso, ...cedula } = ligacao;
      const voto = esperado.get(cod_avulso) ?? -1;
      const selo = nadaLegivel(cedula, voto);
      selos.add(selo.toString('hex'));
      // The link is real: the commission's key would open this very seal to this voter's vote.
      expect(abrirCedula(privada, id, selo)).toBe(voto);
    }
    // Two ballots for A are not even equal bytes.
    expect(selos.size).toBe(votos.length);
  }

  async function atacarWalSqlite() {
    const id = await novaEleicao();
    const eleitor = await amb.logado('100121');
    const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(amb.db);
    const arquivo = rows.find((r) => r.name === 'main')?.file ?? '';
    // Everything so far goes to the main file: the WAL then holds only what the vote writes.
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(amb.db);

    const r = await eleitor.chamar(apiEleicoes.voto, { corpo: { idEleicao: id, voto: A } });
    expect(r.status).toBe(200);

    // The attacker's copy: the database file as before the vote, and the same plus its WAL.
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-tpa-sigilo-'));
    try {
      copyFileSync(arquivo, path.join(dir, 'antes.sqlite'));
      copyFileSync(arquivo, path.join(dir, 'depois.sqlite'));
      copyFileSync(`${arquivo}-wal`, path.join(dir, 'depois.sqlite-wal'));
      const wal = readFileSync(path.join(dir, 'depois.sqlite-wal'));
      expect(wal.length).toBeGreaterThan(32);
      const ler = (nome: string, tabela: 'votante' | 'cedula') => {
        const db = new SQLite(path.join(dir, nome), { readonly: true });
        try {
          return db.prepare(`select * from ${tabela} where eleicao_id = ?`).all(id) as Record<
            string,
            unknown
          >[];
        } finally {
          db.close();
        }
      };
      expect(ler('antes.sqlite', 'votante')).toEqual([]);
      expect(ler('antes.sqlite', 'cedula')).toEqual([]);
      expect(ler('depois.sqlite', 'votante')).toEqual([{ eleicao_id: id, cod_avulso: '100121' }]);
      const [cedula, ...outras] = ler('depois.sqlite', 'cedula');
      expect(outras).toEqual([]);
      if (!cedula) throw new Error('a cédula não está no WAL');
      const selo = nadaLegivel(cedula, A);

      // The raw frames: the seal sits in the WAL, the vote in any plain encoding does not.
      expect(wal.includes(selo)).toBe(true);
      expect(wal.includes(codificacoes(A)[0] as Buffer)).toBe(false);
      expect(abrirCedula(await chavePrivada(id), id, selo)).toBe(A);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it('a chave privada e a chave da apuração não ficam no banco, nem depois da apuração', async () => {
    const id = await novaEleicao();
    await votar(
      [
        ['100131', A],
        ['100132', B],
      ],
      id,
    );
    const seed = Buffer.from((await chavePrivada(id)).export({ format: 'jwk' }).d ?? '', 'base64url');
    expect(seed.length).toBe(32);
    const fechar = await equipe.post(`/api/eleicoes/${id}/encerrar`, { chaveApuracao: CHAVE_APURACAO_TESTE });
    expect(fechar.status).toBe(200);

    const segredos = [
      CHAVE_APURACAO_TESTE,
      normalizarChaveApuracao(CHAVE_APURACAO_TESTE),
      seed.toString('hex'),
      seed.toString('base64'),
      seed.toString('base64url'),
    ];
    if (dialetoTeste() === 'sqlite') {
      const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(amb.db);
      const arquivo = rows.find((r) => r.name === 'main')?.file ?? '';
      const bytes = Buffer.concat(
        [arquivo, `${arquivo}-wal`].filter((f) => existsSync(f)).map((f) => readFileSync(f)),
      );
      expect(bytes.length).toBeGreaterThan(100_000);
      expect(bytes.includes(seed)).toBe(false);
      for (const s of segredos) expect(bytes.includes(Buffer.from(s))).toBe(false);
    } else {
      const tabelas = await sql<{ table_name: string }>`
        select table_name from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(amb.db);
      expect(tabelas.rows.map((t) => t.table_name)).toContain('apuracao');
      for (const { table_name } of tabelas.rows) {
        const { rows } = await sql<{ texto: string | null }>`
          select string_agg(t::text, ' ') as texto from ${sql.table(table_name)} t`.execute(amb.db);
        const texto = rows[0]?.texto ?? '';
        for (const s of segredos) expect(texto.includes(s), `${table_name} contém um segredo`).toBe(false);
      }
    }
  });
});

describe('apuração com a chave da comissão', () => {
  it('chave errada ou ausente: nada muda, a eleição segue aberta', async () => {
    const id = await novaEleicao();
    await votar([['100141', A]], id);
    const r = await equipe.post(`/api/eleicoes/${id}/encerrar`, {
      chaveApuracao: 'TEST-ECHA-VEDA-APUR-ACAO-2027',
    });
    expect(r.status).toBe(400);
    expect(r.corpo).toMatchObject({
      codigoErro: 'DadosInvalidos',
      mensagem: 'A chave da apuração não confere com a desta eleição.',
      dados: [{ campo: 'chaveApuracao', mensagem: expect.stringContaining('comissão') }],
    });
    const vazio = await equipe.post(`/api/eleicoes/${id}/encerrar`, {});
    expect(vazio.status).toBe(400);
    expect(vazio.corpo.codigoErro).toBe('DadosInvalidos');
    const e = await amb.db
      .selectFrom('eleicao')
      .select(['situacao', 'eleitores'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(e).toEqual({ situacao: 'aberta', eleitores: null });
    expect(await contar(amb.db, 'cedula', id)).toBe(1);
    expect((await equipe.chamar(apiEleicoes.resultado, { params: { id } })).status).toBe(409);

    // Case, spaces and hyphens of the code do not matter.
    const certa = await equipe.post(`/api/eleicoes/${id}/encerrar`, {
      chaveApuracao: CHAVE_APURACAO_TESTE.toLowerCase().replaceAll('-', ' '),
    });
    expect(certa.status).toBe(200);
    const resultado = await equipe.chamar(apiEleicoes.resultado, { params: { id } });
    expect(resultado.corpo.dados).toMatchObject({ cedulas: 1, votantes: 1, validos: 1 });
    expect(resultado.corpo.dados.candidatos[0]).toMatchObject({ matricula: A, votos: 1 });
  });

  it('envios paralelos com votos diferentes contam um só, e a apuração acha exatamente um', async () => {
    const id = await novaEleicao();
    const c = await amb.logado('100151');
    const respostas = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        c.chamar(apiEleicoes.voto, { corpo: { idEleicao: id, voto: i % 2 ? A : B } }),
      ),
    );
    expect(respostas.filter((r) => r.status === 200)).toHaveLength(1);
    expect(respostas.filter((r) => r.corpo.codigoErro === 'VotoJaRegistrado')).toHaveLength(11);
    const fechar = await equipe.post(`/api/eleicoes/${id}/encerrar`, { chaveApuracao: CHAVE_APURACAO_TESTE });
    expect(fechar.status).toBe(200);
    const d = (await equipe.chamar(apiEleicoes.resultado, { params: { id } })).corpo.dados;
    expect(d).toMatchObject({ cedulas: 1, votantes: 1, validos: 1, brancos: 0, nulos: 0 });
    expect(d.candidatos.map((x) => x.votos).sort()).toEqual([0, 1]);
    const apuracao = await amb.db
      .selectFrom('apuracao')
      .select(['voto', 'votos'])
      .where('eleicao_id', '=', id)
      .execute();
    expect(apuracao).toHaveLength(1);
    expect(apuracao[0]?.votos).toBe(1);
  });
});
