import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEleicoes } from '#common/api/eleicoes.ts';
import { apiEleicoesGestao, type NovaEleicao } from '#common/api/eleicoes-gestao.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';

/**
 * /api/gestao/eleicoes (issue 30, docs/decisions/0271): the role `eleicao` creates an election with its period and
 * candidates, prints the zero report, runs the key ceremony (the commission's code answered once, stored
 * nowhere); the worker then votes within the period, and the existing closing opens the box with that code.
 * No script, no seed. On SQLite and PostgreSQL (TEST_DB).
 */

let amb: AmbienteTeste;
let equipe: ClienteTeste;
let eleitor: ClienteTeste;
/** Two workers who may be candidates. */
let candidatos: { cod: string; nome: string }[];

beforeAll(async () => {
  amb = await criarAmbiente();
  equipe = await amb.logado('900003');
  eleitor = await amb.logado('100001');
  const linhas = await amb.db
    .selectFrom('avulso')
    .select(['cod_avulso', 'nome'])
    .where('cod_categoria', '!=', 9)
    .where('afastamento_definitivo', '=', 0)
    .where('cod_avulso', '>', '100150')
    .orderBy('cod_avulso')
    .limit(2)
    .execute();
  candidatos = linhas.map((l) => ({ cod: l.cod_avulso, nome: l.nome }));
});
afterAll(async () => {
  await amb?.fechar();
});

