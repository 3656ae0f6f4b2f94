import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPush } from '#common/api/push.ts';
import { apiSessao } from '#common/api/sessao.ts';
import { construirApp } from '../../app.ts';
import type { AmbienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente } from '../../test/ambiente.ts';
import { novoNavegador } from '../../test/receptor-push.ts';
import { ASSINATURAS_POR_AVULSO } from './rotas.ts';

/**
 * /api/push (issue 15, docs/decisions/0162): the VAPID key, subscribing and unsubscribing a phone; never
 * from the totem; the logout removes the session's subscription. On SQLite and PostgreSQL (TEST_DB).
 */

let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente({
    push: { vapid: undefined, contato: 'mailto:teste@portal.invalid', servicos: ['push.teste.invalid'] },
  });
});
afterAll(async () => {
  await amb.fechar();
});

const assinaturas = () => amb.db.selectFrom('assinatura_push').selectAll().orderBy('id').execute();
let seq = 0;
const navegador = () => novoNavegador(`https://a.push.teste.invalid/ok/${++seq}`);

describe('GET /api/push/chave', () => {
  it('responde a chave pública VAPID gerada uma vez e guardada no banco', async () => {
    const c = await amb.logado('100001');
    const r = await c.chamar(apiPush.chave);
    expect(r.status).toBe(200);
    const chave = r.corpo.dados.chavePublica;
    // An uncompressed P-256 point, base64url: 65 bytes starting with 0x04.
    const bytes = Buffer.from(chave, 'base64url');
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(4);
    const segredo = await amb.db
      .selectFrom('segredo')
      .select('valor')
      .where('nome', '=', 'vapid')
      .executeTakeFirstOrThrow();
    expect(segredo.valor.split('.')[0]).toBe(chave);
  });

  it('outro processo no mesmo banco usa o mesmo par de chaves', async () => {
    const outro = await construirApp({
      config: amb.config,
      banco: amb.banco,
      clock: amb.relogio,
      logger: false,
    });
    try {
      await outro.ready();
      expect(outro.avisosPush.chavePublica).toBe(amb.app.avisosPush.chavePublica);
    } finally {
      await outro.close();
    }
  });

  it('com VAPID_PUBLICA e VAPID_PRIVADA, usa as chaves configuradas', async () => {
    const publica = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
    const privada = 'tUxbf-Mfsy1SSD9HKqpu7o3HfZ0JwWWbmCgDcbxZIWA';
    const outro = await construirApp({
      config: { ...amb.config, push: { ...amb.config.push, vapid: { publica, privada } } },
      banco: amb.banco,
      logger: false,
    });
    try {
      await outro.ready();
      expect(outro.avisosPush.chavePublica).toBe(publica);
    } finally {
      await outro.close();
    }
  });

  it('sem sessão: 401 NaoAutenticado', async () => {
    const c = await amb.cliente();
    const r = await c.chamarBruto(apiPush.chave, {});
    expect(r.status).toBe(401);
    expect(r.corpo).toMatchObject({ sucesso: false, codigoErro: 'NaoAutenticado' });
  });
});

