import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiSeguranca, type Totem } from '#common/api/seguranca.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { exigirPapel } from '../equipe/index.ts';
import { registrosDeBloqueio } from './repositorio.ts';
import {
  CAMINHO_COOKIE_TOTEM,
  COOKIE_TOTEM,
  emitirCookieTotem,
  listarTotens,
  novoIdTotem,
  registrarTotem,
  revogarTotem,
  VALIDADE_TOTEM_DIAS,
} from './totens.ts';

/** How many of the latest events the staff page lists. */
const LIMITE = 500;

/** The throttle's record of locks and unlocks, for the role `administrador` only. */
export const rotasSeguranca: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;

  // The security log is the administration's (issue 30).
  const somenteEquipe = exigirPapel(
    'administrador',
    'Somente a administração do OGMO vê os bloqueios de acesso.',
  );

  registrar(app, apiSeguranca.bloqueios, async () => ok(await registrosDeBloqueio(db, LIMITE)), {
    preHandler: somenteEquipe,
  });

  // The OGMO's kiosks (docs/decisions/0228): registered from the kiosk's own browser by an administrator.
  const somenteAdministrador = exigirPapel(
    'administrador',
    'Somente a administração do OGMO registra e revoga totens.',
  );

  registrar(
    app,
    apiSeguranca.registrarTotem,
    async (request, reply) => {
      const por = sessaoDe(request).codAvulso;
      const id = novoIdTotem();
      await registrarTotem(db, { id, nome: request.body.nome, por, agora: clock.now() });
      reply.setCookie(COOKIE_TOTEM, emitirCookieTotem(app.ctx.segredoAparelhos, id), {
        path: CAMINHO_COOKIE_TOTEM,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: VALIDADE_TOTEM_DIAS * 24 * 3600,
      });
      request.log.info({ por, totem: id }, 'totem registrado');
      const [linha] = (await listarTotens(db)).filter((t) => t.id === id);
      if (!linha) throw new ErroApp('NaoEncontrado', 'Totem inexistente.');
      return ok(apresentarTotem(linha));
    },
    { preHandler: somenteAdministrador },
  );

  registrar(app, apiSeguranca.totens, async () => ok((await listarTotens(db)).map(apresentarTotem)), {
    preHandler: somenteAdministrador,
  });

  registrar(
    app,
    apiSeguranca.revogarTotem,
    async (request) => {
      const por = sessaoDe(request).codAvulso;
      if (!(await revogarTotem(db, request.params.id, por, clock.now()))) {
        throw new ErroApp('NaoEncontrado', 'Totem inexistente ou já revogado.');
      }
      request.log.info({ por, totem: request.params.id }, 'totem revogado');
      return ok(null);
    },
    { preHandler: somenteAdministrador },
  );
};

function apresentarTotem(t: Awaited<ReturnType<typeof listarTotens>>[number]): Totem {
  return {
    id: t.id,
    nome: t.nome,
    criadoEm: t.criado_em,
    criadoPor: t.criado_por,
    revogadoEm: t.revogado_em,
    revogadoPor: t.revogado_por,
    usadoEm: t.usado_em,
  };
}
