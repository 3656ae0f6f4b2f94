import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEleicoes } from '#common/api/eleicoes.ts';
import { VOTO_BRANCO, VOTO_NULO } from '#common/dominio.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dialetoTeste } from '../../test/ambiente.ts';
import { contar, criarEleicaoTeste, idEleicaoDemo } from './apoio-teste.ts';

let amb: AmbienteTeste;
let demo: number;
beforeAll(async () => {
  amb = await criarAmbiente();
  demo = await idEleicaoDemo(amb.db, 'aberta');
});
afterAll(async () => {
  await amb.fechar();
});

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('GET /api/eleicoes/pendente', () => {
  it('exige sessão', async () => {
    const c = await amb.cliente();
    const r = await c.chamar(apiEleicoes.pendente);
    expect(r.status).toBe(401);
    expect(r.corpo.codigoErro).toBe('NaoAutenticado');
  });

  it('mostra a 100006 a eleição aberta, candidatos em ordem e branco e nulo no fim', async () => {
    const c = await amb.logado('100006');
    const r = await c.chamar(apiEleicoes.pendente);
    expect(r.status).toBe(200);
    if (!r.corpo.dados) throw new Error('nenhuma eleição pendente');
    const { eleicao, candidatos } = r.corpo.dados;
    expect(eleicao).toEqual({
      $id: demo,
      descricao: 'Eleição da CPATP 2026/2027 — representantes dos trabalhadores',
    });
    expect(candidatos.length).toBeGreaterThanOrEqual(6);
    const reais = candidatos.slice(0, -2);
    const nomes = reais.map((x) => x.nomeExibicao);
    expect(nomes).toEqual([...nomes].sort(new Intl.Collator('pt-BR').compare));
    expect(new Set(reais.map((x) => x.sexo))).toEqual(new Set(['F', 'M']));
    expect(candidatos.slice(-2)).toEqual([
      {
        matricula: VOTO_BRANCO,
        nomeExibicao: 'Voto em Branco',
        sexo: null,
        codSindicato: null,
        fotoUrl: null,
      },
      { matricula: VOTO_NULO, nomeExibicao: 'Voto Nulo', sexo: null, codSindicato: null, fotoUrl: null },
    ]);
    for (const x of reais) {
      expect(x.matricula).toBeLessThan(VOTO_BRANCO);
      expect(x.fotoUrl).toMatch(/^\/api\/fotos\/\d{6}\?exp=\d+&sig=/);
    }
    const fotoUrl = reais[0]?.fotoUrl;
    if (!fotoUrl) throw new Error('candidato sem foto');
    const foto = await c.get(fotoUrl);
    expect(foto.status).toBe(200);
    expect(foto.headers['content-type']).toContain('image/');
  });

  it('não mostra eleição a quem já votou nem à equipe do OGMO', async () => {
    for (const codAvulso of ['100001', '100007', '900001']) {
      const c = await amb.logado(codAvulso);
      const r = await c.chamar(apiEleicoes.pendente);
      expect(r.status).toBe(200);
      expect(r.corpo).toMatchObject({ sucesso: true, dados: null });
    }
  });

  it('ordena os candidatos pela ordem alfabética portuguesa, com acentos', async () => {
    const id = await criarEleicaoTeste(amb.db, amb.relogio.now(), [
      { matricula: 100201, nome: 'Zuleide Lins', sexo: 'F' },
      { matricula: 100202, nome: 'Édson Lima' },
      { matricula: 100203, nome: 'Ângela Costa', sexo: 'F' },
      { matricula: 100204, nome: 'Eduardo Alves' },
      { matricula: 100205, nome: 'Álvaro Souza' },
      { matricula: 100206, nome: 'Ana Melo', sexo: 'F' },
      { matricula: 100207, nome: 'Otávio Barros' },
    ]);
    const c = await amb.logado('100001');
    const r = await c.chamar(apiEleicoes.pendente);
    expect(r.corpo.dados?.eleicao.$id).toBe(id);
    expect(r.corpo.dados?.candidatos.map((x) => x.nomeExibicao)).toEqual([
      'Álvaro Souza',
      'Ana Melo',
      'Ângela Costa',
      'Édson Lima',
      'Eduardo Alves',
      'Otávio Barros',
      'Zuleide Lins',
      'Voto em Branco',
      'Voto Nulo',
    ]);
    await amb.db.updateTable('eleicao').set({ situacao: 'encerrada' }).where('id', '=', id).execute();
  });

  it('não oferece eleição a quem tem afastamento definitivo, nem aceita o seu voto', async () => {
    const id = await criarEleicaoTeste(amb.db, amb.relogio.now(), [
      { matricula: 100301, nome: 'Bruno Lima' },
    ]);
    await amb.db
      .updateTable('avulso')
      .set({ afastamento_definitivo: 1 })
      .where('cod_avulso', '=', '100120')
      .execute();
    const c = await amb.logado('100120');
    expect((await c.chamar(apiEleicoes.pendente)).corpo.dados).toBeNull();
    const r = await c.chamar(apiEleicoes.voto, { corpo: { idEleicao: id, voto: 100301 } });
    expect(r.status).toBe(403);
    expect(r.corpo.codigoErro).toBe('AcessoNegado');
    expect(await contar(amb.db, 'cedula', id)).toBe(0);
    await amb.db.updateTable('eleicao').set({ situacao: 'encerrada' }).where('id', '=', id).execute();
  });
});

