import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPasskeys, type Passkey } from '#common/api/passkeys.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { criarSessao } from '../../plataforma/autenticacao/sessoes.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { buscarAvulso, carregarDadosLogin } from '../avulso/index.ts';
import {
  conferirLogin,
  conferirRegistro,
  desafioDaResposta,
  emitirDesafio,
  lerDesafio,
  nomePadrao,
  opcoesLogin,
  opcoesRegistro,
  parteDe,
} from './passkeys.ts';
import {
  gastarDesafio,
  guardarPasskey,
  inicioDaSessao,
  MAXIMO_PASSKEYS_POR_CONTA,
  marcarUso,
  passkeyPorCredencial,
  passkeysAtivas,
  revogarPasskey,
} from './repositorio-passkeys.ts';

type LinhaPasskey = Awaited<ReturnType<typeof passkeysAtivas>>[number];

function apresentar(p: LinhaPasskey): Passkey {
  return { id: p.id, nome: p.nome, criadaEm: p.criada_em, usadaEm: p.usada_em };
}

/**
 * A passkey is registered only within this long of a login: a stolen token must not become a lasting way in
 * (docs/decisions/0229).
 */
const LOGIN_RECENTE_MS = 30 * 60_000;

const EXPIROU = 'A entrada com a digital expirou. Tente de novo.';
const NAO_RECONHECIDA =
  'Esta passkey não está cadastrada no portal (ou foi revogada). Entre com a senha e cadastre-a de novo em Minha conta.';
const NAO_CONFERE = 'Não foi possível confirmar a digital. Tente de novo ou entre com a senha.';

/**
 * Passkeys (issue 28; docs/decisions/0229): registered in Minha conta (never at the kiosk), used at /login in
 * place of the password, which stays as the fallback. A passkey login is not counted by the password throttle:
 * it cannot be guessed, and a stranger's burst of wrong passwords must not keep the worker out. Staff list and
 * revoke a worker's passkeys from the cadastro (server/modulos/cadastro/rotas-passkeys.ts), which audits it.
 */
