import {
  type Auditoria,
  type BuscaAuditoria,
  LIMITE_BUSCA_AUDITORIA,
  type NaoEscalados,
  type ResultadoAvulso,
  type ResultadoEscala,
  type TrabalhoEscalado,
} from '#common/api/gestao.ts';
import { lerBuscaTrabalhador, normalizarNome } from '#common/busca-trabalhador.ts';
import { categoriasEscala } from '#common/dominio.ts';
import { funcaoPorCodigo } from '#common/funcoes.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { estruturaEscala } from '../escalacao/index.ts';
import { type DecisaoLida, lerDecisao, type OfertaAuditada, ofertasDaDecisao } from './auditoria-gravada.ts';
import { linhaEscala } from './repositorio.ts';
import {
  candidatosDaBusca,
  decisaoGravada,
  decisoesNaoEscalados,
  engajamentoComTurno,
  escaladosEmOrdem,
  nomeENumero,
  ofertasAuditadas,
  ponteirosDaEscalaPorFila,
  ultimaPublicada,
} from './repositorio-resultado.ts';

/** What the rotation left with the call, read back: by requisition, hold and function; per worker. */

const nomeFuncao = (codFuncao: number) => funcaoPorCodigo(codFuncao)?.nome ?? `Função ${codFuncao}`;
/** A queue's name: its function, or its category under one queue per category (docs/decisions/0216). */
const nomeFila = (chave: number) =>
  chave < 100
    ? (categoriasEscala.find((c) => c.codigo === chave)?.nome ?? `Categoria ${chave}`)
    : nomeFuncao(chave);

async function exigirApurada(db: DbOuTrx, numEscalacao: number) {
  const escala = await linhaEscala(db, numEscalacao);
  if (!escala) throw new ErroApp('NaoEncontrado', 'Escala não encontrada.');
  if (escala.situacao !== 'apurada' && escala.situacao !== 'publicada') {
    throw new ErroApp(
      'SituacaoEscalaInvalida',
      `A escala nº ${numEscalacao} está ${escala.situacao}: o rodízio ainda não foi apurado.`,
      { dados: { situacao: escala.situacao } },
    );
  }
  return escala;
}

export async function resultadoEscala(db: DbOuTrx, numEscalacao: number): Promise<ResultadoEscala> {
  const escala = await exigirApurada(db, numEscalacao);
  const [estrutura, engajados, ponteiros] = await Promise.all([
    estruturaEscala(db, numEscalacao),
    escaladosEmOrdem(db, numEscalacao),
    ponteirosDaEscalaPorFila(db, numEscalacao),
  ]);
  const porOferta = new Map<
    number,
    ResultadoEscala['requisicoes'][number]['poroes'][number]['funcoes'][number]['escalados']
  >();
  for (const e of engajados) {
    const lista = porOferta.get(e.seq_categoria) ?? [];
    lista.push({
      codAvulso: e.cod_avulso,
      nome: e.nome,
      numChamada: e.num_chamada,
      preferencia: e.preferencia,
    });
    porOferta.set(e.seq_categoria, lista);
  }
  const requisicoes = estrutura.requisicoes.map((r) => ({
    numRequisicao: r.num_requisicao,
    codCategoria: r.cod_categoria,
    codNavio: r.cod_navio,
    nomeNavio: r.nome_navio,
    codOperador: r.cod_operador,
    nomeOperador: r.nome_operador,
    dataOperacao: r.data_operacao,
    codPeriodo: r.cod_periodo,
    horaInicio: r.hora_inicio,
    horaFim: r.hora_fim,
    nomeLocalAtrac: r.nome_local_atrac,
    poroes: estrutura.poroes
      .filter((p) => p.num_requisicao === r.num_requisicao)
      .map((p) => ({
        numPorao: p.num_porao,
        nomeMercadoria: p.mercadoria,
        funcoes: estrutura.ofertas
          .filter((o) => o.num_requisicao === r.num_requisicao && o.num_porao === p.num_porao)
          .map((o) => ({
            seqCategoria: o.seq_categoria,
            codFuncao: o.cod_funcao,
            nomeFuncao: nomeFuncao(o.cod_funcao),
            numVagas: o.num_vagas,
            escalados: porOferta.get(o.seq_categoria) ?? [],
          })),
      })),
  }));
  return {
    numEscalacao,
    situacao: escala.situacao,
    requisicoes,
    ponteiros: ponteiros.map((p) => ({
      codFuncao: p.cod_funcao,
      nomeFuncao: nomeFila(p.cod_funcao),
      ponteiroInicial: p.registro_inicial,
      ponteiroFinal: p.registro_final,
      cadastroInicial: p.cadastro_inicial,
      cadastroFinal: p.cadastro_final,
      alcancouCadastro: p.alcancou_cadastro === 1,
    })),
  };
}

/** A stored decision in Portuguese: reads what it names about its offers (a few rows by key). */
async function decisaoDe(db: DbOuTrx, numEscalacao: number, texto: string): Promise<DecisaoLida> {
  const ids = ofertasDaDecisao(texto);
  const linhas = ids.length === 0 ? [] : await ofertasAuditadas(db, numEscalacao, ids);
  const ofertas = new Map<number, OfertaAuditada>(
    linhas.map((l) => [l.seq_categoria, { descricao: l.descricao, ultimoEscalado: l.ultimo_escalado }]),
  );
  return lerDecisao(texto, ofertas);
}

