import type {
  EdicaoTrabalhador,
  HabilitacaoBody,
  ImpedimentoBody,
  SituacaoAvulso,
  Trabalhador,
} from '#common/api/cadastro.ts';
import {
  type edicaoTrabalhadorBody,
  type habilitacaoBody,
  type impedimentoBody,
  mensagemSituacao,
  NOMES_SITUACAO_AVULSO,
  type novoTrabalhadorBody,
  POR_PAGINA_BUSCA,
  SITUACOES_AVULSO,
} from '#common/api/cadastro.ts';
import { normalizarNome } from '#common/busca-trabalhador.ts';
import { categoriaDoSindicato, nomeSindicato } from '#common/dominio.ts';
import { catalogoErros } from '#common/erros.ts';
import { categoriaDaFuncao, funcaoPorCodigo } from '#common/funcoes.ts';
import { dataHoraLocal } from '#common/tempo.ts';
import type { z } from '#common/zod-pt.ts';
import type { Db, DbOuTrx } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { digestoFoto, recodificarFoto } from './foto.ts';
import {
  buscarAvulsos,
  buscarLinhaAvulso,
  donoDoCpf,
  donoDoNumChamada,
  fotoGuardada,
  gravarFoto,
  habilitacoesDe,
  impedimentosDe,
  type LinhaCadastro,
  mensagensLegadasDe,
  proximoCodAvulso,
  proximoNumChamada,
  temFoto,
} from './repositorio.ts';
import { type Campos, registrarHistorico } from './repositorio-historico.ts';
import {
  alterarAvulso,
  alterarValidadeHabilitacao,
  apagarHabilitacao,
  avulsoExiste,
  habilitacaoDe,
  impedimentoDoAvulso,
  inserirAvulso,
  inserirHabilitacao,
  inserirImpedimento,
  marcarImpedimentoEncerrado,
} from './repositorio-trabalhador.ts';

/**
 * The workers' record (issue 30, docs/decisions/0231): every change in one transaction with its history line
 * (who, when, before → after). What the call and the rotation read changes with it: they read the same rows
 * (an expired qualification and an impediment out of its period do not count), the call's memory of the
 * worker is forgotten by the route (`esquecerAvulso`).
 */

type Novo = z.output<typeof novoTrabalhadorBody>;
type Edicao = z.output<typeof edicaoTrabalhadorBody>;
type Habilitacao = z.output<typeof habilitacaoBody>;
type NovoImpedimento = z.output<typeof impedimentoBody>;

export interface Autor {
  por: string;
  agora: Date;
  fuso: string;
}

export function hojeNoPorto(agora: Date, fuso: string): string {
  return dataHoraLocal(agora, fuso).data;
}

function situacaoDe(valor: string | undefined): SituacaoAvulso {
  return (SITUACOES_AVULSO as readonly string[]).includes(valor ?? '') ? (valor as SituacaoAvulso) : 'ativo';
}

function invalido(campo: string, mensagem: string): ErroApp {
  return new ErroApp('DadosInvalidos', `${catalogoErros.DadosInvalidos.mensagem} ${mensagem}`, {
    dados: [{ campo, mensagem }],
  });
}

function naoEncontrado(): ErroApp {
  return new ErroApp('NaoEncontrado', 'Não há trabalhador com esta matrícula.');
}

const dataBr = (iso: string | null | undefined) =>
  iso ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : null;

/** The fields the history compares, as text. */
function camposDaLinha(l: {
  nome: string;
  cpf: string;
  data_nascimento: string;
  sexo: string;
  cod_sindicato: number;
  artigo: number;
  num_chamada: number;
  situacao?: string;
}): Campos {
  return {
    nome: l.nome,
    cpf: l.cpf,
    dataNascimento: dataBr(l.data_nascimento),
    sexo: l.sexo,
    sindicato: `${l.cod_sindicato} (${nomeSindicato(l.cod_sindicato)})`,
    artigo: String(l.artigo),
    numChamada: String(l.num_chamada),
    situacao: NOMES_SITUACAO_AVULSO[situacaoDe(l.situacao)],
  };
}

