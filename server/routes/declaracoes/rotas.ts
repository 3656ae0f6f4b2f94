import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acessarDeclaracaoLockdownSchema,
  acessarDeclaracaoMp945Schema,
  cadastroMp945Schema,
  codigoVerificacaoParams,
  declaracaoEmitidaSchema,
  emitirDeclaracaoLockdownBody,
  enviarDeclaracaoMp945Body,
  formularioAcessoSchema,
  verificacaoSchema,
} from '#common/api/declaracoes.ts';
import { dataBrParaIso, dataIsoParaBr } from '#common/campos-pessoais.ts';
import type { TextoDeclaracao, TipoDeclaracao } from '#common/declaracoes.ts';
import {
  MENSAGENS_DECLARACAO,
  TITULOS_DECLARACAO,
  textoDeclaracaoLockdown,
  textoDeclaracaoMp945,
} from '#common/declaracoes.ts';
import type { CampoInvalido } from '#common/envelope.ts';
import { envelopeSucesso } from '#common/envelope.ts';
import { catalogoErros } from '#common/erros.ts';
import { mascararCpf } from '#common/formato.ts';
import { dataHoraLocal } from '#common/tempo.ts';
import { z } from '#common/zod-pt.ts';
import {
  cadastroDoAvulso,
  declaracaoDoAvulso,
  declaracaoHabilitada,
  declaracaoPorCodigo,
  pdfPorToken,
} from '../../db/repositorios/declaracoes.ts';
import type { DbOuTrx } from '../../db/schema.ts';
import type { AvulsoTable } from '../../db/tables/fundacao.ts';
import { ok } from '../../http/envelope.ts';
import { ErroApp } from '../../http/erro-app.ts';
import { exigirSessao, sessaoDe } from '../../plugins/autenticacao.ts';
import { emitirDeclaracao, type NovaDeclaracao, urlDeclaracao } from '../../services/declaracoes.ts';
import {
  limparFalhasDeclaracao,
  registrarFalhaDeclaracao,
  verificarBloqueioDeclaracao,
} from '../../services/tentativas-declaracao.ts';

/**
 * The lockdown activity declaration and the MP 945 leave declaration (minha-conta.md §2-§7), their PDFs
 * and the public verification. The worker is always the session's; bodies are validated by the same zod
 * schemas as the web forms. docs/decisions/0050-declaracoes.md
 */

function recusarCampo(campo: string, mensagem: string): ErroApp {
  const dados: CampoInvalido[] = [{ campo, mensagem }];
  return new ErroApp('DadosInvalidos', `${catalogoErros.DadosInvalidos.mensagem} ${mensagem}`, { dados });
}

function naoHabilitada(tipo: TipoDeclaracao): ErroApp {
  return new ErroApp('DeclaracaoNaoHabilitada', MENSAGENS_DECLARACAO[tipo].naoHabilitado);
}

/** A second attempt: refused, with the link of the one already issued (the worker's own). */
function jaEmitida(tipo: TipoDeclaracao, url: string): ErroApp {
  return new ErroApp('DeclaracaoJaEmitida', MENSAGENS_DECLARACAO[tipo].jaEmitida, { dados: { url } });
}

/** Refuses a declaration that is not enabled or already issued. */
async function exigirEmissaoPossivel(db: DbOuTrx, codAvulso: string, tipo: TipoDeclaracao) {
  if (!(await declaracaoHabilitada(db, codAvulso, tipo))) throw naoHabilitada(tipo);
  const existente = await declaracaoDoAvulso(db, codAvulso, tipo);
  if (existente) throw jaEmitida(tipo, urlDeclaracao(existente.token_url));
}

/** dataHoraInicio came from the server's dataHoraCorrente: never in the future (5 minutes of slack). */
function exigirInicioPassado(dataHoraInicio: string, agora: Date) {
  if (Date.parse(dataHoraInicio) > agora.getTime() + 5 * 60_000) {
    throw recusarCampo('dataHoraInicio', 'A data e hora de início não podem estar no futuro.');
  }
}

/** The RG fields of a registry row as the forms hold them (dates dd/mm/aaaa). */
function rgDoCadastro(c: Pick<AvulsoTable, 'rg_numero' | 'rg_orgao_exp' | 'rg_uf' | 'rg_emissao'>) {
  return {
    rgNumero: c.rg_numero,
    rgOrgaoExp: c.rg_orgao_exp,
    rgUF: c.rg_uf,
    rgEmissao: c.rg_emissao ? dataIsoParaBr(c.rg_emissao) : null,
  };
}

const TOKEN_PDF = /^([A-Za-z0-9_-]{43})\.pdf$/;

