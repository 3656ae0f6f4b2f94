import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAvulso } from '#common/api/avulso.ts';
import { apiMensagensGestao, type NovaMensagem } from '#common/api/mensagens.ts';
import { apiPush } from '#common/api/push.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { dadosDaRecusa } from '../../test/ambiente.ts';
import {
  ambienteComAvisos,
  iniciarReceptorPush,
  novoNavegador,
  type ReceptorPush,
} from '../../test/receptor-push.ts';

/**
 * /api/gestao/mensagens (issue 30, docs/decisions/0270): the role `comunicacao` sends a message to everyone, a
 * category, a union or a list; the worker reads it in the home's queue (GET /api/avulso/mensagens) within its
 * period and closes it; staff see how many it reaches and how many read it; edit and close, audited; `aviso`
 * posts to the recipients' phones only. On SQLite and PostgreSQL (TEST_DB).
 */

let receptor: ReceptorPush;
let amb: AmbienteTeste;
let equipe: ClienteTeste;
/** Two workers of different categories and unions, and a third of a third union. */
let a: { cod: string; cat: number; sind: number; c: ClienteTeste };
let b: { cod: string; cat: number; sind: number; c: ClienteTeste };
let d: { cod: string; cat: number; sind: number; c: ClienteTeste };

beforeAll(async () => {
  receptor = await iniciarReceptorPush();
  amb = await ambienteComAvisos(receptor, 'mailto:comunicacao@portal.invalid');
  equipe = await amb.logado('900003');
  const um = async (f: { cat?: number; semSind?: number[] }) => {
    let q = amb.db
      .selectFrom('avulso')
      .select(['cod_avulso', 'cod_categoria', 'cod_sindicato'])
      .where('cod_categoria', '!=', 9)
      .where('cod_avulso', '>', '100100');
    if (f.cat !== undefined) q = q.where('cod_categoria', '=', f.cat);
    if (f.semSind?.length) q = q.where('cod_sindicato', 'not in', f.semSind);
    const l = await q.orderBy('cod_avulso').executeTakeFirstOrThrow();
    return {
      cod: l.cod_avulso,
      cat: l.cod_categoria,
      sind: l.cod_sindicato,
      c: await amb.logado(l.cod_avulso),
    };
  };
  a = await um({ cat: 1 });
  b = await um({ cat: 2, semSind: [a.sind] });
  d = await um({ semSind: [a.sind, b.sind] });
});
afterAll(async () => {
  await amb?.fechar();
  await receptor?.fechar();
});