/** Only what changed, before and after. */
function diferenca(antes: Campos, depois: Campos): { antes: Campos; depois: Campos } | null {
  const a: Campos = {};
  const d: Campos = {};
  for (const chave of Object.keys(depois)) {
    if (antes[chave] !== depois[chave]) {
      a[chave] = antes[chave] ?? null;
      d[chave] = depois[chave] ?? null;
    }
  }
  return Object.keys(d).length === 0 ? null : { antes: a, depois: d };
}

function idade(nascimento: string, hoje: string): number {
  const anos = Number(hoje.slice(0, 4)) - Number(nascimento.slice(0, 4));
  return hoje.slice(5) >= nascimento.slice(5) ? anos : anos - 1;
}

function conferirNascimento(dataNascimento: string, hoje: string): void {
  if (dataNascimento > hoje) throw invalido('dataNascimento', 'A data de nascimento está no futuro.');
  if (idade(dataNascimento, hoje) < 18) {
    throw invalido('dataNascimento', 'O trabalhador portuário avulso tem ao menos 18 anos.');
  }
}

async function conferirUnicos(trx: DbOuTrx, codAvulso: string | null, cpf: string, numChamada?: number) {
  const doCpf = await donoDoCpf(trx, cpf);
  if (doCpf !== undefined && doCpf !== codAvulso) throw new ErroApp('CpfEmUso');
  if (numChamada !== undefined) {
    const doNumero = await donoDoNumChamada(trx, numChamada);
    if (doNumero !== undefined && doNumero !== codAvulso) throw new ErroApp('NumChamadaEmUso');
  }
}

/**
 * The worker's file as the service builds it: whether a photo is kept, not its link (the route signs it, with
 * the server's secret and clock, as the worker's own `fotoUrl`).
 */
export type Ficha = Omit<Trabalhador, 'fotoUrl'> & { temFoto: boolean };

/** The worker's file as staff see it: data, status, qualifications, impediments, what the red box says today. */
export async function fichaTrabalhador(db: DbOuTrx, codAvulso: string, hoje: string): Promise<Ficha> {
  const linha = await buscarLinhaAvulso(db, codAvulso);
  if (!linha) throw naoEncontrado();
  return montarFicha(db, linha, hoje);
}

async function montarFicha(db: DbOuTrx, l: LinhaCadastro, hoje: string): Promise<Ficha> {
  const [habilitacoes, impedimentos, legadas, foto] = await Promise.all([
    habilitacoesDe(db, l.cod_avulso),
    impedimentosDe(db, l.cod_avulso),
    l.impedimento === 1 ? mensagensLegadasDe(db, l.cod_avulso) : [],
    temFoto(db, l.cod_avulso),
  ]);
  const situacao = situacaoDe(l.situacao);
  const emVigor = impedimentos.filter(
    (i) => i.encerrado_em === null && i.inicio <= hoje && (i.fim === null || i.fim >= hoje),
  );
  const mensagens = [
    ...legadas.map((m) => m.mensagem),
    ...emVigor.map((i) => i.motivo),
    ...(situacao === 'ativo' ? [] : [mensagemSituacao(situacao)]),
  ];
  return {
    codAvulso: l.cod_avulso,
    nome: l.nome,
    cpf: l.cpf,
    numChamada: l.num_chamada,
    codSindicato: l.cod_sindicato,
    sindicato: nomeSindicato(l.cod_sindicato, l.sexo),
    codCategoria: l.cod_categoria,
    artigo: l.artigo,
    situacao,
    sexo: l.sexo,
    dataNascimento: l.data_nascimento,
    email: l.email,
    telefone: l.telefone,
    impedido: l.impedimento === 1 || situacao !== 'ativo' || emVigor.length > 0,
    mensagensImpedimento: mensagens,
    temSenha: l.senha_hash !== '',
    temFoto: foto,
    habilitacoes: habilitacoes.map((h) => ({
      codFuncao: h.cod_funcao,
      funcao: funcaoPorCodigo(h.cod_funcao)?.nome ?? `Função ${h.cod_funcao}`,
      codCategoria: categoriaDaFuncao(h.cod_funcao),
      validaAte: h.valida_ate ?? null,
      vigente: h.valida_ate == null || h.valida_ate >= hoje,
    })),
    impedimentos: impedimentos.map((i) => ({
      id: Number(i.id),
      motivo: i.motivo,
      inicio: i.inicio,
      fim: i.fim,
      criadoEm: i.criado_em,
      criadoPor: i.criado_por,
      encerradoEm: i.encerrado_em,
      encerradoPor: i.encerrado_por,
      ativo: emVigor.includes(i),
    })),
  };
}

