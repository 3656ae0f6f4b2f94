import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPasskeys } from '#common/api/passkeys.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { exigirPapel } from '../equipe/index.ts';
import { todasAsPasskeys } from '../sessao/index.ts';
import { revogarPasskeyPelaEquipe } from './passkeys.ts';

/**
 * A worker's passkeys on the staff's file (issue 28; docs/decisions/0229, 0295): the role `cadastro` lists them,
 * the revoked ones too, and revokes one; the revocation goes to the worker's history.
 */
export const rotasPasskeysDaEquipe: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  const somenteCadastro = exigirPapel('cadastro', 'Somente a equipe do cadastro vê e revoga passkeys.');

  registrar(
    app,
    apiPasskeys.listaEquipe,
    async (request) =>
      ok(
        (await todasAsPasskeys(db, request.params.cod)).map((p) => ({
          id: p.id,
          nome: p.nome,
          criadaEm: p.criada_em,
          usadaEm: p.usada_em,
          revogadaEm: p.revogada_em,
          revogadaPor: p.revogada_por,
          motivoRevogacao: p.motivo_revogacao,
        })),
      ),
    { preHandler: somenteCadastro },
  );

  registrar(
    app,
    apiPasskeys.revogarEquipe,
    async (request) => {
      const por = sessaoDe(request).codAvulso;
      const { cod, id } = request.params;
      await revogarPasskeyPelaEquipe(db, { codAvulso: cod, id, por, agora: clock.now() });
      request.log.info({ por, codAvulso: cod, passkey: id }, 'passkey revogada pela equipe');
      return ok(null);
    },
    { preHandler: somenteCadastro },
  );
};
