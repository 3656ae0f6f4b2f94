import { randomUUID } from 'node:crypto';
import type {
  Candidato,
  EleicaoPendente,
  EleicaoResumo,
  ResultadoEleicao,
  Zeresima,
} from '#common/api/eleicoes.ts';
import { VOTO_BRANCO, VOTO_NULO } from '#common/dominio.ts';
import { comparecimento, NOME_VOTO_BRANCO, NOME_VOTO_NULO, ordenarPorNome } from '#common/eleicao.ts';
import type { Config } from '../../config.ts';
import { descartarVersoesAntigas, ehViolacaoDeUnicidade } from '../../plataforma/banco/dialeto.ts';
import type { Db, DbOuTrx } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { urlFoto } from '../avulso/index.ts';
import {
  buscarEleicao,
  buscarEleicaoPendente,
  comFoto,
  contarCedulas,
  contarEleitores,
  contarVotantes,
  ehCandidato,
  ehEleitor,
  lerApuracao,
  listarCandidatos,
  listarSelos,
} from './repositorio.ts';
import type { EleicaoTable } from './tabelas.ts';
import { abrirCedula, abrirUrna, novaUrna, selarVoto, type UrnaNova } from './urna.ts';

/**
 * The CPATP election: the pending ballot, the vote that counts once, closing and the tally.
 * Secrecy (docs/decisions/0060-eleicao-sigilo-do-voto.md, 0063-cedula-selada.md): who voted goes to
 * `votante`, what was voted to `cedula`, sealed with the election's public key under a random id; neither
 * holds a time; the private key exists only in memory while the tally runs; nothing here logs a vote.
 */

const matriculaParaCodigo = (matricula: number) => String(matricula).padStart(6, '0');

function resumo(
  e: Pick<EleicaoTable, 'descricao' | 'abertura' | 'encerramento' | 'situacao'> & { id: number },
) {
  return {
    $id: e.id,
    descricao: e.descricao,
    abertura: e.abertura,
    encerramento: e.encerramento,
    situacao: e.situacao,
  } satisfies EleicaoResumo;
}

/** GET /api/eleicoes/pendente: null when the worker may not vote or has voted in every open election. */
export async function eleicaoPendente(
  db: Db,
  config: Config,
  segredoFotos: string,
  agora: Date,
  codAvulso: string,
): Promise<EleicaoPendente | null> {
  if (!(await ehEleitor(db, codAvulso))) return null;
  const eleicao = await buscarEleicaoPendente(db, codAvulso);
  if (!eleicao) return null;
  const linhas = await listarCandidatos(db, eleicao.id);
  const fotos = config.fotoBaseUrl
    ? null
    : await comFoto(
        db,
        linhas.map((c) => matriculaParaCodigo(c.matricula)),
      );
  const candidatos: Candidato[] = ordenarPorNome(
    linhas.map((c) => {
      const codigo = matriculaParaCodigo(c.matricula);
      return {
        matricula: c.matricula,
        nomeExibicao: c.nome_exibicao,
        sexo: c.sexo,
        codSindicato: c.cod_sindicato,
        fotoUrl: !fotos || fotos.has(codigo) ? urlFoto(config, segredoFotos, codigo, agora) : null,
      };
    }),
  );
  const especial = (matricula: number, nomeExibicao: string): Candidato => ({
    matricula,
    nomeExibicao,
    sexo: null,
    codSindicato: null,
    fotoUrl: null,
  });
  candidatos.push(especial(VOTO_BRANCO, NOME_VOTO_BRANCO), especial(VOTO_NULO, NOME_VOTO_NULO));
  return { eleicao: { $id: eleicao.id, descricao: eleicao.descricao }, candidatos };
}