const contar = async (tabela: 'mensagem_servico' | 'mensagem_auditoria' | 'mensagem_destinatario') =>
  Number(
    (
      await amb.db
        .selectFrom(tabela)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const populacao = async (coluna?: 'cod_categoria' | 'cod_sindicato', valor?: number) => {
  let q = amb.db.selectFrom('avulso').select((eb) => eb.fn.countAll<string | number>().as('n'));
  if (coluna && valor !== undefined) q = q.where(coluna, '=', valor);
  return Number((await q.executeTakeFirstOrThrow()).n);
};
const titulosNaFila = async (c: ClienteTeste) => {
  const r = await c.chamar(apiAvulso.mensagens);
  expect(r.status).toBe(200);
  return r.corpo.dados.map((m) => m.titulo);
};
const naLista = async (id: number) => {
  const r = await equipe.chamar(apiMensagensGestao.listar, { query: {} });
  expect(r.status).toBe(200);
  const m = r.corpo.dados.mensagens.find((x) => x.id === id);
  if (!m) throw new Error(`mensagem ${id} fora da lista`);
  return m;
};
let seq = 0;
const enviar = async (
  corpo: Omit<NovaMensagem, 'titulo' | 'texto'> & { titulo?: string; texto?: string },
) => {
  const titulo = corpo.titulo ?? `Aviso de teste ${++seq}`;
  const r = await equipe.chamar(apiMensagensGestao.enviar, {
    corpo: { texto: 'Compareça ao OGMO para atualizar o cadastro.', ...corpo, titulo },
  });
  expect(r.status, JSON.stringify(r.corpo)).toBe(200);
  return r.corpo.dados;
};
const daqui = (minutos: number) => new Date(amb.relogio.now().getTime() + minutos * 60_000).toISOString();

describe('papéis', () => {
  const rotas = [
    [apiMensagensGestao.enviar, { corpo: { titulo: 'x', texto: 'y', para: { tipo: 'todos' } } }],
    [apiMensagensGestao.listar, {}],
    [apiMensagensGestao.detalhe, { params: { id: 1 } }],
    [apiMensagensGestao.editar, { params: { id: 1 }, corpo: { titulo: 'x', texto: 'y' } }],
    [apiMensagensGestao.encerrar, { params: { id: 1 } }],
  ] as const;

  it('sem sessão: 401 NaoAutenticado em toda rota', async () => {
    const c = await amb.cliente();
    for (const [rota, entrada] of rotas) {
      const r = await c.chamarBruto(rota, entrada);
      expect(r.status, rota.caminho).toBe(401);
      expect(r.corpo.codigoErro).toBe('NaoAutenticado');
    }
  });

  it('trabalhador, escalador e financeiro: 403 AcessoNegado em toda rota, e nada muda', async () => {
    const antes = await contar('mensagem_servico');
    for (const cod of [a.cod, '900002', '900004']) {
      const c = await amb.logado(cod);
      for (const [rota, entrada] of rotas) {
        const r = await c.chamarBruto(rota, entrada);
        expect(r.status, `${cod} ${rota.metodo} ${rota.caminho}`).toBe(403);
        expect(r.corpo.codigoErro).toBe('AcessoNegado');
        expect(r.corpo.mensagem).toBe(
          'Somente a equipe de comunicação do OGMO envia mensagens aos trabalhadores.',
        );
      }
    }
    expect(await contar('mensagem_servico')).toBe(antes);
  });
});

describe('POST /api/gestao/mensagens', () => {
  it('para todos: cada trabalhador a vê na fila "Atenção!" junto das de serviço; a equipe vê quantos a receberam e leram', async () => {
    const m = await enviar({ titulo: 'Feriado municipal', para: { tipo: 'todos' } });
    expect(m).toMatchObject({
      titulo: 'Feriado municipal',
      para: { tipo: 'todos' },
      paraDescricao: 'Todos os trabalhadores',
      situacao: 'vigente',
      aviso: false,
      autor: { codAvulso: '900003', nome: 'ROBERTO ALVES DE LIMA' },
      lidas: 0,
      destinatarios: await populacao(),
    });
    for (const w of [a, b, d]) expect(await titulosNaFila(w.c)).toContain('Feriado municipal');
    // 100001 keeps the seed's messages, and gets the new one after them.
    const r = await (await amb.logado('100001')).chamar(apiAvulso.mensagens);
    expect(r.corpo.dados.map((x) => x.titulo)).toEqual([
      'Atualização cadastral',
      'Treinamento NR-29',
      'Feriado municipal',
    ]);

    // Closing it in the queue marks it read: it leaves that worker's queue and the count goes up, once.
    for (const vez of [1, 2]) {
      const lida = await a.c.chamar(apiAvulso.marcarMensagemLida, { params: { codigo: m.id } });
      expect(lida.status, `vez ${vez}`).toBe(200);
    }
    expect(await titulosNaFila(a.c)).not.toContain('Feriado municipal');
    expect((await naLista(m.id)).lidas).toBe(1);
    await b.c.chamar(apiAvulso.marcarMensagemLida, { params: { codigo: m.id } });
    expect((await naLista(m.id)).lidas).toBe(2);
  });

  it('para uma categoria: só os dela a recebem; os destinatários são os da categoria', async () => {
    const m = await enviar({ titulo: 'Só conferentes', para: { tipo: 'categoria', codigo: b.cat } });
    expect(m.paraDescricao).toBe('Conferentes');
    expect(m.destinatarios).toBe(await populacao('cod_categoria', b.cat));
    expect(await titulosNaFila(b.c)).toContain('Só conferentes');
    expect(await titulosNaFila(a.c)).not.toContain('Só conferentes');
    // Someone else's message cannot be marked read.
    const r = await a.c.chamar(apiAvulso.marcarMensagemLida, { params: { codigo: m.id } });
    expect(r.status).toBe(404);
    expect((await naLista(m.id)).lidas).toBe(0);
  });

  it('para um sindicato: só os dele a recebem', async () => {
    const m = await enviar({
      titulo: 'Assembleia do sindicato',
      para: { tipo: 'sindicato', codigo: d.sind },
    });
    expect(m.paraDescricao).toMatch(/^Sindicato /);
    expect(m.destinatarios).toBe(await populacao('cod_sindicato', d.sind));
    expect(await titulosNaFila(d.c)).toContain('Assembleia do sindicato');
    expect(await titulosNaFila(a.c)).not.toContain('Assembleia do sindicato');
    expect(await titulosNaFila(b.c)).not.toContain('Assembleia do sindicato');
  });

  it('para uma lista: só os da lista (repetidas contam uma vez); o detalhe traz os nomes', async () => {
    const m = await enviar({
      titulo: 'Exame periódico',
      para: { tipo: 'trabalhadores', codAvulsos: [a.cod, d.cod, a.cod] },
    });
    expect(m.para).toEqual({ tipo: 'trabalhadores', quantidade: 2 });
    expect(m.destinatarios).toBe(2);
    expect(m.paraDescricao).toBe('2 trabalhadores');
    expect(await titulosNaFila(a.c)).toContain('Exame periódico');
    expect(await titulosNaFila(d.c)).toContain('Exame periódico');
    expect(await titulosNaFila(b.c)).not.toContain('Exame periódico');
    const det = await equipe.chamar(apiMensagensGestao.detalhe, { params: { id: m.id } });
    expect(det.status).toBe(200);
    expect(det.corpo.dados.trabalhadores.map((t) => t.codAvulso)).toEqual([a.cod, d.cod].sort());
    expect(det.corpo.dados.trabalhadores.every((t) => t.nome.length > 0)).toBe(true);
    await d.c.chamar(apiAvulso.marcarMensagemLida, { params: { codigo: m.id } });
    expect(await naLista(m.id)).toMatchObject({ destinatarios: 2, lidas: 1 });
  });

  it('período: agendada não aparece antes do início; vigente aparece; depois do fim some', async () => {
    const m = await enviar({
      titulo: 'Troca de turno',
      para: { tipo: 'todos' },
      inicio: daqui(10),
      fim: daqui(20),
    });
    expect(m.situacao).toBe('agendada');
    expect(await titulosNaFila(a.c)).not.toContain('Troca de turno');
    amb.relogio.avancar(10 * 60_000);
    expect(await titulosNaFila(a.c)).toContain('Troca de turno');
    expect((await naLista(m.id)).situacao).toBe('vigente');
    amb.relogio.avancar(10 * 60_000);
    expect(await titulosNaFila(a.c)).not.toContain('Troca de turno');
    expect((await naLista(m.id)).situacao).toBe('expirada');
  });

  it('aceita o instante com fuso e o guarda em UTC', async () => {
    const fim = new Date(amb.relogio.now().getTime() + 86_400_000);
    const local = new Date(fim.getTime() - 3 * 3_600_000).toISOString().replace('Z', '-03:00');
    const m = await enviar({ para: { tipo: 'todos' }, fim: local });
    expect(m.fim).toBe(fim.toISOString());
  });

  const recusas: [string, unknown, RegExp][] = [
    ['sem título', { titulo: '  ', texto: 'x', para: { tipo: 'todos' } }, /Informe o título/],
    ['título longo', { titulo: 'x'.repeat(121), texto: 'x', para: { tipo: 'todos' } }, /no máximo 120/],
    ['texto longo', { titulo: 'x', texto: 'x'.repeat(2001), para: { tipo: 'todos' } }, /no máximo 2000/],
    ['sem para', { titulo: 'x', texto: 'y' }, /.+/],
    ['para desconhecido', { titulo: 'x', texto: 'y', para: { tipo: 'navio' } }, /Destinatários inválidos/],
    [
      'categoria 3',
      { titulo: 'x', texto: 'y', para: { tipo: 'categoria', codigo: 3 } },
      /Categoria inválida/,
    ],
    [
      'sindicato 99',
      { titulo: 'x', texto: 'y', para: { tipo: 'sindicato', codigo: 99 } },
      /Sindicato inválido/,
    ],
    [
      'matrícula mal escrita',
      { titulo: 'x', texto: 'y', para: { tipo: 'trabalhadores', codAvulsos: ['12a'] } },
      /Matrícula inválida/,
    ],
    [
      'lista vazia',
      { titulo: 'x', texto: 'y', para: { tipo: 'trabalhadores', codAvulsos: [] } },
      /ao menos uma/,
    ],
    [
      'lista grande demais',
      {
        titulo: 'x',
        texto: 'y',
        para: { tipo: 'trabalhadores', codAvulsos: Array.from({ length: 5001 }, () => '100001') },
      },
      /No máximo 5000/,
    ],
    [
      'início sem fuso',
      { titulo: 'x', texto: 'y', para: { tipo: 'todos' }, inicio: '2026-12-01T08:00' },
      /Início inválido/,
    ],
    [
      'fim antes do início',
      {
        titulo: 'x',
        texto: 'y',
        para: { tipo: 'todos' },
        inicio: '2030-01-02T00:00:00Z',
        fim: '2030-01-01T00:00:00Z',
      },
      /fim deve ser depois do início/,
    ],
    ['aviso não booleano', { titulo: 'x', texto: 'y', para: { tipo: 'todos' }, aviso: 'sim' }, /aviso/],
  ];
  it.each(recusas)('%s: 400 DadosInvalidos em português, nada gravado', async (_n, corpo, mensagem) => {
    const antes = await contar('mensagem_servico');
    const r = await equipe.chamarBruto(apiMensagensGestao.enviar, { corpo });
    expect(r.status).toBe(400);
    expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    expect(r.corpo.mensagem).toMatch(mensagem);
    expect(await contar('mensagem_servico')).toBe(antes);
  });

  it('regras do servidor: fim já passado, aviso com início futuro, matrícula inexistente: 400, nada gravado', async () => {
    const antes = await Promise.all([contar('mensagem_servico'), contar('mensagem_destinatario')]);
    const casos: [unknown, string, RegExp][] = [
      [{ para: { tipo: 'todos' }, fim: daqui(-1) }, 'fim', /O fim já passou/],
      [{ para: { tipo: 'todos' }, inicio: daqui(60), aviso: true }, 'aviso', /início futuro/],
      [{ para: { tipo: 'trabalhadores', codAvulsos: [a.cod, '999990'] } }, 'para.codAvulsos', /999990/],
    ];
    for (const [extra, campo, mensagem] of casos) {
      const r = await equipe.chamarBruto(apiMensagensGestao.enviar, {
        corpo: { titulo: 'Recusada', texto: 'Não deve chegar.', ...(extra as object) },
      });
      expect(r.status).toBe(400);
      expect(r.corpo.codigoErro).toBe('DadosInvalidos');
      expect(r.corpo.mensagem).toMatch(mensagem);
      expect(dadosDaRecusa<{ campo: string }[]>(r)?.[0]?.campo).toBe(campo);
    }
    expect(await Promise.all([contar('mensagem_servico'), contar('mensagem_destinatario')])).toEqual(antes);
    expect(await titulosNaFila(a.c)).not.toContain('Recusada');
  });

  it('corpo que não é JSON: 400 em português', async () => {
    const r = await equipe.requisitar({
      method: 'POST',
      url: apiMensagensGestao.enviar.caminho,
      payload: '{"titulo":',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.corpo.codigoErro).toBe('DadosInvalidos');
  });
});

describe('aviso no celular', () => {
  it('com aviso: só os celulares dos destinatários recebem o título e o texto; sem aviso, nenhum', async () => {
    const na = novoNavegador(`${receptor.origem}/ok/${a.cod}`);
    const nb = novoNavegador(`${receptor.origem}/ok/${b.cod}`);
    expect((await a.c.chamar(apiPush.assinar, { corpo: na.assinatura })).status).toBe(200);
    expect((await b.c.chamar(apiPush.assinar, { corpo: nb.assinatura })).status).toBe(200);
    const recebidosPor = (n: typeof na, desde: number) => {
      const caminho = new URL(n.assinatura.endpoint).pathname;
      return receptor.recebidos
        .slice(desde)
        .filter((r) => r.caminho === caminho)
        .map((r) => n.decifrar(r.corpo) as Record<string, string>);
    };

    let desde = receptor.recebidos.length;
    const m = await enviar({
      titulo: 'Vacinação no OGMO',
      texto: 'Vacinação contra a gripe na sexta-feira, das 8h às 16h, no ambulatório.',
      para: { tipo: 'categoria', codigo: b.cat },
      aviso: true,
    });
    expect(m.aviso).toBe(true);
    await amb.app.avisosPush.aguardarEnvios();
    expect(recebidosPor(nb, desde)).toEqual([
      {
        titulo: 'Vacinação no OGMO',
        corpo: 'Vacinação contra a gripe na sexta-feira, das 8h às 16h, no ambulatório.',
        url: '/inicio',
        tag: `mensagem-${m.id}`,
      },
    ]);
    expect(recebidosPor(na, desde)).toEqual([]);

    desde = receptor.recebidos.length;
    await enviar({ titulo: 'Sem aviso', para: { tipo: 'todos' } });
    await amb.app.avisosPush.aguardarEnvios();
    expect(receptor.recebidos.length).toBe(desde);

    desde = receptor.recebidos.length;
    await enviar({ titulo: 'Aviso a todos', para: { tipo: 'todos' }, aviso: true });
    await amb.app.avisosPush.aguardarEnvios();
    expect(recebidosPor(na, desde).map((x) => x.titulo)).toEqual(['Aviso a todos']);
    expect(recebidosPor(nb, desde).map((x) => x.titulo)).toEqual(['Aviso a todos']);

    desde = receptor.recebidos.length;
    await enviar({
      titulo: 'Aviso à lista',
      para: { tipo: 'trabalhadores', codAvulsos: [a.cod] },
      aviso: true,
    });
    await amb.app.avisosPush.aguardarEnvios();
    expect(recebidosPor(na, desde).map((x) => x.titulo)).toEqual(['Aviso à lista']);
    expect(recebidosPor(nb, desde)).toEqual([]);
  });
});

describe('editar e encerrar', () => {
  it('editar corrige o texto para quem ainda não leu; o histórico guarda quem, quando, antes e depois', async () => {
    const m = await enviar({ titulo: 'Reunião', texto: 'Reunião na quinta.', para: { tipo: 'todos' } });
    const fim = daqui(120);
    const r = await equipe.chamar(apiMensagensGestao.editar, {
      params: { id: m.id },
      corpo: { titulo: 'Reunião', texto: 'Reunião na sexta.', fim },
    });
    expect(r.status).toBe(200);
    expect(r.corpo.dados).toMatchObject({
      texto: 'Reunião na sexta.',
      fim,
      atualizadaEm: amb.relogio.now().toISOString(),
    });
    const fila = await a.c.chamar(apiAvulso.mensagens);
    expect(fila.corpo.dados.find((x) => x.codigo === m.id)?.corpo).toBe('Reunião na sexta.');

    // The same content again changes nothing and records nothing.
    const auditorias = await contar('mensagem_auditoria');
    await equipe.chamar(apiMensagensGestao.editar, {
      params: { id: m.id },
      corpo: { titulo: 'Reunião', texto: 'Reunião na sexta.', fim },
    });
    expect(await contar('mensagem_auditoria')).toBe(auditorias);

    const det = await equipe.chamar(apiMensagensGestao.detalhe, { params: { id: m.id } });
    expect(det.corpo.dados.historico).toEqual([
      {
        acao: 'criada',
        em: m.criadaEm,
        por: { codAvulso: '900003', nome: 'ROBERTO ALVES DE LIMA' },
        antes: null,
        depois: {
          titulo: 'Reunião',
          texto: 'Reunião na quinta.',
          para: { tipo: 'todos' },
          inicio: null,
          fim: null,
          aviso: false,
        },
      },
      {
        acao: 'editada',
        em: amb.relogio.now().toISOString(),
        por: { codAvulso: '900003', nome: 'ROBERTO ALVES DE LIMA' },
        antes: { texto: 'Reunião na quinta.', fim: null },
        depois: { texto: 'Reunião na sexta.', fim },
      },
    ]);
  });

  it('encerrar tira a mensagem da fila; encerrar ou editar de novo: 409 MensagemEncerrada, nada muda', async () => {
    const m = await enviar({ titulo: 'Campanha do agasalho', para: { tipo: 'todos' } });
    expect(await titulosNaFila(b.c)).toContain('Campanha do agasalho');
    const r = await equipe.chamar(apiMensagensGestao.encerrar, { params: { id: m.id } });
    expect(r.status).toBe(200);
    expect(r.corpo.dados).toMatchObject({
      situacao: 'encerrada',
      encerradaEm: amb.relogio.now().toISOString(),
    });
    expect(await titulosNaFila(b.c)).not.toContain('Campanha do agasalho');
    const auditorias = await contar('mensagem_auditoria');
    const deNovo = await equipe.chamar(apiMensagensGestao.encerrar, { params: { id: m.id } });
    expect(deNovo.status).toBe(409);
    expect(deNovo.corpo.codigoErro).toBe('MensagemEncerrada');
    const editar = await equipe.chamar(apiMensagensGestao.editar, {
      params: { id: m.id },
      corpo: { titulo: 'Outro', texto: 'Outro' },
    });
    expect(editar.status).toBe(409);
    expect(editar.corpo.mensagem).toBe('Esta mensagem já foi encerrada.');
    expect(await contar('mensagem_auditoria')).toBe(auditorias);
    const det = await equipe.chamar(apiMensagensGestao.detalhe, { params: { id: m.id } });
    expect(det.corpo.dados.mensagem.titulo).toBe('Campanha do agasalho');
    expect(det.corpo.dados.historico.map((h) => h.acao)).toEqual(['criada', 'encerrada']);
  });

  it('editar com fim já passado: 400; mensagem inexistente ou do sistema (a semente, a folha): 404', async () => {
    const m = await enviar({ para: { tipo: 'todos' } });
    const passado = await equipe.chamar(apiMensagensGestao.editar, {
      params: { id: m.id },
      corpo: { titulo: 'x', texto: 'y', fim: daqui(-5) },
    });
    expect(passado.status).toBe(400);
    expect(passado.corpo.mensagem).toMatch(/encerre-a/);
    const semente = await amb.db
      .selectFrom('mensagem_servico')
      .select('id')
      .where('autor', 'is', null)
      .executeTakeFirstOrThrow();
    for (const id of [semente.id, 2_000_000_000]) {
      for (const r of [
        await equipe.chamar(apiMensagensGestao.detalhe, { params: { id } }),
        await equipe.chamar(apiMensagensGestao.editar, {
          params: { id },
          corpo: { titulo: 'x', texto: 'y' },
        }),
        await equipe.chamar(apiMensagensGestao.encerrar, { params: { id } }),
      ]) {
        expect(r.status).toBe(404);
        expect(r.corpo.mensagem).toBe('Mensagem não encontrada.');
      }
    }
    for (const id of ['0', 'abc', '99999999999']) {
      const r = await equipe.chamarBruto(apiMensagensGestao.detalhe, { params: { id } });
      expect(r.status).toBe(400);
      expect(r.corpo.codigoErro).toBe('DadosInvalidos');
    }
  });
});

describe('GET /api/gestao/mensagens', () => {
  it('só as da equipe, da mais nova, paginadas', async () => {
    const r = await equipe.chamar(apiMensagensGestao.listar, { query: {} });
    expect(r.status).toBe(200);
    const { mensagens, total, pagina } = r.corpo.dados;
    expect(pagina).toBe(1);
    expect(total).toBe(
      Number(
        (
          await amb.db
            .selectFrom('mensagem_servico')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('autor', 'is not', null)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
    const ids = mensagens.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    expect(mensagens.every((m) => m.autor.codAvulso === '900003')).toBe(true);
    const vazia = await equipe.chamar(apiMensagensGestao.listar, { query: { pagina: 99 } });
    expect(vazia.corpo.dados.mensagens).toEqual([]);
  });
});
