import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiAvulso } from '#common/api/avulso.ts';
import { categoriaDaFuncao, funcaoPorCodigo } from '#common/funcoes.ts';
import { dataHoraLocal } from '#common/tempo.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { pagamentosDosTrabalhos } from '../financeiro/index.ts';
import { filaDoAvulso, marcarMensagemLida } from '../mensagens/index.ts';
import { habilitacoesDoAvulso } from './repositorio.ts';
import { ultimosTrabalhos } from './repositorio-trabalhos.ts';

export const rotasAvulso: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  registrar(app, apiAvulso.habilitacoes, async (request) => {
    // An expired qualification is gone (issue 30).
    const hoje = dataHoraLocal(clock.now(), app.ctx.config.fusoHorario).data;
    const linhas = await habilitacoesDoAvulso(db, sessaoDe(request).codAvulso, hoje);
    return ok(
      linhas.map(({ cod_funcao }) => ({
        codCategoria: categoriaDaFuncao(cod_funcao),
        codFuncao: cod_funcao,
        descricao: funcaoPorCodigo(cod_funcao)?.nome ?? `Função ${cod_funcao}`,
      })),
    );
  });

  registrar(app, apiAvulso.ultimosTrabalhos, async (request) => {
    const codAvulso = sessaoDe(request).codAvulso;
    return ok(
      await ultimosTrabalhos(db, codAvulso, clock.now(), (ids) => pagamentosDosTrabalhos(db, codAvulso, ids)),
    );
  });

  /** The worker's unread service messages in force, oldest first (a call of our design; docs/decisions/0270). */
  registrar(app, apiAvulso.mensagens, async (request) =>
    ok(await filaDoAvulso(db, sessaoDe(request).codAvulso, clock.now())),
  );

  /** Closing a message marks it read, so it does not come back. Idempotent. */
  registrar(app, apiAvulso.marcarMensagemLida, async (request) => {
    await marcarMensagemLida(db, request.params.codigo, sessaoDe(request).codAvulso, clock.now());
    return ok(null);
  });
};