/**
 * Records a vote. The database enforces "once": the voter's row in `votante` (primary key
 * eleicao_id + cod_avulso) and the sealed ballot go in one transaction, so a second attempt, even at the
 * same instant, fails on the key and nothing of it stays, and a crash keeps both or neither. Sharing a
 * transaction (PostgreSQL `xmin`, one WAL commit) links the voter to a seal that only the commission's
 * key opens. The first statement locks the election row while checking that it is open, so a vote and a
 * closing never interleave.
 */
export async function registrarVoto(
  db: Db,
  codAvulso: string,
  idEleicao: number,
  voto: number,
): Promise<void> {
  if (!(await ehEleitor(db, codAvulso))) {
    throw new ErroApp('AcessoNegado', 'Apenas os trabalhadores portuários avulsos votam nesta eleição.');
  }
  try {
    await db.transaction().execute(async (trx) => {
      const aberta = await trx
        .updateTable('eleicao')
        .set({ situacao: 'aberta' })
        .where('id', '=', idEleicao)
        .where('situacao', '=', 'aberta')
        .returning('chave_publica')
        .executeTakeFirst();
      // An election whose box has no key yet is not open for voting (it is not offered either).
      if (!aberta?.chave_publica) throw new ErroApp('EleicaoInexistente');
      const chavePublica = aberta.chave_publica;
      if (voto !== VOTO_BRANCO && voto !== VOTO_NULO && !(await ehCandidato(trx, idEleicao, voto))) {
        throw new ErroApp('DadosInvalidos', 'O voto escolhido não é um candidato desta eleição.', {
          dados: [
            { campo: 'voto', mensagem: 'Escolha um candidato desta eleição, voto em branco ou voto nulo.' },
          ],
        });
      }
      await trx.insertInto('votante').values({ eleicao_id: idEleicao, cod_avulso: codAvulso }).execute();
      await trx
        .insertInto('cedula')
        .values({ eleicao_id: idEleicao, id: randomUUID(), selo: selarVoto(chavePublica, idEleicao, voto) })
        .execute();
    });
  } catch (erro) {
    if (erro instanceof ErroApp) throw erro;
    if (ehViolacaoDeUnicidade(erro)) throw new ErroApp('VotoJaRegistrado');
    // The driver's error may quote the statement's parameters: only its code leaves this function.
    const codigo = erro && typeof erro === 'object' && 'code' in erro ? String(erro.code) : 'desconhecido';
    throw new Error(`falha ao registrar um voto (código ${codigo})`);
  }
}

/**
 * Sets up the sealed box of an election that has none (a new one, or one from before sealing existed):
 * stores the public key and answers the commission's code, which is shown once and never stored.
 */
export async function prepararUrna(db: Db, idEleicao: number, chaveApuracao?: string): Promise<UrnaNova> {
  const urna = await novaUrna(chaveApuracao);
  const feito = await db
    .updateTable('eleicao')
    .set({ chave_publica: urna.chavePublica, sal_chave: urna.sal })
    .where('id', '=', idEleicao)
    .where('situacao', '=', 'aberta')
    .where('chave_publica', 'is', null)
    .executeTakeFirst();
  if (Number(feito.numUpdatedRows) === 0) {
    const eleicao = await eleicaoOuErro(db, idEleicao);
    throw eleicao.situacao === 'encerrada'
      ? new ErroApp('EleicaoEncerrada')
      : new ErroApp(
          'DadosInvalidos',
          'A urna desta eleição já tem chave: ela não é trocada depois de criada.',
        );
  }
  return urna;
}

const chaveIncorreta = () =>
  new ErroApp('DadosInvalidos', 'A chave da apuração não confere com a desta eleição.', {
    dados: [
      { campo: 'chaveApuracao', mensagem: 'Confira a chave da apuração entregue à comissão eleitoral.' },
    ],
  });

/**
 * Closes an open election and tallies it, in one transaction: the commission's code gives the private
 * key (checked against the stored public key before anything changes), every seal is opened in memory,
 * only the counts per vote are written to `apuracao`; then ballots (with fresh random ids) and voters
 * are rewritten in key order, so that on PostgreSQL neither the heap order nor the inserting transaction
 * (`xmin`) of a row lines up with the other table any more. Dead versions are vacuumed afterwards.
 */