export async function auditoriaAvulso(
  db: DbOuTrx,
  numEscalacao: number,
  codAvulso: string,
): Promise<Auditoria> {
  await exigirApurada(db, numEscalacao);
  const [avulso, decisao] = await Promise.all([
    nomeENumero(db, codAvulso),
    decisaoGravada(db, numEscalacao, codAvulso),
  ]);
  if (!avulso) throw new ErroApp('NaoEncontrado', 'Trabalhador não encontrado.');
  const base = { numEscalacao, codAvulso, nome: avulso.nome, numChamada: avulso.num_chamada };
  if (!decisao) {
    return {
      ...base,
      escolheu: false,
      escalado: false,
      motivo: 'Não fez escolhas nesta escala.',
      escolhas: [],
    };
  }
  const d = await decisaoDe(db, numEscalacao, decisao.decisao);
  return {
    ...base,
    escolheu: true,
    escalado: decisao.escalado === 1,
    motivo: d.motivo,
    escolhas: d.escolhas,
  };
}

/**
 * The audit search (docs/decisions/0261): a matrícula or a número de chamada among every worker, a part of a
 * name (no accents, no case) among those who chose in the call; at most LIMITE_BUSCA_AUDITORIA, by número.
 */
export async function buscarNaAuditoria(
  db: DbOuTrx,
  numEscalacao: number,
  termo: string,
): Promise<BuscaAuditoria> {
  await exigirApurada(db, numEscalacao);
  const busca = lerBuscaTrabalhador(termo);
  // The query schema refused what has no meaning; this is the same rule.
  if ('erro' in busca) throw new ErroApp('DadosInvalidos', busca.erro);
  const filtro =
    busca.tipo === 'matricula'
      ? { codAvulso: busca.codAvulso }
      : busca.tipo === 'numero'
        ? { numChamada: busca.numChamada }
        : { escolheram: true as const };
  let linhas = await candidatosDaBusca(db, numEscalacao, filtro);
  if (busca.tipo === 'nome') linhas = linhas.filter((l) => normalizarNome(l.nome).includes(busca.nome));
  return {
    trabalhadores: linhas.slice(0, LIMITE_BUSCA_AUDITORIA).map((l) => ({
      codAvulso: l.cod_avulso,
      nome: l.nome,
      numChamada: l.num_chamada,
      escolheu: l.decidido !== null,
      escalado: l.escalado === 1,
    })),
    haMais: linhas.length > LIMITE_BUSCA_AUDITORIA,
  };
}

/** Who chose and got no job, each with the audit's paragraph; the offers they name read in one query. */
export async function naoEscaladosDaEscala(db: DbOuTrx, numEscalacao: number): Promise<NaoEscalados> {
  await exigirApurada(db, numEscalacao);
  const linhas = await decisoesNaoEscalados(db, numEscalacao);
  const ids = [...new Set(linhas.flatMap((l) => ofertasDaDecisao(l.decisao)))];
  const auditadas = ids.length === 0 ? [] : await ofertasAuditadas(db, numEscalacao, ids);
  const ofertas = new Map<number, OfertaAuditada>(
    auditadas.map((l) => [l.seq_categoria, { descricao: l.descricao, ultimoEscalado: l.ultimo_escalado }]),
  );
  return {
    trabalhadores: linhas.map((l) => ({
      codAvulso: l.cod_avulso,
      nome: l.nome,
      numChamada: l.num_chamada,
      motivo: lerDecisao(l.decisao, ofertas).motivo,
    })),
  };
}

/** The job of an engagement, from the call's own rows (the same the publish turned into `trabalho`). */
async function trabalhoDoEngajamento(
  db: DbOuTrx,
  numEscalacao: number,
  codAvulso: string,
): Promise<TrabalhoEscalado | undefined> {
  const linha = await engajamentoComTurno(db, numEscalacao, codAvulso);
  if (!linha) return undefined;
  return {
    dataOperacao: linha.data_operacao,
    horaInicio: linha.hora_inicio,
    horaFim: linha.hora_fim,
    operador: linha.nome_operador,
    navio: linha.nome_navio,
    localAtracacao: linha.nome_local_atrac,
    mercadoria: linha.mercadoria,
    numPorao: linha.num_porao,
    codFuncao: linha.cod_funcao,
    funcao: nomeFuncao(linha.cod_funcao),
  };
}

/**
 * The worker's own result of a published call (the latest when no number is given; null when none was
 * published yet). A call not published (yet) is not found: its result may still change.
 */
export async function resultadoDoAvulso(
  db: DbOuTrx,
  codAvulso: string,
  numEscalacao: number | undefined,
): Promise<ResultadoAvulso | null> {
  const escala = await ultimaPublicada(db, numEscalacao);
  if (!escala) {
    if (numEscalacao === undefined) return null;
    throw new ErroApp('NaoEncontrado', 'O resultado desta escala ainda não foi publicado.');
  }
  const chamada = {
    numEscalacao: escala.num_escalacao,
    dataChamada: escala.data_chamada,
    horaChamada: escala.hora_chamada,
  };
  const decisao = await decisaoGravada(db, escala.num_escalacao, codAvulso);
  if (!decisao) return { resultado: 'sem-escolhas', ...chamada };
  const d = await decisaoDe(db, escala.num_escalacao, decisao.decisao);
  if (decisao.escalado === 1) {
    const trabalho = await trabalhoDoEngajamento(db, escala.num_escalacao, codAvulso);
    if (trabalho) return { resultado: 'escalado', ...chamada, trabalho, ...d };
  }
  return { resultado: 'nao-escalado', ...chamada, ...d };
}