const daqui = (horas: number) => new Date(amb.relogio.now().getTime() + horas * 3_600_000).toISOString();
const contarEleicoes = async () =>
  Number(
    (
      await amb.db
        .selectFrom('eleicao')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
let seq = 0;
function nova(extra: Partial<NovaEleicao> = {}): NovaEleicao {
  return {
    descricao: `Eleição da CPATP de teste ${++seq}`,
    inicio: daqui(0),
    fim: daqui(48),
    candidatos: [
      { codAvulso: candidatos[0]?.cod ?? '' },
      { codAvulso: candidatos[1]?.cod ?? '', nome: 'Zé do Porto' },
    ],
    ...extra,
  };
}
async function criar(extra: Partial<NovaEleicao> = {}) {
  const r = await equipe.chamar(apiEleicoesGestao.criar, { corpo: nova(extra) });
  expect(r.status, JSON.stringify(r.corpo)).toBe(200);
  return r.corpo.dados;
}
const pendente = async () => (await eleitor.chamar(apiEleicoes.pendente)).corpo.dados;

describe('papéis', () => {
  const rotas = [
    [apiEleicoesGestao.listar, {}],
    [apiEleicoesGestao.criar, { corpo: { descricao: 'x' } }],
    [apiEleicoesGestao.detalhe, { params: { id: 1 } }],
    [apiEleicoesGestao.cerimonia, { params: { id: 1 } }],
    [apiEleicoesGestao.conferirChave, { params: { id: 1 }, corpo: { chaveApuracao: 'x' } }],
  ] as const;

  it('sem sessão: 401; trabalhador, escalador e financeiro: 403 AcessoNegado; nada muda', async () => {
    const antes = await contarEleicoes();
    const anonimo = await amb.cliente();
    for (const [rota, entrada] of rotas) {
      expect((await anonimo.chamarBruto(rota, entrada)).status, rota.caminho).toBe(401);
    }
    for (const cod of ['100001', '900002', '900004']) {
      const c = await amb.logado(cod);
      for (const [rota, entrada] of rotas) {
        const r = await c.chamarBruto(rota, entrada);
        expect(r.status, `${cod} ${rota.metodo} ${rota.caminho}`).toBe(403);
        expect(r.corpo).toMatchObject({
          codigoErro: 'AcessoNegado',
          mensagem: 'Somente a equipe eleitoral do OGMO prepara as eleições.',
        });
      }
    }
    expect(await contarEleicoes()).toBe(antes);
  });
});

describe('criar, zerésima, cerimônia de chaves, votar, encerrar', () => {
  it('do começo ao fim sem script: a chave sai uma vez, não fica guardada, e é ela que apura', async () => {
    const e = await criar();
    expect(e).toMatchObject({
      situacao: 'aberta',
      urnaPreparada: false,
      cedulas: 0,
      criadaPor: { codAvulso: '900003', nome: 'ROBERTO ALVES DE LIMA' },
      criadaEm: amb.relogio.now().toISOString(),
    });
    expect(e.candidatos.map((c) => c.codAvulso).sort()).toEqual(candidatos.map((c) => c.cod).sort());
    const ze = e.candidatos.find((c) => c.nomeExibicao === 'Zé do Porto');
    expect(ze?.nomeCompleto).toBe(candidatos[1]?.nome);
    // No name given: first and last names of the worker's, as the demo's ballot.
    const outro = e.candidatos.find((c) => c.codAvulso === candidatos[0]?.cod);
    expect(outro?.nomeExibicao.split(' ')).toHaveLength(2);
    expect(e.candidatos.every((c) => c.fotoUrl?.startsWith('/api/fotos/'))).toBe(true);
    expect(e.historico).toEqual([
      { acao: 'criada', em: e.criadaEm, por: { codAvulso: '900003', nome: 'ROBERTO ALVES DE LIMA' } },
    ]);

    // Without its key nobody is offered it nor votes in it.
    expect(await pendente()).toBeNull();
    const cedo = await eleitor.chamar(apiEleicoes.voto, {
      corpo: { idEleicao: e.$id, voto: Number(candidatos[0]?.cod) },
    });
    expect(cedo.corpo.codigoErro).toBe('EleicaoInexistente');

    // The zero report, printed by the same staff member.
    const pdf = await equipe.get(`/api/eleicoes/${e.$id}/zeresima.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const texto = (await extractText(await getDocumentProxy(new Uint8Array(pdf.bruto)), { mergePages: true }))
      .text;
    expect(texto).toContain('Zé do Porto');
    expect(texto).toContain(e.descricao ?? '');

    const r = await equipe.chamar(apiEleicoesGestao.cerimonia, { params: { id: e.$id } });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    const chave = r.corpo.dados.chaveApuracao;
    expect(chave).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){5}$/);
    expect(r.corpo.dados.eleicao.urnaPreparada).toBe(true);
    expect(r.corpo.dados.eleicao.historico.map((h) => h.acao)).toEqual(['criada', 'urna']);

    // The code is in no row of the election nor of its audit.
    const linhas = JSON.stringify([
      await amb.db.selectFrom('eleicao').selectAll().where('id', '=', e.$id).execute(),
      await amb.db.selectFrom('eleicao_auditoria').selectAll().where('eleicao_id', '=', e.$id).execute(),
    ]);
    expect(linhas).not.toContain(chave);
    expect(linhas).not.toContain(chave.replaceAll('-', ''));
    const detalhe = await equipe.chamar(apiEleicoesGestao.detalhe, { params: { id: e.$id } });
    expect(JSON.stringify(detalhe.corpo)).not.toContain(chave);

    // A second ceremony never replaces the key.
    const publica = (
      await amb.db
        .selectFrom('eleicao')
        .select('chave_publica')
        .where('id', '=', e.$id)
        .executeTakeFirstOrThrow()
    ).chave_publica;
    const deNovo = await equipe.chamar(apiEleicoesGestao.cerimonia, { params: { id: e.$id } });
    expect(deNovo.status).toBe(409);
    expect(deNovo.corpo.codigoErro).toBe('UrnaJaPreparada');
    expect(
      (
        await amb.db
          .selectFrom('eleicao')
          .select('chave_publica')
          .where('id', '=', e.$id)
          .executeTakeFirstOrThrow()
      ).chave_publica,
    ).toBe(publica);

    // The commission checks what it wrote down.
    const confere = await equipe.chamar(apiEleicoesGestao.conferirChave, {
      params: { id: e.$id },
      corpo: { chaveApuracao: chave.toLowerCase().replaceAll('-', ' ') },
    });
    expect(confere.status).toBe(200);
    expect(confere.corpo.dados).toEqual({ confere: true });
    const errada = await equipe.chamar(apiEleicoesGestao.conferirChave, {
      params: { id: e.$id },
      corpo: { chaveApuracao: 'AAAA-BBBB-CCCC-DDDD-EEEE-FFFF' },
    });
    expect(errada.status).toBe(400);
    expect(errada.corpo.mensagem).toBe('A chave da apuração não confere com a desta eleição.');

    // The worker is offered it and votes.
    const oferta = await pendente();
    expect(oferta?.eleicao.$id).toBe(e.$id);
    expect(oferta?.candidatos.map((c) => c.nomeExibicao)).toContain('Zé do Porto');
    const voto = await eleitor.chamar(apiEleicoes.voto, {
      corpo: { idEleicao: e.$id, voto: Number(candidatos[1]?.cod) },
    });
    expect(voto.status).toBe(200);
    expect(
      (await equipe.chamar(apiEleicoesGestao.detalhe, { params: { id: e.$id } })).corpo.dados.cedulas,
    ).toBe(1);
    // A ballot in the box: the zero report is refused from now on.
    expect((await equipe.get(`/api/eleicoes/${e.$id}/zeresima.pdf`)).status).toBe(409);

    // Closing, as it always was, opens the box with the ceremony's code.
    const fecha = await equipe.chamar(apiEleicoes.encerrar, {
      params: { id: e.$id },
      corpo: { chaveApuracao: chave },
    });
    expect(fecha.status).toBe(200);
    const resultado = await equipe.chamar(apiEleicoes.resultado, { params: { id: e.$id } });
    expect(resultado.corpo.dados.candidatos.find((c) => c.nomeExibicao === 'Zé do Porto')?.votos).toBe(1);
    const encerrada = await equipe.chamar(apiEleicoesGestao.cerimonia, { params: { id: e.$id } });
    expect(encerrada.corpo.codigoErro).toBe('EleicaoEncerrada');
  });

  it('conferir a chave antes da cerimônia: 400; eleição que não existe: 404 em toda rota', async () => {
    const e = await criar();
    const antes = await equipe.chamar(apiEleicoesGestao.conferirChave, {
      params: { id: e.$id },
      corpo: { chaveApuracao: 'AAAA' },
    });
    expect(antes.status).toBe(400);
    expect(antes.corpo.mensagem).toMatch(/ainda não tem chave/);
    for (const r of [
      await equipe.chamar(apiEleicoesGestao.detalhe, { params: { id: 2_000_000_000 } }),
      await equipe.chamar(apiEleicoesGestao.cerimonia, { params: { id: 2_000_000_000 } }),
      await equipe.chamar(apiEleicoesGestao.conferirChave, {
        params: { id: 2_000_000_000 },
        corpo: { chaveApuracao: 'x' },
      }),
    ]) {
      expect(r.status).toBe(404);
      expect(r.corpo.mensagem).toBe('Eleição não encontrada.');
    }
  });

  it('o período: antes do início e depois do fim a eleição não é oferecida nem recebe voto', async () => {
    const e = await criar({ inicio: daqui(1 / 6), fim: daqui(2 / 6) });
    expect((await equipe.chamar(apiEleicoesGestao.cerimonia, { params: { id: e.$id } })).status).toBe(200);
    const votar = (c: ClienteTeste) =>
      c.chamar(apiEleicoes.voto, { corpo: { idEleicao: e.$id, voto: Number(candidatos[0]?.cod) } });
    const outro = await amb.logado('100002');
    expect((await pendente())?.eleicao.$id).not.toBe(e.$id);
    expect((await votar(eleitor)).corpo.codigoErro).toBe('EleicaoInexistente');
    amb.relogio.avancar(10 * 60_000);
    expect((await pendente())?.eleicao.$id).toBe(e.$id);
    expect((await votar(eleitor)).status).toBe(200);
    amb.relogio.avancar(10 * 60_000);
    expect((await outro.chamar(apiEleicoes.pendente)).corpo.dados?.eleicao.$id).not.toBe(e.$id);
    expect((await votar(outro)).corpo.codigoErro).toBe('EleicaoInexistente');
  });

  it('a lista traz cada eleição com o período, o estado da urna e quantos candidatos', async () => {
    const e = await criar();
    const r = await equipe.chamar(apiEleicoesGestao.listar);
    expect(r.status).toBe(200);
    expect(r.corpo.dados.find((x) => x.$id === e.$id)).toMatchObject({
      candidatos: 2,
      urnaPreparada: false,
      inicio: e.inicio,
      fim: e.fim,
    });
    // The demo's elections are there too, made by the seed.
    expect(r.corpo.dados.filter((x) => x.criadaPor === null).length).toBeGreaterThanOrEqual(2);
  });
});

describe('recusas ao criar', () => {
  const casos: [string, () => unknown, RegExp, string?][] = [
    ['sem descrição', () => nova({ descricao: ' ' }), /Informe a descrição/],
    [
      'fim antes do início',
      () => nova({ inicio: daqui(5), fim: daqui(1) }),
      /fim da votação deve ser depois/,
    ],
    ['fim já passado', () => nova({ inicio: daqui(-5), fim: daqui(-1) }), /já passou/, 'fim'],
    ['sem candidatos', () => nova({ candidatos: [] }), /ao menos um candidato/],
    [
      'candidato repetido',
      () => nova({ candidatos: [{ codAvulso: '100151' }, { codAvulso: '100151' }] }),
      /duas vezes/,
    ],
    ['matrícula mal escrita', () => nova({ candidatos: [{ codAvulso: '1001' }] }), /Matrícula inválida/],
    [
      'matrícula inexistente',
      () => nova({ candidatos: [{ codAvulso: '999990' }] }),
      /999990 não encontrada/,
      'candidatos.0.codAvulso',
    ],
    [
      'equipe do OGMO',
      () => nova({ candidatos: [{ codAvulso: '900002' }] }),
      /não pode ser candidato/,
      'candidatos.0.codAvulso',
    ],
    [
      'nome longo',
      () => nova({ candidatos: [{ codAvulso: '100151', nome: 'x'.repeat(61) }] }),
      /no máximo 60/,
    ],
    ['início sem fuso', () => ({ ...nova(), inicio: '2026-12-01T08:00' }), /Início inválido/],
  ];
  it.each(casos)('%s: 400 DadosInvalidos em português, nada criado', async (_n, corpo, mensagem, campo) => {
    const antes = await contarEleicoes();
    const r = await equipe.chamarBruto(apiEleicoesGestao.criar, { corpo: corpo() });
    expect(r.status).toBe(400);
    expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    expect(r.corpo.mensagem).toMatch(mensagem);
    if (campo) expect(dadosDaRecusa<{ campo: string }[]>(r)?.[0]?.campo).toBe(campo);
    expect(await contarEleicoes()).toBe(antes);
  });
});