describe('POST /api/eleicoes/voto', () => {
  it('registra o voto uma vez; o segundo é VotoJaRegistrado e nada muda', async () => {
    const c = await amb.logado('100006');
    const pendente = (await c.chamar(apiEleicoes.pendente)).corpo.dados;
    const candidato = pendente?.candidatos[0]?.matricula;
    if (candidato === undefined) throw new Error('sem candidato');
    const cedulasAntes = await contar(amb.db, 'cedula', demo);
    const votantesAntes = await contar(amb.db, 'votante', demo);
    expect(cedulasAntes).toBe(votantesAntes);

    const r = await c.chamar(apiEleicoes.voto, { corpo: { idEleicao: demo, voto: candidato } });
    expect(r.status).toBe(200);
    expect(r.corpo).toMatchObject({ sucesso: true, dados: null });
    expect(await contar(amb.db, 'cedula', demo)).toBe(cedulasAntes + 1);
    expect(await contar(amb.db, 'votante', demo)).toBe(votantesAntes + 1);
    expect((await c.chamar(apiEleicoes.pendente)).corpo.dados).toBeNull();

    const de_novo = await c.chamar(apiEleicoes.voto, { corpo: { idEleicao: demo, voto: VOTO_NULO } });
    expect(de_novo.status).toBe(409);
    expect(de_novo.corpo).toMatchObject({
      sucesso: false,
      codigoErro: 'VotoJaRegistrado',
      mensagem: 'Seu voto já foi registrado nesta eleição.',
    });
    expect(await contar(amb.db, 'cedula', demo)).toBe(cedulasAntes + 1);
  });

  it('10 envios simultâneos do mesmo trabalhador contam uma vez só', async () => {
    const id = await criarEleicaoTeste(amb.db, amb.relogio.now(), [
      { matricula: 100401, nome: 'Carlos Pereira' },
      { matricula: 100402, nome: 'Márcia Gomes', sexo: 'F' },
    ]);
    const c = await amb.logado('100002');
    const respostas = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        c.chamar(apiEleicoes.voto, { corpo: { idEleicao: id, voto: i % 2 ? 100401 : 100402 } }),
      ),
    );
    const status = respostas.map((r) => r.status).sort();
    expect(status).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of respostas.filter((x) => x.status === 409))
      expect(r.corpo.codigoErro).toBe('VotoJaRegistrado');
    expect(await contar(amb.db, 'cedula', id)).toBe(1);
    expect(await contar(amb.db, 'votante', id)).toBe(1);

    // Several workers at once still each count once.
    const outros = await Promise.all(['100003', '100004', '100005', '100007'].map((cod) => amb.logado(cod)));
    const lote = await Promise.all(
      outros.flatMap((o) =>
        [0, 1, 2].map(() => o.chamar(apiEleicoes.voto, { corpo: { idEleicao: id, voto: VOTO_BRANCO } })),
      ),
    );
    expect(lote.filter((r) => r.status === 200)).toHaveLength(4);
    expect(lote.filter((r) => r.status === 409)).toHaveLength(8);
    expect(await contar(amb.db, 'cedula', id)).toBe(5);
    expect(await contar(amb.db, 'votante', id)).toBe(5);
  });

  it('recusa quem não é candidato desta eleição, sem gastar o voto', async () => {
    const id = await criarEleicaoTeste(amb.db, amb.relogio.now(), [
      { matricula: 100501, nome: 'Paulo Freitas' },
    ]);
    const outra = (
      await amb.db
        .selectFrom('candidato')
        .select('matricula')
        .where('eleicao_id', '=', demo)
        .executeTakeFirstOrThrow()
    ).matricula;
    const c = await amb.logado('100101');
    for (const voto of [123456, outra, 999997]) {
      const r = await c.chamar(apiEleicoes.voto, { corpo: { idEleicao: id, voto } });
      expect(r.status).toBe(400);
      expect(r.corpo.codigoErro).toBe('DadosInvalidos');
      expect(r.corpo.dados).toEqual([{ campo: 'voto', mensagem: expect.stringContaining('candidato') }]);
    }
    expect(await contar(amb.db, 'votante', id)).toBe(0);
    expect(await contar(amb.db, 'cedula', id)).toBe(0);
    const r = await c.chamar(apiEleicoes.voto, { corpo: { idEleicao: id, voto: 100501 } });
    expect(r.status).toBe(200);
  });

  it('recusa eleição encerrada ou inexistente com EleicaoInexistente', async () => {
    const encerrada = await idEleicaoDemo(amb.db, 'encerrada');
    const c = await amb.logado('100102');
    const antes = await contar(amb.db, 'cedula', encerrada);
    for (const idEleicao of [encerrada, 987654]) {
      const r = await c.chamar(apiEleicoes.voto, { corpo: { idEleicao, voto: VOTO_BRANCO } });
      expect(r.status).toBe(404);
      expect(r.corpo).toMatchObject({
        codigoErro: 'EleicaoInexistente',
        mensagem: 'Não há eleição aberta para votação.',
      });
    }
    expect(await contar(amb.db, 'cedula', encerrada)).toBe(antes);
  });

  it('valida o corpo com mensagens em português', async () => {
    const c = await amb.logado('100103');
    for (const corpo of [
      {},
      { idEleicao: demo },
      { idEleicao: demo, voto: 'x' },
      { idEleicao: -1, voto: 1 },
      { idEleicao: demo, voto: 1.5 },
    ]) {
      const r = await c.post('/api/eleicoes/voto', corpo);
      expect(r.status).toBe(400);
      expect(r.corpo.codigoErro).toBe('DadosInvalidos');
      expect(r.corpo.mensagem).toMatch(/^Dados inválidos/);
    }
  });

  it('a equipe do OGMO não vota', async () => {
    const c = await amb.logado('900001');
    const r = await c.chamar(apiEleicoes.voto, { corpo: { idEleicao: demo, voto: VOTO_BRANCO } });
    expect(r.status).toBe(403);
    expect(r.corpo.codigoErro).toBe('AcessoNegado');
  });
});

