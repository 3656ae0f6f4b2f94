import type { Auditoria, ResultadoAvulso, ResultadoEscala, TrabalhoEscalado } from '#common/api/gestao.ts';
import { categoriasEscala } from '#common/dominio.ts';
import { funcaoPorCodigo } from '#common/funcoes.ts';
import type { DbOuTrx } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { estruturaEscala } from '../escalacao/repositorio.ts';
import { type DecisaoLida, lerDecisao, type OfertaAuditada, ofertasDaDecisao } from './auditoria-gravada.ts';
import { linhaEscala } from './repositorio.ts';

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
    db
      .selectFrom('escala_engajamento as e')
      .innerJoin('avulso as a', 'a.cod_avulso', 'e.cod_avulso')
      .select(['e.seq_categoria', 'e.cod_avulso', 'a.nome', 'e.num_chamada', 'e.preferencia'])
      .where('e.num_escalacao', '=', numEscalacao)
      .orderBy('e.seq_categoria')
      // Rotation order (docs/decisions/0214): registered before cadastered, circular from the pointer, so
      // the offer's last engaged (the audit's 'último escalado') is the last of its list. Rows of calls rotated
      // before migration 2026-11-26-20 have no position and keep the number order.
      .orderBy('e.posicao')
      .orderBy('e.num_chamada')
      .execute(),
    db
      .selectFrom('escala_ponteiro')
      .selectAll()
      .where('num_escalacao', '=', numEscalacao)
      .orderBy('cod_funcao')
      .execute(),
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
    nomeNavio: r.nome_navio,
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
  const linhas =
    ids.length === 0
      ? []
      : await db
          .selectFrom('escala_auditoria_oferta')
          .select(['seq_categoria', 'descricao', 'ultimo_escalado'])
          .where('num_escalacao', '=', numEscalacao)
          .where('seq_categoria', 'in', ids)
          .execute();
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
    db
      .selectFrom('avulso')
      .select(['nome', 'num_chamada'])
      .where('cod_avulso', '=', codAvulso)
      .executeTakeFirst(),
    db
      .selectFrom('escala_decisao')
      .select(['escalado', 'decisao'])
      .where('num_escalacao', '=', numEscalacao)
      .where('cod_avulso', '=', codAvulso)
      .executeTakeFirst(),
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

/** The job of an engagement, from the call's own rows (the same the publish turned into `trabalho`). */
async function trabalhoDoEngajamento(
  db: DbOuTrx,
  numEscalacao: number,
  codAvulso: string,
): Promise<TrabalhoEscalado | undefined> {
  const linha = await db
    .selectFrom('escala_engajamento as e')
    .innerJoin('oferta as o', 'o.seq_categoria', 'e.seq_categoria')
    .innerJoin('requisicao as r', 'r.num_requisicao', 'o.num_requisicao')
    .innerJoin('porao as p', (j) =>
      j.onRef('p.num_requisicao', '=', 'o.num_requisicao').onRef('p.num_porao', '=', 'o.num_porao'),
    )
    .select([
      'r.data_operacao',
      'r.hora_inicio',
      'r.hora_fim',
      'r.nome_operador',
      'r.nome_navio',
      'r.nome_local_atrac',
      'p.mercadoria',
      'o.num_porao',
      'o.cod_funcao',
    ])
    .where('e.num_escalacao', '=', numEscalacao)
    .where('e.cod_avulso', '=', codAvulso)
    // The main pass's engagement; a double shift's (docs/decisions/0218) is named in the audit's paragraph.
    .orderBy('e.passe')
    .executeTakeFirst();
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
  const escala = await db
    .selectFrom('escala')
    .select(['num_escalacao', 'data_chamada', 'hora_chamada'])
    .where('situacao', '=', 'publicada')
    .$if(numEscalacao !== undefined, (q) => q.where('num_escalacao', '=', numEscalacao as number))
    .orderBy('publicada_em', 'desc')
    .orderBy('num_escalacao', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!escala) {
    if (numEscalacao === undefined) return null;
    throw new ErroApp('NaoEncontrado', 'O resultado desta escala ainda não foi publicado.');
  }
  const chamada = {
    numEscalacao: escala.num_escalacao,
    dataChamada: escala.data_chamada,
    horaChamada: escala.hora_chamada,
  };
  const decisao = await db
    .selectFrom('escala_decisao')
    .select(['escalado', 'decisao'])
    .where('num_escalacao', '=', escala.num_escalacao)
    .where('cod_avulso', '=', codAvulso)
    .executeTakeFirst();
  if (!decisao) return { resultado: 'sem-escolhas', ...chamada };
  const d = await decisaoDe(db, escala.num_escalacao, decisao.decisao);
  if (decisao.escalado === 1) {
    const trabalho = await trabalhoDoEngajamento(db, escala.num_escalacao, codAvulso);
    if (trabalho) return { resultado: 'escalado', ...chamada, trabalho, ...d };
  }
  return { resultado: 'nao-escalado', ...chamada, ...d };
}
