import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiAvulso } from '#common/api/avulso.ts';
import { categoriaDaFuncao, funcaoPorCodigo } from '#common/funcoes.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { pagamentosDosTrabalhos } from '../financeiro/index.ts';
import {
  habilitacoesDoAvulso,
  marcarMensagemLida,
  mensagemVisivel,
  mensagensNaoLidas,
} from './repositorio.ts';
import { ultimosTrabalhos } from './repositorio-trabalhos.ts';

export const rotasAvulso: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  registrar(app, apiAvulso.habilitacoes, async (request) => {
    const linhas = await habilitacoesDoAvulso(db, sessaoDe(request).codAvulso);
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

  /** The worker's unread service messages, oldest first (a call of our design). */
  registrar(app, apiAvulso.mensagens, async (request) => {
    const codAvulso = sessaoDe(request).codAvulso;
    const linhas = await mensagensNaoLidas(db, codAvulso);
    return ok(linhas.map((m) => ({ codigo: m.id, titulo: m.titulo, corpo: m.corpo })));
  });

  /** Closing a message marks it read, so it does not come back. Idempotent. */
  registrar(app, apiAvulso.marcarMensagemLida, async (request) => {
    const codAvulso = sessaoDe(request).codAvulso;
    const { codigo } = request.params;
    if (!(await mensagemVisivel(db, codAvulso, codigo)))
      throw new ErroApp('NaoEncontrado', 'Mensagem não encontrada.');
    await marcarMensagemLida(db, codAvulso, codigo, clock.now());
    return ok(null);
  });
};