/** What the red box says of a worker whose status is not `ativo`. */

export async function buscarTrabalhadores(
  db: DbOuTrx,
  busca: string | undefined,
  pagina: number | undefined,
) {
  const p = pagina ?? 1;
  const { itens, total } = await buscarAvulsos(db, busca ?? '', p, POR_PAGINA_BUSCA);
  return {
    itens: itens.map((l) => ({
      codAvulso: l.cod_avulso,
      nome: l.nome,
      cpf: l.cpf,
      numChamada: l.num_chamada,
      codSindicato: l.cod_sindicato,
      sindicato: nomeSindicato(l.cod_sindicato, l.sexo),
      codCategoria: l.cod_categoria,
      artigo: l.artigo,
      situacao: situacaoDe(l.situacao),
    })),
    total,
    pagina: p,
    porPagina: POR_PAGINA_BUSCA,
  };
}

/** Registers a worker: a new code (matrícula), the next call number unless given, no password yet. */
export async function cadastrarTrabalhador(db: Db, dados: Novo, autor: Autor): Promise<Ficha> {
  const hoje = hojeNoPorto(autor.agora, autor.fuso);
  conferirNascimento(dados.dataNascimento, hoje);
  return db.transaction().execute(async (trx) => {
    await conferirUnicos(trx, null, dados.cpf, dados.numChamada);
    const codAvulso = await proximoCodAvulso(trx);
    const numChamada = dados.numChamada ?? (await proximoNumChamada(trx));
    const linha = {
      cod_avulso: codAvulso,
      nome: dados.nome,
      nome_busca: normalizarNome(dados.nome),
      sexo: dados.sexo,
      cod_sindicato: dados.codSindicato,
      cod_categoria: categoriaDoSindicato(dados.codSindicato),
      artigo: dados.artigo,
      num_chamada: numChamada,
      cpf: dados.cpf,
      data_nascimento: dados.dataNascimento,
      rg_numero: null,
      rg_orgao_exp: null,
      rg_uf: null,
      rg_emissao: null,
      pis: null,
      end_logradouro: null,
      end_bairro: null,
      end_cidade: null,
      end_uf: null,
      email: null,
      telefone: null,
      impedimento: 0,
      afastamento_definitivo: 0,
      escolha_porao_estiva: 0,
      senha_hash: '',
      situacao: 'ativo',
    };
    await inserirAvulso(trx, linha);
    await registrarHistorico(trx, {
      codAvulso,
      por: autor.por,
      em: autor.agora,
      acao: 'cadastro.criado',
      antes: null,
      depois: camposDaLinha(linha),
    });
    return fichaTrabalhador(trx, codAvulso, hoje);
  });
}

