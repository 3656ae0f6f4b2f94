import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCadastro } from '#common/api/cadastro.ts';
import { apiPasskeys } from '#common/api/passkeys.ts';
import { apiSessao } from '#common/api/sessao.ts';
import type { AmbienteTeste, ClienteTeste } from '../../test/ambiente.ts';
import { criarAmbiente, dadosDaRecusa } from '../../test/ambiente.ts';
import { AutenticadorSoftware } from '../../test/autenticador-webauthn.ts';
import { esquecerAcessos } from './index.ts';

/**
 * Passkeys (issue 28; docs/decisions/0229) with a software authenticator whose signatures the server's
 * @simplewebauthn/server checks for real: register in Minha conta, log in without the password (and past a
 * password lock), revoke, staff list and revoke, and every passkey forgotten with the password.
 */
let amb: AmbienteTeste;
beforeAll(async () => {
  amb = await criarAmbiente();
});
afterAll(async () => {
  await amb.fechar();
});

async function cadastrar(c: ClienteTeste, autenticador: AutenticadorSoftware) {
  const opcoes = await c.chamar(apiPasskeys.opcoesRegistro);
  expect(opcoes.status).toBe(200);
  return c.chamar(apiPasskeys.registrar, { corpo: { resposta: autenticador.criar(opcoes.corpo.dados) } });
}

async function entrarComPasskey(autenticador: AutenticadorSoftware, qual?: number) {
  const c = await amb.cliente();
  const opcoes = await c.chamar(apiPasskeys.opcoesLogin);
  expect(opcoes.status).toBe(200);
  const resposta = autenticador.obter(opcoes.corpo.dados, qual);
  return { c, resposta, r: await c.chamar(apiPasskeys.login, { corpo: { resposta } }) };
}