export async function encerrarEleicao(
  db: Db,
  idEleicao: number,
  agora: Date,
  chaveApuracao: string,
): Promise<EleicaoResumo> {
  const antes = await eleicaoOuErro(db, idEleicao);
  if (antes.situacao !== 'aberta') throw new ErroApp('EleicaoEncerrada');
  const privada =
    antes.chave_publica && antes.sal_chave
      ? await abrirUrna({ chavePublica: antes.chave_publica, sal: antes.sal_chave }, chaveApuracao)
      : null;
  if (antes.chave_publica && !privada) throw chaveIncorreta();
  const encerrada = await db.transaction().execute(async (trx) => {
    const fechou = await trx
      .updateTable('eleicao')
      .set({ situacao: 'encerrada', encerramento: agora.toISOString() })
      .where('id', '=', idEleicao)
      .where('situacao', '=', 'aberta')
      .returning('chave_publica')
      .executeTakeFirst();
    if (!fechou) throw new ErroApp('EleicaoEncerrada');
    // A box set up between the check above and this lock would hold seals this key does not open.
    if (fechou.chave_publica !== antes.chave_publica) throw chaveIncorreta();
    const apuracao = await lerApuracao(trx, idEleicao);
    if (privada) {
      const validos = new Set([
        VOTO_BRANCO,
        VOTO_NULO,
        ...(await listarCandidatos(trx, idEleicao)).map((c) => c.matricula),
      ]);
      let ilegiveis = 0;
      for (const selo of await listarSelos(trx, idEleicao)) {
        const voto = abrirCedula(privada, idEleicao, selo);
        if (voto === null || !validos.has(voto)) ilegiveis++;
        else apuracao.set(voto, (apuracao.get(voto) ?? 0) + 1);
      }
      // Only a write outside the portal makes a seal that does not open: stop and keep the box as it is.
      if (ilegiveis > 0)
        throw new Error(`a urna da eleição ${idEleicao} tem ${ilegiveis} cédula(s) que não abrem`);
    }
    await trx.deleteFrom('apuracao').where('eleicao_id', '=', idEleicao).execute();
    const linhas = [...apuracao].map(([voto, votos]) => ({ eleicao_id: idEleicao, voto, votos }));
    if (linhas.length > 0) await trx.insertInto('apuracao').values(linhas).execute();
    await reescreverSemOrdem(trx, idEleicao);
    const eleitores = await contarEleitores(trx, idEleicao);
    await trx.updateTable('eleicao').set({ eleitores }).where('id', '=', idEleicao).execute();
    const eleicao = await buscarEleicao(trx, idEleicao);
    if (!eleicao) throw new Error('eleição sumiu durante o encerramento');
    return eleicao;
  });
  await descartarVersoesAntigas(db, ['cedula', 'votante', 'apuracao']);
  return resumo(encerrada);
}

const LOTE = 500;

