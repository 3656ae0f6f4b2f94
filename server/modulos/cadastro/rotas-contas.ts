import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContas } from '#common/api/contas.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { criarSessao } from '../../plataforma/autenticacao/sessoes.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import {
  anunciarAcessosEsquecidos,
  gerarHashSenha,
  hashSenhaFicticio,
  reservarTentativa,
  verificarSenha,
} from '../sessao/index.ts';
import {
  concluirPrimeiroAcesso,
  conferirPrimeiroAcesso,
  lerDadosPessoais,
  mudarDadosPessoais,
  trocarSenha,
} from './contas.ts';
import { senhaDoAvulso } from './repositorio.ts';

/**
 * The worker's account (issue 30): the first access with the staff's code (public, throttled like the login),
 * the password and the personal data in Minha conta. Never at the kiosk: a kiosk session is refused.
 */
export const rotasContas: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.ctx;

  function foraDoTotem(request: FastifyRequest): string {
    const sessao = sessaoDe(request);
    if (sessao.quiosque) {
      throw new ErroApp('AcessoNegado', 'A conta não é alterada no totem: use o seu celular ou computador.');
    }
    return sessao.codAvulso;
  }

  registrar(app, apiContas.primeiroAcesso, async (request) => {
    const dados = request.body;
    // Counted before anything is checked, like the login: parallel guesses get no more checks.
    const reserva = await reservarTentativa(app.ctx.gravarSessao, clock, 'primeiro-acesso', dados.codAvulso, {
      ip: request.ip,
    });
    const conferido = await conferirPrimeiroAcesso(db, dados, clock.now());
    if (!conferido) {
      await reserva.errou();
      throw new ErroApp('PrimeiroAcessoRecusado');
    }
    const senhaHash = await gerarHashSenha(dados.novaSenha);
    const esquecidos = await concluirPrimeiroAcesso(
      db,
      dados.codAvulso,
      conferido.hash,
      senhaHash,
      clock.now(),
    );
    if (!esquecidos) {
      await reserva.errou();
      throw new ErroApp('PrimeiroAcessoRecusado');
    }
    await app.ctx.gravarSessao((g) => reserva.acertou(g));
    anunciarAcessosEsquecidos(app, esquecidos);
    request.log.info({ codAvulso: dados.codAvulso }, 'primeiro acesso');
    return ok(null);
  });

  registrar(app, apiContas.mudarSenha, async (request) => {
    const codAvulso = foraDoTotem(request);
    const { senhaAtual, novaSenha } = request.body;
    // A wrong current password counts as a failed login of the worker.
    const reserva = await reservarTentativa(app.ctx.gravarSessao, clock, 'login', codAvulso, {
      ip: request.ip,
    });
    const linha = await senhaDoAvulso(db, codAvulso);
    if (!(await verificarSenha(linha?.senha_hash ?? (await hashSenhaFicticio()), senhaAtual))) {
      await reserva.errou();
      throw new ErroApp('SenhaAtualIncorreta');
    }
    if (novaSenha === senhaAtual) {
      // The current password was right: the attempt ends as a success (no count, nothing left in flight: 0224).
      await app.ctx.gravarSessao((g) => reserva.acertou(g));
      throw new ErroApp('DadosInvalidos', 'A nova senha é igual à atual.', {
        dados: [{ campo: 'novaSenha', mensagem: 'A nova senha é igual à atual.' }],
      });
    }
    const esquecidos = await trocarSenha(db, codAvulso, await gerarHashSenha(novaSenha), clock.now());
    // Every session ended, this one too: it goes on with a new token, the others are out.
    const token = await app.ctx.gravarSessao(async (g) => {
      await reserva.acertou(g);
      return criarSessao(g, config, clock, codAvulso, false);
    });
    anunciarAcessosEsquecidos(app, esquecidos);
    request.tokenRenovado = undefined;
    request.log.info({ codAvulso }, 'senha alterada');
    return { sucesso: true as const, dados: null, token };
  });

  registrar(app, apiContas.dadosPessoais, async (request) =>
    ok(await lerDadosPessoais(db, foraDoTotem(request))),
  );

  registrar(app, apiContas.mudarDadosPessoais, async (request) => {
    const codAvulso = foraDoTotem(request);
    return ok(await mudarDadosPessoais(db, codAvulso, request.body, clock.now()));
  });
};
