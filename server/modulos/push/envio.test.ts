import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEscalacao } from '#common/api/escalacao.ts';
import type { EscalaDetalhe } from '#common/api/gestao.ts';
import { apiGestao } from '#common/api/gestao.ts';
import { apiPush } from '#common/api/push.ts';
import { diaMesAbreviado } from '#common/formato.ts';
import { funcaoPorCodigo } from '#common/funcoes.ts';
import { dataLocal, somarDias } from '#common/tempo.ts';
import { construirApp } from '../../app.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import {
  ambienteComAvisos,
  iniciarReceptorPush,
  type NavegadorPush,
  novoNavegador,
  opcoesPushDoReceptor,
  type ReceptorPush,
} from '../../test/receptor-push.ts';
import {
  criarRascunho,
  ESCALADOR,
  escolhaDe,
  estivadoresPorChamada,
  requisicaoExemplo,
} from '../gestao/apoio-teste.ts';

/**
 * The sending side of Web Push end to end (issue 15, docs/decisions/0162): a push service of the test's own
 * on 127.0.0.1 over HTTPS (a self-signed certificate trusted only by the app's agent) receives what the
 * server posts; each browser decrypts its payload with its own keys (aes128gcm) and reads the Portuguese
 * text. A call opened: every subscription; its result published: each worker who chose, their own outcome.
 * 404/410 remove the subscription. On SQLite and PostgreSQL (TEST_DB).
 */

let receptor: ReceptorPush;
let amb: AmbienteTeste;
let staff: ClienteTeste;
let num: number;
let detalhe: EscalaDetalhe;
/** Three stevedores qualified for 101 who choose the call's one vacancy; `semEscolha` only subscribes. */
let escolhem: { cod: string; c: ClienteTeste; n: NavegadorPush }[];
let semEscolha: { cod: string; n: NavegadorPush };
let sumiu: NavegadorPush;
/** yyyymmdd of the first call's requisition. */
let dataOperacao: string;
let naoExiste: NavegadorPush;

beforeAll(async () => {
  receptor = await iniciarReceptorPush();
  amb = await ambienteComAvisos(receptor, 'mailto:escalacao@portal.invalid');
  staff = await amb.logado(ESCALADOR);
  const linhas = await estivadoresPorChamada(amb, 3);
  expect(linhas).toHaveLength(3);
  escolhem = [];
  for (const { cod } of linhas) {
    const c = await amb.logado(cod);
    const n = novoNavegador(`${receptor.origem}/ok/${cod}`);
    expect((await c.chamar(apiPush.assinar, { corpo: n.assinatura })).status).toBe(200);
    escolhem.push({ cod, c, n });
  }
  const c1 = await amb.logado('100001');
  semEscolha = { cod: '100001', n: novoNavegador(`${receptor.origem}/ok/100001`) };
  sumiu = novoNavegador(`${receptor.origem}/sumiu/100002`);
  naoExiste = novoNavegador(`${receptor.origem}/nao-existe/100003`);
  for (const [c, n] of [
    [c1, semEscolha.n],
    [await amb.logado('100002'), sumiu],
    [await amb.logado('100003'), naoExiste],
  ] as const) {
    expect((await c.chamar(apiPush.assinar, { corpo: n.assinatura })).status).toBe(200);
  }
  await amb.db.deleteFrom('ponteiro_rodizio').where('cod_funcao', '=', 101).execute();
});
afterAll(async () => {
  await amb?.fechar();
  await receptor?.fechar();
});

/** The posts received for an endpoint, decrypted with that browser's keys. */
function recebidosPor(n: NavegadorPush, desde = 0) {
  const caminho = new URL(n.assinatura.endpoint).pathname;
  return receptor.recebidos
    .slice(desde)
    .filter((r) => r.caminho === caminho)
    .map((r) => ({ ...r, mensagem: n.decifrar(r.corpo) as Record<string, string> }));
}

const enderecos = async () =>
  (await amb.db.selectFrom('assinatura_push').select('endpoint').execute()).map((a) => a.endpoint);