async function reescreverSemOrdem(trx: DbOuTrx, idEleicao: number): Promise<void> {
  const cedulas = await trx.selectFrom('cedula').select('selo').where('eleicao_id', '=', idEleicao).execute();
  const novas = cedulas
    .map((c) => ({ eleicao_id: idEleicao, id: randomUUID(), selo: c.selo }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const votantes = await trx
    .selectFrom('votante')
    .select('cod_avulso')
    .where('eleicao_id', '=', idEleicao)
    .orderBy('cod_avulso')
    .execute();
  await trx.deleteFrom('cedula').where('eleicao_id', '=', idEleicao).execute();
  await trx.deleteFrom('votante').where('eleicao_id', '=', idEleicao).execute();
  for (let i = 0; i < novas.length; i += LOTE) {
    await trx
      .insertInto('cedula')
      .values(novas.slice(i, i + LOTE))
      .execute();
  }
  for (let i = 0; i < votantes.length; i += LOTE) {
    await trx
      .insertInto('votante')
      .values(votantes.slice(i, i + LOTE).map((v) => ({ eleicao_id: idEleicao, cod_avulso: v.cod_avulso })))
      .execute();
  }
}

async function eleicaoOuErro(db: DbOuTrx, idEleicao: number) {
  const eleicao = await buscarEleicao(db, idEleicao);
  if (!eleicao) throw new ErroApp('NaoEncontrado', 'Eleição não encontrada.');
  return eleicao;
}

/** The tally, only once the election is closed: while it is open nobody sees a partial count. */
export async function apurarEleicao(db: Db, idEleicao: number, agora: Date): Promise<ResultadoEleicao> {
  const eleicao = await eleicaoOuErro(db, idEleicao);
  if (eleicao.situacao !== 'encerrada') throw new ErroApp('EleicaoEmAndamento');
  const [linhas, porVoto, votantes] = await Promise.all([
    listarCandidatos(db, idEleicao),
    lerApuracao(db, idEleicao),
    contarVotantes(db, idEleicao),
  ]);
  const candidatos = ordenarPorNome(
    linhas.map((c) => ({
      matricula: c.matricula,
      nomeExibicao: c.nome_exibicao,
      sexo: c.sexo,
      codSindicato: c.cod_sindicato,
      votos: porVoto.get(c.matricula) ?? 0,
    })),
  ).sort((a, b) => b.votos - a.votos);
  const cedulas = [...porVoto.values()].reduce((s, n) => s + n, 0);
  const brancos = porVoto.get(VOTO_BRANCO) ?? 0;
  const nulos = porVoto.get(VOTO_NULO) ?? 0;
  const eleitores = eleicao.eleitores ?? (await contarEleitores(db, idEleicao));
  return {
    eleicao: resumo(eleicao),
    candidatos,
    brancos,
    nulos,
    validos: cedulas - brancos - nulos,
    cedulas,
    votantes,
    eleitores,
    comparecimento: comparecimento(votantes, eleitores),
    emitidoEm: agora.toISOString(),
  };
}

/**
 * The zero report: issued while the election is open and before its first ballot, it shows every
 * candidate, white and null with the ballots stored for each, all zero, and an empty box.
 * Once a ballot exists it is refused, so it can never show a partial count.
 */
export async function emitirZeresima(db: Db, idEleicao: number, agora: Date): Promise<Zeresima> {
  const eleicao = await eleicaoOuErro(db, idEleicao);
  if (eleicao.situacao !== 'aberta') {
    throw new ErroApp(
      'EleicaoEncerrada',
      'A zerésima só é emitida com a eleição aberta, antes do primeiro voto.',
    );
  }
  const [linhas, porVoto, cedulas, votantes, eleitores] = await Promise.all([
    listarCandidatos(db, idEleicao),
    lerApuracao(db, idEleicao),
    contarCedulas(db, idEleicao),
    contarVotantes(db, idEleicao),
    contarEleitores(db, idEleicao),
  ]);
  if (cedulas > 0 || votantes > 0) {
    throw new ErroApp(
      'EleicaoEmAndamento',
      `A zerésima só é emitida antes do primeiro voto: a urna desta eleição já tem ${cedulas} cédula(s).`,
    );
  }
  const candidatos = [
    ...ordenarPorNome(linhas.map((c) => ({ matricula: c.matricula, nomeExibicao: c.nome_exibicao }))),
    { matricula: VOTO_BRANCO, nomeExibicao: NOME_VOTO_BRANCO },
    { matricula: VOTO_NULO, nomeExibicao: NOME_VOTO_NULO },
  ].map((c) => ({ ...c, votos: porVoto.get(c.matricula) ?? 0 }));
  return {
    eleicao: resumo(eleicao),
    candidatos,
    cedulas,
    votantes,
    eleitores,
    emitidoEm: agora.toISOString(),
  };
}