export const rotasDeclaracoes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, clock } = app.ctx;
  const fuso = config.fusoHorario;

  /** The worker's registry row; a session always has one. */
  async function cadastro(codAvulso: string) {
    const linha = await cadastroDoAvulso(db, codAvulso);
    if (!linha) throw new ErroApp('NaoAutenticado');
    return linha;
  }

  /** MP 945: CPF and birth date must be the worker's own; failures count towards the lock. */
  async function conferirIdentidade(codAvulso: string, cpf: string, dataNascimento: string) {
    const c = await cadastro(codAvulso);
    if (c.cpf === cpf && c.data_nascimento === dataBrParaIso(dataNascimento)) return c;
    const restantes = await registrarFalhaDeclaracao(db, clock, codAvulso);
    const aviso =
      restantes === 0
        ? 'Por segurança, a consulta foi bloqueada por alguns minutos.'
        : `${restantes === 1 ? 'Resta 1 tentativa' : `Restam ${restantes} tentativas`} antes de um bloqueio temporário.`;
    throw new ErroApp('DadosAcessoIncorretos', `${catalogoErros.DadosAcessoIncorretos.mensagem} ${aviso}`, {
      dados: { tentativasRestantes: restantes },
    });
  }

  /** Whether the worker may issue `tipo`, and the link of the one already issued, if any. */
  async function situacao(codAvulso: string, tipo: TipoDeclaracao) {
    const [habilitado, existente] = await Promise.all([
      declaracaoHabilitada(db, codAvulso, tipo),
      declaracaoDoAvulso(db, codAvulso, tipo),
    ]);
    return { habilitado, declaracao: existente ? { url: urlDeclaracao(existente.token_url) } : null };
  }

  /**
   * Issues the declaration dated today at the port, with the text `redigir` writes for that date; a
   * second one issued meanwhile is refused with the first one's link.
   */
  async function emitir(
    pedido: Omit<NovaDeclaracao, 'texto' | 'nome' | 'cpf' | 'emitidaEm'> & {
      dadosTPA: { nome: string; cpf: string };
    },
    redigir: (data: string) => TextoDeclaracao,
  ): Promise<string> {
    const emitidaEm = clock.now();
    exigirInicioPassado(pedido.dataHoraInicio, emitidaEm);
    const texto = redigir(dataHoraLocal(emitidaEm, fuso).data);
    const r = await emitirDeclaracao(db, config, {
      ...pedido,
      texto,
      nome: pedido.dadosTPA.nome,
      cpf: pedido.dadosTPA.cpf,
      emitidaEm,
    });
    if (!r.criada) throw jaEmitida(pedido.tipo, r.url);
    return r.url;
  }

  // ------------------------------------------------------------ Lockdown

  app.get(
    '/api/lockdown/acessarDeclaracao',
    {
      preHandler: exigirSessao,
      schema: { response: { 200: envelopeSucesso(acessarDeclaracaoLockdownSchema) } },
    },
    async (request) => {
      const codAvulso = sessaoDe(request).codAvulso;
      const agora = clock.now();
      const [c, { habilitado, declaracao }] = await Promise.all([
        cadastroDoAvulso(db, codAvulso),
        situacao(codAvulso, 'lockdown'),
      ]);
      return ok({
        declaracao,
        habilitacao: { habilitado },
        dadosTPA: c
          ? {
              nome: c.nome,
              cpf: c.cpf,
              ...rgDoCadastro(c),
              endLogradouro: c.end_logradouro,
              endBairro: c.end_bairro,
              endCidade: c.end_cidade,
              endUF: c.end_uf,
            }
          : null,
        dadosContato: c ? { email: c.email, telefone: c.telefone } : null,
        dataHoraCorrente: agora.toISOString(),
        dataCorrente: dataHoraLocal(agora, fuso).data,
      });
    },
  );

  app.post(
    '/api/lockdown/emitirDeclaracao',
    {
      preHandler: exigirSessao,
      schema: {
        body: emitirDeclaracaoLockdownBody,
        response: { 200: envelopeSucesso(declaracaoEmitidaSchema) },
      },
    },
    async (request) => {
      const codAvulso = sessaoDe(request).codAvulso;
      const { dadosTPA, dadosContato, dataHoraInicio } = request.body;
      await exigirEmissaoPossivel(db, codAvulso, 'lockdown');
      const c = await cadastro(codAvulso);
      if (dadosTPA.cpf !== c.cpf) throw recusarCampo('dadosTPA.cpf', 'O CPF não confere com o seu cadastro.');
      const url = await emitir(
        { tipo: 'lockdown', codAvulso, dadosTPA, dadosContato, situacoes: null, dataHoraInicio },
        (data) =>
          textoDeclaracaoLockdown({
            dadosTPA,
            codSindicato: c.cod_sindicato,
            organizacao: config.organizacao,
            data,
          }),
      );
      request.log.info({ codAvulso, tipo: 'lockdown' }, 'declaração emitida');
      return ok({ url });
    },
  );

  // ------------------------------------------------------------ MP 945

  app.get(
    '/api/mp945/acessarDeclaracao',
    {
      preHandler: exigirSessao,
      schema: { response: { 200: envelopeSucesso(acessarDeclaracaoMp945Schema) } },
    },
    async (request) => {
      const { habilitado, declaracao } = await situacao(sessaoDe(request).codAvulso, 'mp945');
      return ok({ declaracao, habilitacao: { habilitado, dataHoraCorrente: clock.now().toISOString() } });
    },
  );

  app.post(
    '/api/mp945/dadosAcesso',
    {
      preHandler: exigirSessao,
      schema: { body: formularioAcessoSchema, response: { 200: envelopeSucesso(cadastroMp945Schema) } },
    },
    async (request) => {
      const codAvulso = sessaoDe(request).codAvulso;
      await verificarBloqueioDeclaracao(db, clock, codAvulso);
      await exigirEmissaoPossivel(db, codAvulso, 'mp945');
      const c = await conferirIdentidade(codAvulso, request.body.cpf, request.body.dataNascimento);
      await limparFalhasDeclaracao(db, codAvulso);
      return ok({
        nome: c.nome,
        cpf: c.cpf,
        dataNascimento: dataIsoParaBr(c.data_nascimento),
        ...rgDoCadastro(c),
        pis: c.pis,
      });
    },
  );

  app.post(
    '/api/mp945/enviarDeclaracao',
    {
      preHandler: exigirSessao,
      schema: {
        body: enviarDeclaracaoMp945Body,
        response: { 200: envelopeSucesso(declaracaoEmitidaSchema) },
      },
    },
    async (request) => {
      const codAvulso = sessaoDe(request).codAvulso;
      const { dadosTPA, situacoesAfastamento, dadosContato, dataHoraInicio } = request.body;
      // The same CPF + birth-date check as the access form, under the same lock: no way around it.
      await verificarBloqueioDeclaracao(db, clock, codAvulso);
      await exigirEmissaoPossivel(db, codAvulso, 'mp945');
      await conferirIdentidade(codAvulso, dadosTPA.cpf, dadosTPA.dataNascimento);
      const url = await emitir(
        { tipo: 'mp945', codAvulso, dadosTPA, dadosContato, situacoes: situacoesAfastamento, dataHoraInicio },
        (data) =>
          textoDeclaracaoMp945({
            dadosTPA,
            situacoesAfastamento,
            dadosContato,
            organizacao: config.organizacao,
            data,
          }),
      );
      await limparFalhasDeclaracao(db, codAvulso);
      request.log.info({ codAvulso, tipo: 'mp945' }, 'declaração enviada');
      return ok({ url });
    },
  );

  // ------------------------------------------------------------ Public: the PDF and its verification

  /** The link is the capability: 256 random bits, no session needed, so it opens in a new tab. */
  app.get(
    '/api/declaracoes/:arquivo',
    { schema: { params: z.object({ arquivo: z.string().max(100) }) } },
    async (request, reply) => {
      const token = TOKEN_PDF.exec(request.params.arquivo)?.[1];
      const linha = token ? await pdfPorToken(db, token) : undefined;
      if (!linha) throw new ErroApp('NaoEncontrado', 'Declaração não encontrada.');
      const nomeArquivo = `declaracao-${linha.tipo}-${linha.codigo_verificacao}.pdf`;
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="${nomeArquivo}"`)
        .header('X-Robots-Tag', 'noindex, nofollow')
        .type('application/pdf')
        .send(Buffer.from(linha.pdf));
    },
  );

  app.get(
    '/api/verificacao/:codigo',
    { schema: { params: codigoVerificacaoParams, response: { 200: envelopeSucesso(verificacaoSchema) } } },
    async (request) => {
      const linha = await declaracaoPorCodigo(db, request.params.codigo);
      if (!linha) {
        throw new ErroApp(
          'NaoEncontrado',
          'Nenhuma declaração foi emitida com este código. O documento apresentado não é autêntico ou o código foi digitado errado.',
        );
      }
      const tipo = linha.tipo as TipoDeclaracao;
      return ok({
        codigo: linha.codigo_verificacao,
        tipo,
        titulo: TITULOS_DECLARACAO[tipo],
        nome: linha.nome,
        cpfMascarado: mascararCpf(linha.cpf),
        emitidaEm: linha.emitida_em,
      });
    },
  );
};