describe('chamada aberta', () => {
  it('o pedido da equipe responde sem esperar os envios; cada assinatura recebe "Chamada aberta", cifrado', async () => {
    expect((await staff.chamar(apiGestao.fechar, { params: { num: 4521 } })).status).toBe(200);
    dataOperacao = somarDias(dataLocal(amb.relogio.now(), amb.config.fusoHorario), 4);
    num = await criarRascunho(
      staff,
      [
        requisicaoExemplo(dataOperacao, {
          poroes: [
            {
              numPorao: 'PR01',
              nomeMercadoria: 'Contêineres',
              tonelagem: 9000,
              funcoes: [{ codFuncao: 101, numVagas: 1 }],
            },
          ],
        }),
      ],
      '2026-12-01',
    );
    // The receiver holds its answers: were the staff request waiting on the sends, it would never answer.
    receptor.segurar();
    const inicio = receptor.recebidos.length;
    const a = await staff.chamar(apiGestao.abrir, { params: { num } });
    expect(a.status).toBe(200);
    detalhe = a.corpo.dados;
    await receptor.aguardar(inicio + 6);
    receptor.soltar();
    await amb.app.avisosPush.aguardarEnvios();

    for (const n of [...escolhem.map((e) => e.n), semEscolha.n]) {
      const [r, ...mais] = recebidosPor(n, inicio);
      expect(mais).toHaveLength(0);
      expect(r?.mensagem).toEqual({
        titulo: 'Chamada aberta',
        corpo: `A escala nº ${num} (01/12/2026, 07:00) está aberta. Toque para escolher suas vagas.`,
        url: '/escalacao',
        tag: `escala-${num}`,
      });
      // RFC 8291/8292: encrypted content, VAPID with this server's public key, a lifetime and urgency.
      expect(r?.cabecalhos['content-encoding']).toBe('aes128gcm');
      expect(r?.cabecalhos.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${amb.app.avisosPush.chavePublica}$`),
      );
      expect(r?.cabecalhos.ttl).toBe('3600');
      expect(r?.cabecalhos.urgency).toBe('high');
      // The plain text never travels: the body does not contain it.
      expect(r?.corpo.includes(Buffer.from('Chamada aberta'))).toBe(false);
    }
  });

  it('o JWT VAPID é para a origem do serviço, com o contato configurado, e vale no máximo 24 h', () => {
    const [r] = recebidosPor(semEscolha.n);
    const jwt = String(r?.cabecalhos.authorization).split(' ')[1]?.slice(2, -1) ?? '';
    const corpo = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as {
      aud: string;
      sub: string;
      exp: number;
    };
    expect(corpo.aud).toBe(receptor.origem);
    expect(corpo.sub).toBe('mailto:escalacao@portal.invalid');
    expect(corpo.exp - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);
    expect(corpo.exp - Date.now() / 1000).toBeGreaterThan(3600);
  });

  it('404 e 410 do serviço de avisos removem a assinatura; as outras ficam', async () => {
    expect(recebidosPor(sumiu)).toHaveLength(1);
    expect(recebidosPor(naoExiste)).toHaveLength(1);
    const restantes = await enderecos();
    expect(restantes).not.toContain(sumiu.assinatura.endpoint);
    expect(restantes).not.toContain(naoExiste.assinatura.endpoint);
    for (const e of escolhem) expect(restantes).toContain(e.n.assinatura.endpoint);
    expect(restantes).toContain(semEscolha.n.assinatura.endpoint);
  });
});

describe('resultado publicado', () => {
  it('cada trabalhador que escolheu recebe o próprio resultado; quem não escolheu, nada', async () => {
    const escolha = escolhaDe(detalhe);
    for (const e of escolhem) {
      const r = await e.c.chamar(apiEscalacao.escolher, {
        corpo: { numEscalacao: num, categoria: 1, escolhas: [escolha] },
      });
      expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    }
    amb.relogio.avancar(60_000);
    expect((await staff.chamar(apiGestao.fechar, { params: { num } })).status).toBe(200);
    expect((await staff.chamar(apiGestao.rodizio, { params: { num } })).status).toBe(200);
    const inicio = receptor.recebidos.length;
    const p = await staff.chamar(apiGestao.publicar, { params: { num } });
    expect(p.status).toBe(200);
    await amb.app.avisosPush.aguardarEnvios();

    const engajado = await amb.db
      .selectFrom('escala_engajamento')
      .select('cod_avulso')
      .where('num_escalacao', '=', num)
      .executeTakeFirstOrThrow();
    const trabalho = await amb.db
      .selectFrom('trabalho')
      .selectAll()
      .where('num_escalacao', '=', num)
      .executeTakeFirstOrThrow();
    expect(trabalho.cod_avulso).toBe(engajado.cod_avulso);
    const estivador = funcaoPorCodigo(101)?.nome;
    for (const e of escolhem) {
      const recebidos = recebidosPor(e.n, inicio);
      expect(recebidos).toHaveLength(1);
      const m = recebidos[0]?.mensagem;
      if (e.cod === engajado.cod_avulso) {
        expect(m).toMatchObject({ titulo: 'Você foi escalado!', url: '/inicio', tag: `resultado-${num}` });
        // PR01 is the hold the worker reads as 'Porão 2'; the day as on the job list ('27 nov').
        expect(m?.corpo).toBe(
          `Escala nº ${num}: ${estivador} no ${trabalho.navio}, Porão 2, ${diaMesAbreviado(dataOperacao)}, turno 07-13, ${trabalho.local_atracacao}.`,
        );
      } else {
        expect(m).toEqual({
          titulo: 'Você não foi escalado',
          corpo: `Escala nº ${num}: você não foi escalado. Toque para ver o motivo.`,
          url: '/inicio',
          tag: `resultado-${num}`,
        });
      }
    }
    expect(recebidosPor(semEscolha.n, inicio)).toHaveLength(0);
  });
});

describe('vários servidores', () => {
  it('a chamada aberta por um processo sai uma vez: o outro, no mesmo banco, não envia', async () => {
    const outro = await construirApp({
      config: amb.config,
      banco: amb.banco,
      clock: amb.relogio,
      logger: false,
      push: opcoesPushDoReceptor(receptor),
    });
    try {
      await outro.ready();
      num = await criarRascunho(staff, [
        requisicaoExemplo(somarDias(dataLocal(amb.relogio.now(), amb.config.fusoHorario), 5)),
      ]);
      const inicio = receptor.recebidos.length;
      expect((await staff.chamar(apiGestao.abrir, { params: { num } })).status).toBe(200);
      await Promise.all([amb.app.avisosPush.aguardarEnvios(), outro.avisosPush.aguardarEnvios()]);
      const assinaturas = await enderecos();
      const novos = receptor.recebidos.slice(inicio);
      expect(novos).toHaveLength(assinaturas.length);
      expect(new Set(novos.map((r) => r.caminho)).size).toBe(assinaturas.length);
    } finally {
      await outro.close();
    }
  });

  it('um serviço de avisos que falha (500) não derruba nada: o pedido da equipe já respondeu', async () => {
    const c = await amb.logado('100004');
    const n = novoNavegador(`${receptor.origem}/falha/100004`);
    expect((await c.chamar(apiPush.assinar, { corpo: n.assinatura })).status).toBe(200);
    expect((await staff.chamar(apiGestao.fechar, { params: { num } })).status).toBe(200);
    const outra = await criarRascunho(staff, [
      requisicaoExemplo(somarDias(dataLocal(amb.relogio.now(), amb.config.fusoHorario), 6)),
    ]);
    const inicio = receptor.recebidos.length;
    expect((await staff.chamar(apiGestao.abrir, { params: { num: outra } })).status).toBe(200);
    await amb.app.avisosPush.aguardarEnvios();
    expect(recebidosPor(n, inicio)).toHaveLength(1);
    // A failure that is not 404/410 keeps the subscription (the service may be down for a moment).
    expect(await enderecos()).toContain(n.assinatura.endpoint);
    expect(recebidosPor(semEscolha.n, inicio)).toHaveLength(1);
  });
});

describe('documentos da folha', () => {
  it('uma importação avisa no celular só quem ganhou documento, com o texto e o endereço do documento', async () => {
    const financeiro = await amb.logado('900004');
    const inicio = receptor.recebidos.length;
    const r = await financeiro.post('/api/gestao/financeiro/importar?tipo=informe', {
      linhas: [
        {
          matricula: semEscolha.cod,
          ano_calendario: '2019',
          ano_exercicio: '2020',
          rendimentos_tributaveis: '30.000,00',
          contribuicao_previdenciaria: '2.500,00',
          irrf: '1.200,00',
          decimo_terceiro: '2.400,00',
          irrf_13: '0,00',
          fgts_depositado: '2.600,00',
          emissao: '20/02/2020 10:00',
        },
      ],
    });
    expect(r.status, JSON.stringify(r.corpo)).toBe(200);
    expect(r.corpo.dados).toMatchObject({ criados: 1, avisados: 1 });
    await amb.app.avisosPush.aguardarEnvios();
    const [aviso, ...mais] = recebidosPor(semEscolha.n, inicio);
    expect(mais).toEqual([]);
    expect(aviso?.mensagem).toMatchObject({
      titulo: 'Informe de rendimentos disponível',
      url: '/minha-conta/financeiro/informes-rendimentos',
    });
    for (const e of escolhem) expect(recebidosPor(e.n, inicio)).toEqual([]);
  });
});