describe('POST /api/push/assinatura', () => {
  it('guarda a assinatura do trabalhador e da sessão', async () => {
    const c = await amb.logado('100002');
    const n = navegador();
    const r = await c.chamar(apiPush.assinar, { corpo: { ...n.assinatura, expirationTime: null } });
    expect(r.status).toBe(200);
    expect(r.corpo).toMatchObject({ sucesso: true, dados: null });
    const linha = (await assinaturas()).find((a) => a.endpoint === n.assinatura.endpoint);
    const sessao = await amb.db
      .selectFrom('sessao')
      .select('sessao_id')
      .where('cod_avulso', '=', '100002')
      .where('revogada_em', 'is', null)
      .orderBy('criada_em', 'desc')
      .executeTakeFirstOrThrow();
    expect(linha).toMatchObject({
      cod_avulso: '100002',
      sessao_id: sessao.sessao_id,
      p256dh: n.assinatura.keys.p256dh,
      auth: n.assinatura.keys.auth,
    });
  });

  it('o mesmo aparelho assinado de novo, por outro trabalhador, passa a ser dele (uma linha)', async () => {
    const n = navegador();
    const a = await amb.logado('100003');
    const b = await amb.logado('100004');
    expect((await a.chamar(apiPush.assinar, { corpo: n.assinatura })).status).toBe(200);
    expect((await b.chamar(apiPush.assinar, { corpo: n.assinatura })).status).toBe(200);
    const linhas = (await assinaturas()).filter((x) => x.endpoint === n.assinatura.endpoint);
    expect(linhas.map((l) => l.cod_avulso)).toEqual(['100004']);
  });

  it(`um trabalhador tem no máximo ${ASSINATURAS_POR_AVULSO} aparelhos assinados: o mais antigo sai`, async () => {
    const c = await amb.logado('100007');
    const inicio = amb.relogio.now();
    const navegadores = Array.from({ length: ASSINATURAS_POR_AVULSO + 2 }, navegador);
    for (const n of navegadores) {
      amb.relogio.avancar(1_000);
      expect((await c.chamar(apiPush.assinar, { corpo: n.assinatura })).status).toBe(200);
    }
    const dele = (await assinaturas()).filter((a) => a.cod_avulso === '100007').map((a) => a.endpoint);
    expect(dele.sort()).toEqual(
      navegadores
        .slice(2)
        .map((n) => n.assinatura.endpoint)
        .sort(),
    );
    amb.relogio.definir(inicio);
  });

  it('no totem: 403 em português, nada guardado (chave, assinar, cancelar)', async () => {
    const totem = await amb.logado('100005', { quiosque: true });
    const antes = await assinaturas();
    const n = navegador();
    for (const r of [
      await totem.chamarBruto(apiPush.chave, {}),
      await totem.chamarBruto(apiPush.assinar, { corpo: n.assinatura }),
      await totem.chamarBruto(apiPush.cancelar, { corpo: { endpoint: n.assinatura.endpoint } }),
    ]) {
      expect(r.status).toBe(403);
      expect(r.corpo).toMatchObject({
        sucesso: false,
        codigoErro: 'AcessoNegado',
        mensagem: 'Os avisos no celular não podem ser ativados no totem.',
      });
    }
    expect(await assinaturas()).toEqual(antes);
  });

  it('recusa o que não é uma assinatura (400 em português), sem guardar nada', async () => {
    const c = await amb.logado('100001');
    const antes = await assinaturas();
    const n = navegador();
    const casos: [unknown, string][] = [
      [{}, 'Informe o endereço da assinatura.'],
      [
        { ...n.assinatura, endpoint: 'http://a.push.teste.invalid/x' },
        'O endereço da assinatura precisa ser https.',
      ],
      [{ ...n.assinatura, endpoint: 'nada' }, 'O endereço da assinatura não é uma URL.'],
      [{ endpoint: n.assinatura.endpoint }, 'Informe as chaves da assinatura.'],
      [
        { ...n.assinatura, keys: { ...n.assinatura.keys, p256dh: 'curta' } },
        'A chave p256dh da assinatura tem tamanho errado.',
      ],
      [
        { ...n.assinatura, keys: { ...n.assinatura.keys, auth: '!'.repeat(22) } },
        'O segredo auth da assinatura não é base64url.',
      ],
      [{ ...n.assinatura, endpoint: `https://a.push.teste.invalid/${'x'.repeat(1000)}` }, 'longo demais'],
    ];
    for (const [corpo, mensagem] of casos) {
      const r = await c.chamarBruto(apiPush.assinar, { corpo });
      expect(r.status, JSON.stringify(corpo)).toBe(400);
      expect(r.corpo.codigoErro).toBe('DadosInvalidos');
      expect(r.corpo.mensagem).toContain(mensagem);
    }
    expect(await assinaturas()).toEqual(antes);
  });

  it('um serviço de avisos fora de PUSH_SERVICOS é recusado: o servidor nunca posta nele', async () => {
    const c = await amb.logado('100001');
    const antes = await assinaturas();
    for (const endpoint of [
      'https://127.0.0.1:5432/x',
      'https://push.teste.invalid.exemplo.com/x',
      'https://outro-push.teste.invalid/x',
      // Issue 28: hosts web-push's url.parse reads as 127.0.0.1 or a private address, other ports, userinfo.
      'https://127.0.0.1{.push.teste.invalid/x',
      "https://127.0.0.1'.push.teste.invalid/x",
      'https://127.0.0.1%27.push.teste.invalid/x',
      'https://10.0.0.7`.push.teste.invalid/x',
      'https://169.254.169.254}.push.teste.invalid/x',
      'https://a.push.teste.invalid:22/x',
      'https://u:p@a.push.teste.invalid/x',
    ]) {
      const r = await c.chamarBruto(apiPush.assinar, { corpo: { ...navegador().assinatura, endpoint } });
      expect(r.status, endpoint).toBe(400);
      expect(r.corpo).toMatchObject({
        codigoErro: 'DadosInvalidos',
        mensagem: 'Este navegador usa um serviço de avisos que o portal não aceita.',
      });
    }
    expect(await assinaturas()).toEqual(antes);
  });

  it('sem o XSRF: 403 XsrfInvalido, nada guardado', async () => {
    const c = await amb.logado('100001');
    const antes = await assinaturas();
    const r = await c.chamarBruto(apiPush.assinar, { corpo: navegador().assinatura }, { semXsrf: true });
    expect(r.status).toBe(403);
    expect(r.corpo.codigoErro).toBe('XsrfInvalido');
    expect(await assinaturas()).toEqual(antes);
  });
});