/** Edits a worker's data and status; nothing changed writes no history. */
export async function editarTrabalhador(
  db: Db,
  codAvulso: string,
  dados: Edicao,
  autor: Autor,
): Promise<Ficha> {
  const hoje = hojeNoPorto(autor.agora, autor.fuso);
  conferirNascimento(dados.dataNascimento, hoje);
  return db.transaction().execute(async (trx) => {
    const atual = await buscarLinhaAvulso(trx, codAvulso);
    if (!atual) throw naoEncontrado();
    await conferirUnicos(trx, codAvulso, dados.cpf, dados.numChamada);
    const novo = {
      nome: dados.nome,
      nome_busca: normalizarNome(dados.nome),
      sexo: dados.sexo,
      cod_sindicato: dados.codSindicato,
      cod_categoria: categoriaDoSindicato(dados.codSindicato),
      artigo: dados.artigo,
      num_chamada: dados.numChamada,
      cpf: dados.cpf,
      data_nascimento: dados.dataNascimento,
      situacao: dados.situacao,
      // A cancelled record is the definitive leave the election and the rotation already know (0231).
      afastamento_definitivo: dados.situacao === 'cancelado' ? 1 : 0,
    };
    const mudou = diferenca(camposDaLinha(atual), camposDaLinha(novo));
    if (mudou) {
      await alterarAvulso(trx, codAvulso, novo);
      await registrarHistorico(trx, {
        codAvulso,
        por: autor.por,
        em: autor.agora,
        acao: 'cadastro.alterado',
        ...mudou,
      });
    }
    return fichaTrabalhador(trx, codAvulso, hoje);
  });
}

async function exigirAvulso(trx: DbOuTrx, codAvulso: string): Promise<void> {
  if (!(await avulsoExiste(trx, codAvulso))) throw naoEncontrado();
}

function textoValidade(validaAte: string | null | undefined): string {
  return validaAte ? `até ${dataBr(validaAte)}` : 'sem validade';
}

/** Grants a qualification, or changes the expiry of one held; the same again changes nothing. */
export async function habilitar(db: Db, codAvulso: string, dados: Habilitacao, autor: Autor): Promise<Ficha> {
  const hoje = hojeNoPorto(autor.agora, autor.fuso);
  const funcao = funcaoPorCodigo(dados.codFuncao);
  if (!funcao) throw invalido('codFuncao', 'Função inexistente no catálogo de funções.');
  const validaAte = dados.validaAte ?? null;
  if (validaAte !== null && validaAte < hoje) throw invalido('validaAte', 'A validade já passou.');
  return db.transaction().execute(async (trx) => {
    await exigirAvulso(trx, codAvulso);
    const atual = await habilitacaoDe(trx, codAvulso, dados.codFuncao);
    const nomeFuncao = `${funcao.codigo} ${funcao.nome}`;
    if (!atual) {
      await inserirHabilitacao(trx, codAvulso, dados.codFuncao, validaAte);
      await registrarHistorico(trx, {
        codAvulso,
        por: autor.por,
        em: autor.agora,
        acao: 'habilitacao.concedida',
        antes: null,
        depois: { funcao: nomeFuncao, validade: textoValidade(validaAte) },
      });
    } else if ((atual.valida_ate ?? null) !== validaAte) {
      await alterarValidadeHabilitacao(trx, codAvulso, dados.codFuncao, validaAte);
      await registrarHistorico(trx, {
        codAvulso,
        por: autor.por,
        em: autor.agora,
        acao: 'habilitacao.alterada',
        antes: { funcao: nomeFuncao, validade: textoValidade(atual.valida_ate) },
        depois: { funcao: nomeFuncao, validade: textoValidade(validaAte) },
      });
    }
    return fichaTrabalhador(trx, codAvulso, hoje);
  });
}

export async function desabilitar(
  db: Db,
  codAvulso: string,
  codFuncao: number,
  autor: Autor,
): Promise<Ficha> {
  const hoje = hojeNoPorto(autor.agora, autor.fuso);
  return db.transaction().execute(async (trx) => {
    await exigirAvulso(trx, codAvulso);
    const atual = await habilitacaoDe(trx, codAvulso, codFuncao);
    if (!atual) throw new ErroApp('NaoEncontrado', 'O trabalhador não tem esta habilitação.');
    await apagarHabilitacao(trx, codAvulso, codFuncao);
    const funcao = funcaoPorCodigo(codFuncao);
    await registrarHistorico(trx, {
      codAvulso,
      por: autor.por,
      em: autor.agora,
      acao: 'habilitacao.retirada',
      antes: {
        funcao: `${codFuncao} ${funcao?.nome ?? ''}`.trim(),
        validade: textoValidade(atual.valida_ate),
      },
      depois: null,
    });
    return fichaTrabalhador(trx, codAvulso, hoje);
  });
}