describe('sigilo do voto no banco', () => {
  it('a cédula guarda só eleição, chave aleatória e voto lacrado; o votante, só eleição e trabalhador', async () => {
    const cedula = await amb.db
      .selectFrom('cedula')
      .selectAll()
      .where('eleicao_id', '=', demo)
      .limit(1)
      .executeTakeFirstOrThrow();
    expect(Object.keys(cedula).sort()).toEqual(['eleicao_id', 'id', 'selo']);
    expect(cedula.id).toMatch(UUID_V4);
    const votante = await amb.db.selectFrom('votante').selectAll().limit(1).executeTakeFirstOrThrow();
    expect(Object.keys(votante).sort()).toEqual(['cod_avulso', 'eleicao_id']);

    const tabelas = await amb.db.introspection.getTables();
    const colunas = (nome: string) =>
      tabelas
        .find((t) => t.name === nome)
        ?.columns.map((c) => c.name)
        .sort();
    expect(colunas('cedula')).toEqual(['eleicao_id', 'id', 'selo']);
    expect(colunas('votante')).toEqual(['cod_avulso', 'eleicao_id']);
    expect(tabelas.find((t) => t.name === 'cedula')?.columns.some((c) => c.isAutoIncrementing)).toBe(false);
  });

  it('nenhuma coluna da cédula se preenche sozinha (sem rowid no SQLite, sem default no PostgreSQL)', async () => {
    if (dialetoTeste() === 'sqlite') {
      await expect(sql`select rowid from cedula`.execute(amb.db)).rejects.toThrow(/rowid/);
      await expect(sql`select rowid from votante`.execute(amb.db)).rejects.toThrow(/rowid/);
    } else {
      const r = await sql<{ column_name: string; column_default: string | null }>`
        select column_name, column_default from information_schema.columns
        where table_name in ('cedula', 'votante') and table_schema = current_schema()`.execute(amb.db);
      expect(r.rows).toHaveLength(5);
      expect(r.rows.filter((c) => c.column_default !== null)).toEqual([]);
    }
  });
});