export const rotasPasskeys: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.ctx;
  const parte = parteDe(config.urlPublica, config.organizacao.nome);
  const segredo = () => app.ctx.segredoAparelhos;
  const lerParametros = () => app.ctx.parametros.lista();

  /** Never at the kiosk, and only soon after a login. */
  async function exigirLoginRecente(sessao: { quiosque: boolean; sessaoId: string }) {
    if (sessao.quiosque) throw new ErroApp('AcessoNegado', 'Não é possível cadastrar uma passkey no totem.');
    const inicio = await inicioDaSessao(db, sessao.sessaoId);
    if (!inicio || clock.now().getTime() - Date.parse(inicio) > LOGIN_RECENTE_MS) {
      throw new ErroApp(
        'AcessoNegado',
        'Por segurança, saia e entre de novo com a senha para cadastrar a digital.',
      );
    }
  }

  registrar(app, apiPasskeys.opcoesRegistro, async (request) => {
    const sessao = sessaoDe(request);
    await exigirLoginRecente(sessao);
    const [avulso, existentes] = await Promise.all([
      buscarAvulso(db, sessao.codAvulso),
      passkeysAtivas(db, sessao.codAvulso),
    ]);
    const desafio = emitirDesafio(segredo(), 'registro', sessao.codAvulso, clock.now());
    const opcoes = await opcoesRegistro(
      parte,
      desafio,
      { codAvulso: sessao.codAvulso, nome: avulso?.nome ?? sessao.codAvulso },
      existentes,
    );
    return ok(opcoes);
  });

  registrar(app, apiPasskeys.registrar, async (request) => {
    const sessao = sessaoDe(request);
    await exigirLoginRecente(sessao);
    const { resposta, nome } = request.body;
    const agora = clock.now();
    const desafioB64 = desafioDaResposta(resposta.response.clientDataJSON);
    const desafio = desafioB64 && lerDesafio(segredo(), desafioB64, 'registro', sessao.codAvulso, agora);
    if (!desafioB64 || !desafio) {
      throw new ErroApp('CredenciaisInvalidas', 'O cadastro da passkey expirou. Tente de novo.');
    }
    const info = await conferirRegistro(parte, resposta, desafioB64);
    if (!info)
      throw new ErroApp('CredenciaisInvalidas', 'O navegador não confirmou a passkey. Tente de novo.');
    const resultado = await app.ctx.gravarSessao(async (g) => {
      if (!(await gastarDesafio(g, desafio.desafio, desafio.expiraEm))) return 'gasto' as const;
      if ((await passkeysAtivas(g, sessao.codAvulso)).length >= MAXIMO_PASSKEYS_POR_CONTA)
        return 'cheio' as const;
      const id = await guardarPasskey(g, {
        credencial: info.credential.id,
        codAvulso: sessao.codAvulso,
        chavePublica: Buffer.from(info.credential.publicKey).toString('base64url'),
        contador: info.credential.counter,
        transportes: info.credential.transports ?? [],
        nome: nome || nomePadrao(request.headers['user-agent']),
        agora,
      });
      return id ?? ('repetida' as const);
    });
    if (resultado === 'gasto')
      throw new ErroApp('CredenciaisInvalidas', 'Este cadastro já foi usado. Tente de novo.');
    if (resultado === 'cheio') {
      throw new ErroApp(
        'DadosInvalidos',
        `Você já tem ${MAXIMO_PASSKEYS_POR_CONTA} passkeys. Revogue uma antes de cadastrar outra.`,
      );
    }
    if (resultado === 'repetida') throw new ErroApp('DadosInvalidos', 'Esta passkey já está cadastrada.');
    request.log.info({ codAvulso: sessao.codAvulso, passkey: resultado }, 'passkey cadastrada');
    const linha = (await passkeysAtivas(db, sessao.codAvulso)).find((p) => p.id === resultado);
    if (!linha) throw new ErroApp('NaoEncontrado', 'Passkey inexistente.');
    return ok(apresentar(linha));
  });

  registrar(app, apiPasskeys.lista, async (request) =>
    ok((await passkeysAtivas(db, sessaoDe(request).codAvulso)).map(apresentar)),
  );

  registrar(app, apiPasskeys.revogar, async (request) => {
    const cod = sessaoDe(request).codAvulso;
    if (!(await revogarPasskey(db, cod, request.params.id, cod, 'trabalhador', clock.now()))) {
      throw new ErroApp('NaoEncontrado', 'Passkey inexistente ou já revogada.');
    }
    request.log.info({ codAvulso: cod, passkey: request.params.id }, 'passkey revogada');
    return ok(null);
  });

  registrar(app, apiPasskeys.opcoesLogin, async () =>
    ok(await opcoesLogin(parte, emitirDesafio(segredo(), 'login', null, clock.now()))),
  );

  registrar(app, apiPasskeys.login, async (request) => {
    const { resposta } = request.body;
    const agora = clock.now();
    const desafioB64 = desafioDaResposta(resposta.response.clientDataJSON);
    const desafio = desafioB64 && lerDesafio(segredo(), desafioB64, 'login', null, agora);
    if (!desafioB64 || !desafio) throw new ErroApp('CredenciaisInvalidas', EXPIROU);
    const passkey = await passkeyPorCredencial(db, resposta.id);
    if (!passkey) throw new ErroApp('CredenciaisInvalidas', NAO_RECONHECIDA);
    // A discoverable passkey names its worker: it must be the one the credential belongs to.
    const handle = resposta.response.userHandle;
    if (handle !== undefined && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.cod_avulso) {
      throw new ErroApp('CredenciaisInvalidas', NAO_CONFERE);
    }
    const contador = await conferirLogin(parte, resposta, desafioB64, {
      id: passkey.credencial,
      chavePublica: passkey.chave_publica,
      contador: Number(passkey.contador),
      transportes: passkey.transportes,
    });
    if (contador === undefined) throw new ErroApp('CredenciaisInvalidas', NAO_CONFERE);
    // The challenge is spent in the session's own write unit: a replayed answer opens nothing.
    const token = await app.ctx.gravarSessao(async (g) => {
      if (!(await gastarDesafio(g, desafio.desafio, desafio.expiraEm))) return undefined;
      await marcarUso(g, passkey.id, contador, agora);
      return criarSessao(g, config, clock, passkey.cod_avulso, false);
    });
    if (!token) throw new ErroApp('CredenciaisInvalidas', EXPIROU);
    const dados = await carregarDadosLogin(db, config, app.ctx.segredoFotos, agora, passkey.cod_avulso, {
      lerParametros,
    });
    if (!dados) throw new ErroApp('CredenciaisInvalidas', NAO_RECONHECIDA);
    request.log.info({ codAvulso: passkey.cod_avulso, passkey: passkey.id }, 'login com passkey');
    return { sucesso: true as const, dados, token };
  });
};