function textoPeriodo(inicio: string, fim: string | null): string {
  return fim ? `de ${dataBr(inicio)} a ${dataBr(fim)}` : `desde ${dataBr(inicio)}, até ser encerrado`;
}

export async function impedir(
  db: Db,
  codAvulso: string,
  dados: NovoImpedimento,
  autor: Autor,
): Promise<Ficha> {
  const hoje = hojeNoPorto(autor.agora, autor.fuso);
  const fim = dados.fim ?? null;
  if (fim !== null && fim < dados.inicio) throw invalido('fim', 'O fim vem antes do início.');
  if (fim !== null && fim < hoje) throw invalido('fim', 'O impedimento já teria terminado: o fim já passou.');
  return db.transaction().execute(async (trx) => {
    await exigirAvulso(trx, codAvulso);
    const id = await inserirImpedimento(trx, {
      cod_avulso: codAvulso,
      motivo: dados.motivo,
      inicio: dados.inicio,
      fim,
      criado_em: autor.agora.toISOString(),
      criado_por: autor.por,
      encerrado_em: null,
      encerrado_por: null,
    });
    await registrarHistorico(trx, {
      codAvulso,
      por: autor.por,
      em: autor.agora,
      acao: 'impedimento.criado',
      antes: null,
      depois: { impedimento: `nº ${id}`, motivo: dados.motivo, periodo: textoPeriodo(dados.inicio, fim) },
    });
    return fichaTrabalhador(trx, codAvulso, hoje);
  });
}

/** Ends an impediment now; one already ended is left as it is. */
export async function encerrarImpedimento(
  db: Db,
  codAvulso: string,
  id: number,
  autor: Autor,
): Promise<Ficha> {
  const hoje = hojeNoPorto(autor.agora, autor.fuso);
  return db.transaction().execute(async (trx) => {
    const impedimento = await impedimentoDoAvulso(trx, codAvulso, id);
    if (!impedimento) throw new ErroApp('NaoEncontrado', 'Este trabalhador não tem este impedimento.');
    if (impedimento.encerrado_em === null) {
      await marcarImpedimentoEncerrado(trx, id, { em: autor.agora.toISOString(), por: autor.por });
      await registrarHistorico(trx, {
        codAvulso,
        por: autor.por,
        em: autor.agora,
        acao: 'impedimento.encerrado',
        antes: {
          impedimento: `nº ${id}`,
          motivo: impedimento.motivo,
          periodo: textoPeriodo(impedimento.inicio, impedimento.fim),
        },
        depois: { impedimento: `nº ${id}`, motivo: impedimento.motivo, periodo: 'encerrado' },
      });
    }
    return fichaTrabalhador(trx, codAvulso, hoje);
  });
}

/**
 * Replaces the badge photo (docs/decisions/0234): decoded and re-encoded before the transaction (libvips works
 * off the event loop), then the new file and its history line (the digests, never the bytes) together.
 */
export async function trocarFoto(db: Db, codAvulso: string, bytes: Uint8Array, autor: Autor): Promise<Ficha> {
  const hoje = hojeNoPorto(autor.agora, autor.fuso);
  await exigirAvulso(db, codAvulso);
  const nova = await recodificarFoto(bytes);
  return db.transaction().execute(async (trx) => {
    await exigirAvulso(trx, codAvulso);
    const antiga = await fotoGuardada(trx, codAvulso);
    await gravarFoto(trx, codAvulso, nova.tipo, nova.conteudo);
    await registrarHistorico(trx, {
      codAvulso,
      por: autor.por,
      em: autor.agora,
      acao: 'foto.alterada',
      antes: antiga ? { foto: digestoFoto(antiga.conteudo) } : null,
      depois: { foto: digestoFoto(nova.conteudo), dimensoes: `${nova.largura} × ${nova.altura}` },
    });
    return fichaTrabalhador(trx, codAvulso, hoje);
  });
}

export type { EdicaoTrabalhador, HabilitacaoBody, ImpedimentoBody };
