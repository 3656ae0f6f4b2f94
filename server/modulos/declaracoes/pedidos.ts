import type {
  emitirDeclaracaoLockdownBody,
  enviarDeclaracaoMp945Body,
  formularioAcessoSchema,
} from '#common/api/declaracoes.ts';
import { dataBrParaIso } from '#common/campos-pessoais.ts';
import type { TextoDeclaracao, TipoDeclaracao } from '#common/declaracoes.ts';
import { MENSAGENS_DECLARACAO, textoDeclaracaoLockdown, textoDeclaracaoMp945 } from '#common/declaracoes.ts';
import type { CampoInvalido } from '#common/envelope.ts';
import { catalogoErros } from '#common/erros.ts';
import { dataHoraLocal } from '#common/tempo.ts';
import type { z } from '#common/zod-pt.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import type { Contexto } from '../../plataforma/http/contexto.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { exigirSemEspera, reservarTentativa } from '../sessao/index.ts';
import type { SituacaoDeclaracao } from './apresentacao.ts';
import { cadastroDoAvulso, declaracaoDoAvulso, declaracaoHabilitada, pdfPorToken } from './repositorio.ts';
import { emitirDeclaracao, type NovaDeclaracao, urlDeclaracao } from './servico.ts';

/**
 * What the declaration calls decide (docs/produto/minha-conta.md §2-§7, docs/decisions/0050-declaracoes.md): whether the
 * worker may issue one, the MP 945 identity check and its lock, and issuing dated today at the port. The
 * worker is always the session's; the routes only present the results.
 */

type Ambiente = Pick<Contexto, 'db' | 'config' | 'clock' | 'gravarSessao'>;

/** Where the request came from: the lock's record (docs/decisions/0090). */
interface Origem {
  ip: string;
}

function recusarCampo(campo: string, mensagem: string): ErroApp {
  const dados: CampoInvalido[] = [{ campo, mensagem }];
  return new ErroApp('DadosInvalidos', `${catalogoErros.DadosInvalidos.mensagem} ${mensagem}`, { dados });
}

/** A second attempt: refused, with the link of the one already issued (the worker's own). */
function jaEmitida(tipo: TipoDeclaracao, url: string): ErroApp {
  return new ErroApp('DeclaracaoJaEmitida', MENSAGENS_DECLARACAO[tipo].jaEmitida, { dados: { url } });
}

/** Whether the worker may issue `tipo`, and the link of the one already issued, if any. */
export async function situacaoDeclaracao(
  db: DbOuTrx,
  codAvulso: string,
  tipo: TipoDeclaracao,
): Promise<SituacaoDeclaracao> {
  const [habilitado, existente] = await Promise.all([
    declaracaoHabilitada(db, codAvulso, tipo),
    declaracaoDoAvulso(db, codAvulso, tipo),
  ]);
  return { habilitado, declaracao: existente ? { url: urlDeclaracao(existente.token_url) } : null };
}

/** Refuses a declaration that is not enabled or already issued. */
async function exigirEmissaoPossivel(db: DbOuTrx, codAvulso: string, tipo: TipoDeclaracao) {
  if (!(await declaracaoHabilitada(db, codAvulso, tipo))) {
    throw new ErroApp('DeclaracaoNaoHabilitada', MENSAGENS_DECLARACAO[tipo].naoHabilitado);
  }
  const existente = await declaracaoDoAvulso(db, codAvulso, tipo);
  if (existente) throw jaEmitida(tipo, urlDeclaracao(existente.token_url));
}

/** The worker's registry row; a session always has one. */
async function cadastro(db: DbOuTrx, codAvulso: string) {
  const linha = await cadastroDoAvulso(db, codAvulso);
  if (!linha) throw new ErroApp('NaoAutenticado');
  return linha;
}

/**
 * MP 945: CPF and birth date must be the worker's own. The attempt is counted before the data are compared,
 * so parallel tries get no more comparisons than sequential ones; a match clears the count.
 */
async function conferirIdentidade(
  amb: Ambiente,
  origem: Origem,
  codAvulso: string,
  cpf: string,
  dataNascimento: string,
) {
  const reserva = await reservarTentativa(amb.gravarSessao, amb.clock, 'declaracao', codAvulso, {
    ip: origem.ip,
  });
  const c = await cadastro(amb.db, codAvulso);
  if (c.cpf === cpf && c.data_nascimento === dataBrParaIso(dataNascimento)) {
    await amb.gravarSessao((g) => reserva.acertou(g));
    return c;
  }
  await reserva.errou();
  const restantes = reserva.restantesAteEspera;
  const aviso =
    restantes === 0
      ? 'Por segurança, a consulta foi bloqueada por alguns minutos.'
      : `${restantes === 1 ? 'Resta 1 tentativa' : `Restam ${restantes} tentativas`} antes de um bloqueio temporário.`;
  throw new ErroApp('DadosAcessoIncorretos', `${catalogoErros.DadosAcessoIncorretos.mensagem} ${aviso}`, {
    dados: { tentativasRestantes: restantes },
  });
}

