import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiAvulso } from '#common/api/avulso.ts';
import { categoriaDaFuncao, funcaoPorCodigo } from '#common/funcoes.ts';
import { dataHoraLocal } from '#common/tempo.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import { pagamentosDosTrabalhos } from '../financeiro/index.ts';
import { ultimosTrabalhos } from './repositorio-trabalhos.ts';

export const rotasAvulso: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;
  registrar(app, apiAvulso.habilitacoes, async (request) => {
    // An expired qualification is gone (issue 30).
    const hoje = dataHoraLocal(clock.now(), app.ctx.config.fusoHorario).data;
    const linhas = await db
      .selectFrom('habilitacao')
      .select('cod_funcao')
      .where('cod_avulso', '=', sessaoDe(request).codAvulso)
      .where((eb) => eb.or([eb('valida_ate', 'is', null), eb('valida_ate', '>=', hoje)]))
      .orderBy('cod_funcao')
      .execute();
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
    const linhas = await db
      .selectFrom('mensagem_servico as m')
      .leftJoin('mensagem_lida as l', (j) =>
        j.onRef('l.id_mensagem', '=', 'm.id').on('l.cod_avulso', '=', codAvulso),
      )
      .select(['m.id', 'm.titulo', 'm.corpo'])
      .where((eb) => eb.or([eb('m.cod_avulso', '=', codAvulso), eb('m.cod_avulso', 'is', null)]))
      .where('l.id_mensagem', 'is', null)
      .orderBy('m.id')
      .execute();
    return ok(linhas.map((m) => ({ codigo: m.id, titulo: m.titulo, corpo: m.corpo })));
  });

  /** Closing a message marks it read, so it does not come back. Idempotent. */
  registrar(app, apiAvulso.marcarMensagemLida, async (request) => {
    const codAvulso = sessaoDe(request).codAvulso;
    const { codigo } = request.params;
    const mensagem = await db
      .selectFrom('mensagem_servico')
      .select('id')
      .where('id', '=', codigo)
      .where((eb) => eb.or([eb('cod_avulso', '=', codAvulso), eb('cod_avulso', 'is', null)]))
      .executeTakeFirst();
    if (!mensagem) throw new ErroApp('NaoEncontrado', 'Mensagem não encontrada.');
    await db
      .insertInto('mensagem_lida')
      .values({ id_mensagem: codigo, cod_avulso: codAvulso, lida_em: clock.now().toISOString() })
      .onConflict((oc) => oc.columns(['id_mensagem', 'cod_avulso']).doNothing())
      .execute();
    return ok(null);
  });
};