describe('DELETE /api/push/assinatura', () => {
  it('remove só a assinatura do próprio trabalhador', async () => {
    const dono = await amb.logado('100006');
    const outro = await amb.logado('100007');
    const n = navegador();
    await dono.chamar(apiPush.assinar, { corpo: n.assinatura });
    const alheia = await outro.chamar(apiPush.cancelar, { corpo: { endpoint: n.assinatura.endpoint } });
    expect(alheia.status).toBe(200);
    expect((await assinaturas()).some((a) => a.endpoint === n.assinatura.endpoint)).toBe(true);
    const r = await dono.chamar(apiPush.cancelar, { corpo: { endpoint: n.assinatura.endpoint } });
    expect(r.status).toBe(200);
    expect((await assinaturas()).some((a) => a.endpoint === n.assinatura.endpoint)).toBe(false);
    // Again: nothing to remove, same answer.
    expect((await dono.chamar(apiPush.cancelar, { corpo: { endpoint: n.assinatura.endpoint } })).status).toBe(
      200,
    );
  });
});

describe('caracteres de controle no endereço (achado do fuzz, docs/decisions/0064)', () => {
  it('NUL e outros controles: 400 DadosInvalidos ao assinar e ao cancelar, nunca 500, nada alterado', async () => {
    const c = await amb.logado('100006');
    const n = navegador();
    await c.chamar(apiPush.assinar, { corpo: n.assinatura });
    const antes = await assinaturas();
    for (const endpoint of [
      'a\u0000b',
      `${n.assinatura.endpoint}\u0000`,
      'https://a.push.teste.invalid/x\u0001',
    ]) {
      const cancelar = await c.chamarBruto(apiPush.cancelar, { corpo: { endpoint } });
      expect(cancelar.status, JSON.stringify(endpoint)).toBe(400);
      expect(cancelar.corpo).toMatchObject({
        codigoErro: 'DadosInvalidos',
        // The one check of every text (docs/decisions/0221), before the schema's own.
        mensagem: expect.stringMatching(/O campo endpoint tem um caractere de controle/),
      });
      const assinar = await c.chamarBruto(apiPush.assinar, { corpo: { ...n.assinatura, endpoint } });
      expect(assinar.status, JSON.stringify(endpoint)).toBe(400);
      expect(assinar.corpo.codigoErro).toBe('DadosInvalidos');
    }
    expect(await assinaturas()).toEqual(antes);
  });
});

describe('logout', () => {
  it('remove a assinatura desta sessão, não a de outro aparelho do mesmo trabalhador', async () => {
    const celular = await amb.logado('100008');
    const tablet = await amb.logado('100008');
    const n1 = navegador();
    const n2 = navegador();
    await celular.chamar(apiPush.assinar, { corpo: n1.assinatura });
    await tablet.chamar(apiPush.assinar, { corpo: n2.assinatura });
    expect((await celular.chamar(apiSessao.logout)).status).toBe(200);
    const restantes = (await assinaturas()).map((a) => a.endpoint);
    expect(restantes).not.toContain(n1.assinatura.endpoint);
    expect(restantes).toContain(n2.assinatura.endpoint);
  });

  it('a assinatura feita antes de uma renovação do token sai com a sessão', async () => {
    const c = await amb.logado('100001');
    const n = navegador();
    await c.chamar(apiPush.assinar, { corpo: n.assinatura });
    const antigo = c.token;
    // Past half the session's life (12 h, used every 20 min) the token is renewed; the session (and its subscription) is the same.
    const inicio = amb.relogio.now();
    for (let i = 0; i < 25 && c.token === antigo; i++) {
      amb.relogio.avancar(20 * 60_000);
      expect((await c.get('/api/sessao')).status).toBe(200);
    }
    expect(c.token).not.toBe(antigo);
    expect((await c.chamar(apiSessao.logout)).status).toBe(200);
    expect((await assinaturas()).some((a) => a.endpoint === n.assinatura.endpoint)).toBe(false);
    amb.relogio.definir(inicio);
  });
});