/**
 * Issues the declaration dated today at the port, with the text `redigir` writes for that date; a second
 * one issued meanwhile is refused with the first one's link. dataHoraInicio came from the server's
 * dataHoraCorrente: never in the future (5 minutes of slack).
 */
async function emitir(
  amb: Ambiente,
  pedido: Omit<NovaDeclaracao, 'texto' | 'nome' | 'cpf' | 'emitidaEm'> & {
    dadosTPA: { nome: string; cpf: string };
  },
  redigir: (data: string) => TextoDeclaracao,
): Promise<string> {
  const emitidaEm = amb.clock.now();
  if (Date.parse(pedido.dataHoraInicio) > emitidaEm.getTime() + 5 * 60_000) {
    throw recusarCampo('dataHoraInicio', 'A data e hora de início não podem estar no futuro.');
  }
  const texto = redigir(dataHoraLocal(emitidaEm, amb.config.fusoHorario).data);
  const r = await emitirDeclaracao(amb.db, amb.config, {
    ...pedido,
    texto,
    nome: pedido.dadosTPA.nome,
    cpf: pedido.dadosTPA.cpf,
    emitidaEm,
  });
  if (!r.criada) throw jaEmitida(pedido.tipo, r.url);
  return r.url;
}

/** The lockdown declaration: the CPF must be the registry's; answers the PDF's link. */
export async function emitirLockdown(
  amb: Ambiente,
  codAvulso: string,
  corpo: z.output<typeof emitirDeclaracaoLockdownBody>,
): Promise<string> {
  const { dadosTPA, dadosContato, dataHoraInicio } = corpo;
  await exigirEmissaoPossivel(amb.db, codAvulso, 'lockdown');
  const c = await cadastro(amb.db, codAvulso);
  if (dadosTPA.cpf !== c.cpf) throw recusarCampo('dadosTPA.cpf', 'O CPF não confere com o seu cadastro.');
  return emitir(
    amb,
    { tipo: 'lockdown', codAvulso, dadosTPA, dadosContato, situacoes: null, dataHoraInicio },
    (data) =>
      textoDeclaracaoLockdown({
        dadosTPA,
        codSindicato: c.cod_sindicato,
        organizacao: amb.config.organizacao,
        data,
      }),
  );
}

/**
 * MP 945, the access form: under the lock, not issued yet, CPF and birth date the worker's own. Answers the
 * registry row the form continues from.
 */
export async function conferirAcessoMp945(
  amb: Ambiente,
  origem: Origem,
  codAvulso: string,
  corpo: z.output<typeof formularioAcessoSchema>,
) {
  await exigirSemEspera(amb.db, amb.clock, 'declaracao', codAvulso);
  await exigirEmissaoPossivel(amb.db, codAvulso, 'mp945');
  return conferirIdentidade(amb, origem, codAvulso, corpo.cpf, corpo.dataNascimento);
}

/** MP 945, the declaration: the same identity check as the access form, under the same lock (no way around it). */
export async function emitirMp945(
  amb: Ambiente,
  origem: Origem,
  codAvulso: string,
  corpo: z.output<typeof enviarDeclaracaoMp945Body>,
): Promise<string> {
  const { dadosTPA, situacoesAfastamento, dadosContato, dataHoraInicio } = corpo;
  await exigirSemEspera(amb.db, amb.clock, 'declaracao', codAvulso);
  await exigirEmissaoPossivel(amb.db, codAvulso, 'mp945');
  await conferirIdentidade(amb, origem, codAvulso, dadosTPA.cpf, dadosTPA.dataNascimento);
  const url = await emitir(
    amb,
    { tipo: 'mp945', codAvulso, dadosTPA, dadosContato, situacoes: situacoesAfastamento, dataHoraInicio },
    (data) =>
      textoDeclaracaoMp945({
        dadosTPA,
        situacoesAfastamento,
        dadosContato,
        organizacao: amb.config.organizacao,
        data,
      }),
  );
  return url;
}

const TOKEN_PDF = /^([A-Za-z0-9_-]{43})\.pdf$/;

/** The PDF behind a link `<token>.pdf`; a malformed name is simply not found. */
export async function declaracaoPorArquivo(db: DbOuTrx, arquivo: string) {
  const token = TOKEN_PDF.exec(arquivo)?.[1];
  return token ? pdfPorToken(db, token) : undefined;
}