describe('passkeys', () => {
  it('cadastra em Minha conta, entra sem senha, e a mesma resposta não entra duas vezes', async () => {
    const autenticador = new AutenticadorSoftware(amb.config.urlPublica);
    const c = await amb.logado('100001');
    const cadastro = await cadastrar(c, autenticador);
    expect(cadastro.status).toBe(200);
    expect(cadastro.corpo.dados).toMatchObject({ nome: expect.any(String), usadaEm: null });
    const lista = await c.chamar(apiPasskeys.lista);
    expect(lista.corpo.dados.map((p) => p.id)).toEqual([cadastro.corpo.dados.id]);

    const { c: outro, resposta, r } = await entrarComPasskey(autenticador);
    expect(r.status).toBe(200);
    expect(r.corpo.dados.codAvulso).toBe('100001');
    expect(typeof r.corpo.token).toBe('string');
    expect((await outro.chamar(apiSessao.sessao)).status).toBe(200);
    // A passkey session is never a kiosk one, and it leaves no device cookie.
    const sessao = await amb.db
      .selectFrom('sessao')
      .select('quiosque')
      .where('cod_avulso', '=', '100001')
      .orderBy('criada_em', 'desc')
      .executeTakeFirstOrThrow();
    expect(sessao.quiosque).toBe(0);
    expect((await c.chamar(apiPasskeys.lista)).corpo.dados[0]?.usadaEm).not.toBeNull();

    // The same signed answer again: the challenge is spent.
    const replay = await (await amb.cliente()).chamar(apiPasskeys.login, { corpo: { resposta } });
    expect(replay.status).toBe(401);
    expect(replay.corpo.codigoErro).toBe('CredenciaisInvalidas');
  });

  it('o bloqueio de senha não alcança a passkey', async () => {
    const inicio = amb.relogio.now();
    const autenticador = new AutenticadorSoftware(amb.config.urlPublica);
    expect((await cadastrar(await amb.logado('100002'), autenticador)).status).toBe(200);
    const estranho = await amb.cliente();
    let ultima = await estranho.entrar('100002', '999999');
    for (let i = 0; i < 16 && ultima.corpo.codigoErro !== 'ContaBloqueada'; i++) {
      if (ultima.status === 429) {
        amb.relogio.avancar(
          (dadosDaRecusa<{ aguardarSegundos?: number }>(ultima)?.aguardarSegundos ?? 0) * 1000 + 1000,
        );
      }
      ultima = await estranho.entrar('100002', '999999');
    }
    expect(ultima.corpo.codigoErro).toBe('ContaBloqueada');
    expect((await (await amb.cliente()).entrar('100002')).corpo.codigoErro).toBe('ContaBloqueada');
    expect((await entrarComPasskey(autenticador)).r.status).toBe(200);
    amb.relogio.definir(inicio);
  });

  it('recusa desafio vencido, outra origem, sem verificação do usuário, e passkey de outro', async () => {
    const autenticador = new AutenticadorSoftware(amb.config.urlPublica);
    const c = await amb.logado('100003');
    expect((await cadastrar(c, autenticador)).status).toBe(200);

    const anonimo = await amb.cliente();
    const opcoes = (await anonimo.chamar(apiPasskeys.opcoesLogin)).corpo.dados;
    amb.relogio.avancar(5 * 60_000 + 1000);
    const vencida = await anonimo.chamar(apiPasskeys.login, {
      corpo: { resposta: autenticador.obter(opcoes) },
    });
    expect(vencida.status).toBe(401);
    expect(vencida.corpo.mensagem).toMatch(/expirou/);

    const fresca = (await anonimo.chamar(apiPasskeys.opcoesLogin)).corpo.dados;
    const phishing = autenticador.obter(fresca, undefined, { origem: 'https://portal-tpa.example' });
    expect((await anonimo.chamar(apiPasskeys.login, { corpo: { resposta: phishing } })).status).toBe(401);
    const outroRp = autenticador.obter(
      (await anonimo.chamar(apiPasskeys.opcoesLogin)).corpo.dados,
      undefined,
      { rpID: 'portal-tpa.example' },
    );
    expect((await anonimo.chamar(apiPasskeys.login, { corpo: { resposta: outroRp } })).status).toBe(401);

    autenticador.verificaUsuario = false;
    const semUv = autenticador.obter((await anonimo.chamar(apiPasskeys.opcoesLogin)).corpo.dados);
    expect((await anonimo.chamar(apiPasskeys.login, { corpo: { resposta: semUv } })).status).toBe(401);
    const opcoesCadastro = await c.chamar(apiPasskeys.opcoesRegistro);
    const cadastroSemUv = await c.chamar(apiPasskeys.registrar, {
      corpo: { resposta: autenticador.criar(opcoesCadastro.corpo.dados) },
    });
    expect(cadastroSemUv.status).toBe(401);
    autenticador.verificaUsuario = true;

    // A registration challenge issued to another worker does not register here.
    const deOutro = await (await amb.logado('100004')).chamar(apiPasskeys.opcoesRegistro);
    const alheio = await c.chamar(apiPasskeys.registrar, {
      corpo: { resposta: autenticador.criar(deOutro.corpo.dados) },
    });
    expect(alheio.status).toBe(401);
    expect((await c.chamar(apiPasskeys.lista)).corpo.dados.length).toBe(1);
  });

  it('cadastrar pede um login recente: um token antigo (ou roubado) não vira uma passkey', async () => {
    const inicio = amb.relogio.now();
    const c = await amb.logado('100004');
    // Used every 8 minutes: the session stays alive, it is just no longer a fresh login.
    const passar = async (cliente: ClienteTeste) => {
      for (let i = 0; i < 4; i++) {
        amb.relogio.avancar(8 * 60_000);
        expect((await cliente.chamar(apiSessao.sessao)).status).toBe(200);
      }
    };
    await passar(c);
    const velha = await c.chamar(apiPasskeys.opcoesRegistro);
    expect(velha.status).toBe(403);
    expect(velha.corpo.mensagem).toMatch(/entre de novo/);
    // The options were taken in time, the answer came late: refused too.
    amb.relogio.definir(inicio);
    const nova = await amb.logado('100004');
    const opcoes = await nova.chamar(apiPasskeys.opcoesRegistro);
    await passar(nova);
    const autenticador = new AutenticadorSoftware(amb.config.urlPublica);
    const tarde = await nova.chamar(apiPasskeys.registrar, {
      corpo: { resposta: autenticador.criar(opcoes.corpo.dados) },
    });
    expect(tarde.status).toBe(403);
    expect(
      await amb.db.selectFrom('passkey').select('id').where('cod_avulso', '=', '100004').execute(),
    ).toEqual([]);
    amb.relogio.definir(inicio);
  });

  it('no totem não se cadastra passkey', async () => {
    const totem = await amb.logado('100005', { quiosque: true });
    const r = await totem.chamar(apiPasskeys.opcoesRegistro);
    expect(r.status).toBe(403);
    expect(r.corpo.mensagem).toMatch(/totem/);
  });

  it('o trabalhador revoga a sua; a equipe do cadastro lista e revoga, e fica quem revogou', async () => {
    const autenticador = new AutenticadorSoftware(amb.config.urlPublica);
    const c = await amb.logado('100006');
    const primeira = (await cadastrar(c, autenticador)).corpo.dados;
    const segunda = (await cadastrar(c, autenticador)).corpo.dados;
    expect(primeira.id).not.toBe(segunda.id);

    expect((await c.chamar(apiPasskeys.revogar, { params: { id: primeira.id } })).status).toBe(200);
    expect((await c.chamar(apiPasskeys.revogar, { params: { id: primeira.id } })).status).toBe(404);
    expect((await entrarComPasskey(autenticador, 0)).r.status).toBe(401);
    expect((await entrarComPasskey(autenticador, 1)).r.status).toBe(200);
    // Another worker cannot revoke it.
    const outro = await amb.logado('100007');
    expect((await outro.chamar(apiPasskeys.revogar, { params: { id: segunda.id } })).status).toBe(404);

    const escalador = await amb.logado('900002');
    const negado = await escalador.chamar(apiPasskeys.listaEquipe, { params: { cod: '100006' } });
    expect(negado.status).toBe(403);
    expect(negado.corpo.codigoErro).toBe('AcessoNegado');
    expect(
      (await outro.chamar(apiPasskeys.revogarEquipe, { params: { cod: '100006', id: segunda.id } })).status,
    ).toBe(403);

    const cadastro = await amb.logado('900003');
    const revogada = await cadastro.chamar(apiPasskeys.revogarEquipe, {
      params: { cod: '100006', id: segunda.id },
    });
    expect(revogada.status).toBe(200);
    const lista = await cadastro.chamar(apiPasskeys.listaEquipe, { params: { cod: '100006' } });
    expect(lista.corpo.dados).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: primeira.id, revogadaPor: '100006', motivoRevogacao: 'trabalhador' }),
        expect.objectContaining({ id: segunda.id, revogadaPor: '900003', motivoRevogacao: 'equipe' }),
      ]),
    );
    expect((await entrarComPasskey(autenticador, 1)).r.status).toBe(401);
    expect((await c.chamar(apiPasskeys.lista)).corpo.dados).toEqual([]);
    // Staff's revocation is in the worker's history: who, when, before and after (the worker's own is not staff's).
    const historico = await cadastro.chamar(apiCadastro.historico, { params: { cod: '100006' } });
    const linhas = historico.corpo.dados.filter((l) => l.acao === 'acesso.passkey-revogada');
    expect(linhas).toEqual([
      expect.objectContaining({
        por: '900003',
        em: amb.relogio.now().toISOString(),
        descricao: 'Passkey revogada pela equipe',
        antes: { passkey: segunda.nome, criadaEm: segunda.criadaEm, situacao: 'ativa' },
        depois: { passkey: segunda.nome, criadaEm: segunda.criadaEm, situacao: 'revogada' },
      }),
    ]);
    // Revoking it again: 404, and no second line.
    const denovo = await cadastro.chamar(apiPasskeys.revogarEquipe, {
      params: { cod: '100006', id: segunda.id },
    });
    expect(denovo.status).toBe(404);
    const depois = await cadastro.chamar(apiCadastro.historico, { params: { cod: '100006' } });
    expect(depois.corpo.dados.filter((l) => l.acao === 'acesso.passkey-revogada')).toHaveLength(1);
    // The id of another worker's passkey under this worker's code: nothing.
    expect(
      (await cadastro.chamar(apiPasskeys.revogarEquipe, { params: { cod: '100007', id: segunda.id } }))
        .status,
    ).toBe(404);
  });

  it('a troca de senha (esquecerAcessos) revoga todas as passkeys', async () => {
    const autenticador = new AutenticadorSoftware(amb.config.urlPublica);
    const c = await amb.logado('100008');
    expect((await cadastrar(c, autenticador)).status).toBe(200);
    const esquecidos = await amb.db
      .transaction()
      .execute((trx) => esquecerAcessos(trx, '100008', { agora: amb.relogio.now() }));
    expect(esquecidos.passkeys).toBe(1);
    expect((await entrarComPasskey(autenticador)).r.status).toBe(401);
    const linha = await amb.db
      .selectFrom('passkey')
      .select(['motivo_revogacao', 'revogada_por'])
      .where('cod_avulso', '=', '100008')
      .executeTakeFirstOrThrow();
    expect(linha).toEqual({ motivo_revogacao: 'senha', revogada_por: null });
  });

  it('entrada ruim: erro claro, nada muda, nunca 500', async () => {
    const c = await amb.logado('100007');
    const antes = await amb.db.selectFrom('passkey').select('id').execute();
    const ruins: unknown[] = [
      {},
      { resposta: null },
      { resposta: { id: 'x', rawId: 'x', type: 'public-key', response: {} } },
      {
        resposta: {
          id: 'a$b',
          rawId: 'x',
          type: 'public-key',
          response: { clientDataJSON: 'x', attestationObject: 'y' },
        },
      },
      {
        resposta: {
          id: 'abc',
          rawId: 'abc',
          type: 'public-key',
          response: { clientDataJSON: 'bm90IGpzb24', attestationObject: 'AAAA' },
          clientExtensionResults: {},
        },
      },
    ];
    for (const corpo of ruins) {
      const r = await c.chamarBruto(apiPasskeys.registrar, { corpo });
      expect([400, 401]).toContain(r.status);
      expect(r.corpo).toMatchObject({ sucesso: false });
      const l = await c.chamarBruto(apiPasskeys.login, { corpo });
      expect([400, 401]).toContain(l.status);
    }
    // A well-formed answer whose signature and data are garbage.
    const lixo = {
      resposta: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: {
          clientDataJSON: Buffer.from(JSON.stringify({ challenge: 'Zm9v' })).toString('base64url'),
          authenticatorData: 'AAAA',
          signature: 'AAAA',
        },
        clientExtensionResults: {},
      },
    };
    const r = await c.chamarBruto(apiPasskeys.login, { corpo: lixo });
    expect(r.status).toBe(401);
    expect(r.corpo.mensagem).toMatch(/expirou/);
    expect((await c.chamarBruto(apiPasskeys.revogar, { params: { id: '0' } })).status).toBe(400);
    expect(await amb.db.selectFrom('passkey').select('id').execute()).toEqual(antes);
  });
});
