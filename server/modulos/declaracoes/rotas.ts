import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiDeclaracoes } from '#common/api/declaracoes.ts';
import { sessaoDe } from '../../plataforma/autenticacao/autenticacao.ts';
import { ok } from '../../plataforma/http/envelope.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { registrar } from '../../plataforma/http/registrar.ts';
import {
  apresentarAcessoLockdown,
  apresentarAcessoMp945,
  apresentarCadastroMp945,
  apresentarVerificacao,
} from './apresentacao.ts';
import {
  conferirAcessoMp945,
  declaracaoPorArquivo,
  emitirLockdown,
  emitirMp945,
  situacaoDeclaracao,
} from './pedidos.ts';
import { cadastroDoAvulso, declaracaoPorCodigo } from './repositorio.ts';

/**
 * The lockdown activity declaration and the MP 945 leave declaration (docs/produto/minha-conta.md §2-§7), their PDFs
 * and the public verification: services/pedidos-declaracao.ts decides, presenters/declaracoes.ts shapes.
 * docs/decisions/0050-declaracoes.md
 */
export const rotasDeclaracoes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.ctx;

  registrar(app, apiDeclaracoes.acessarLockdown, async (request) => {
    const codAvulso = sessaoDe(request).codAvulso;
    const [cadastro, situacao] = await Promise.all([
      cadastroDoAvulso(db, codAvulso),
      situacaoDeclaracao(db, codAvulso, 'lockdown'),
    ]);
    return ok(apresentarAcessoLockdown(cadastro, situacao, clock.now(), config.fusoHorario));
  });

  registrar(app, apiDeclaracoes.emitirLockdown, async (request) => {
    const codAvulso = sessaoDe(request).codAvulso;
    const url = await emitirLockdown(app.ctx, codAvulso, request.body);
    request.log.info({ codAvulso, tipo: 'lockdown' }, 'declaração emitida');
    return ok({ url });
  });

  registrar(app, apiDeclaracoes.acessarMp945, async (request) => {
    const situacao = await situacaoDeclaracao(db, sessaoDe(request).codAvulso, 'mp945');
    return ok(apresentarAcessoMp945(situacao, clock.now()));
  });

  registrar(app, apiDeclaracoes.dadosAcessoMp945, async (request) =>
    ok(
      apresentarCadastroMp945(
        await conferirAcessoMp945(app.ctx, { ip: request.ip }, sessaoDe(request).codAvulso, request.body),
      ),
    ),
  );

  registrar(app, apiDeclaracoes.enviarMp945, async (request) => {
    const codAvulso = sessaoDe(request).codAvulso;
    const url = await emitirMp945(app.ctx, { ip: request.ip }, codAvulso, request.body);
    request.log.info({ codAvulso, tipo: 'mp945' }, 'declaração enviada');
    return ok({ url });
  });

  /** The link is the capability: 256 random bits, no session needed, so it opens in a new tab. */
  registrar(app, apiDeclaracoes.pdf, async (request, reply) => {
    const linha = await declaracaoPorArquivo(db, request.params.arquivo);
    if (!linha) throw new ErroApp('NaoEncontrado', 'Declaração não encontrada.');
    return reply
      .header('Cache-Control', 'private, no-store')
      .header(
        'Content-Disposition',
        `inline; filename="declaracao-${linha.tipo}-${linha.codigo_verificacao}.pdf"`,
      )
      .header('X-Robots-Tag', 'noindex, nofollow')
      .type('application/pdf')
      .send(Buffer.from(linha.pdf));
  });

  registrar(app, apiDeclaracoes.verificacao, async (request) => {
    const linha = await declaracaoPorCodigo(db, request.params.codigo);
    if (!linha) {
      throw new ErroApp(
        'NaoEncontrado',
        'Nenhuma declaração foi emitida com este código. O documento apresentado não é autêntico ou o código foi digitado errado.',
      );
    }
    return ok(apresentarVerificacao(linha));
  });
};
