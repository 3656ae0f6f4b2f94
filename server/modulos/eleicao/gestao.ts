import type {
  Cerimonia,
  EleicaoGestao,
  EleicaoGestaoResumo,
  NovaEleicao,
} from '#common/api/eleicoes-gestao.ts';
import { CATEGORIA_OGMO } from '#common/dominio.ts';
import { ordenarPorNome } from '#common/eleicao.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../plataforma/banco/schema.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import { urlFoto } from '../avulso/index.ts';
import { buscarEleicao, comFoto, listarCandidatos } from './repositorio.ts';
import {
  eleicoesDaGestao,
  historicoDaEleicao,
  inserirCandidatos,
  inserirEleicao,
  type LinhaEleicaoGestao,
  nomesDosTrabalhadores,
  registrarAuditoriaEleicao,
  trabalhadoresCandidatos,
} from './repositorio-gestao.ts';
import { nomeDeUrna } from './seed.ts';
import { prepararUrna } from './servico.ts';
import { abrirUrna } from './urna.ts';

/**
 * Elections set up by the staff on screen (issue 30, docs/produto/eleicao.md §8, docs/decisions/0271): created
 * with their voting period and candidates (workers, by matrícula: the number on the ballot), then the key
 * ceremony, which seals the box and answers the commission's code once (0063). Closing and the tally are
 * servico.ts's, as before.
 */

export interface DependenciasEleicaoGestao {
  db: Db;
  config: Config;
  segredoFotos: string;
}

const codigoDe = (matricula: number) => String(matricula).padStart(6, '0');
const recusa = (campo: string, mensagem: string) =>
  new ErroApp('DadosInvalidos', mensagem, { dados: [{ campo, mensagem }] });

function resumo(l: LinhaEleicaoGestao): EleicaoGestaoResumo {
  return {
    $id: l.id,
    descricao: l.descricao,
    inicio: l.abertura,
    fim: l.fim_votacao,
    situacao: l.situacao,
    encerramento: l.encerramento,
    urnaPreparada: l.chave_publica !== null,
    cedulas: Number(l.cedulas ?? 0),
    criadaPor: l.criada_por ? { codAvulso: l.criada_por, nome: l.criada_por_nome ?? '' } : null,
    criadaEm: l.criada_em,
    candidatos: Number(l.candidatos ?? 0),
  };
}

export async function listarEleicoesGestao(db: Db): Promise<EleicaoGestaoResumo[]> {
  return (await eleicoesDaGestao(db)).map(resumo);
}

export async function detalharEleicao(
  deps: DependenciasEleicaoGestao,
  id: number,
  agora: Date,
): Promise<EleicaoGestao> {
  const { db, config } = deps;
  const [linha] = await eleicoesDaGestao(db, id);
  if (!linha) throw new ErroApp('NaoEncontrado', 'Eleição não encontrada.');
  const [candidatos, historico] = await Promise.all([listarCandidatos(db, id), historicoDaEleicao(db, id)]);
  const codigos = candidatos.map((c) => codigoDe(c.matricula));
  const [nomes, fotos] = await Promise.all([
    nomesDosTrabalhadores(db, codigos),
    config.fotoBaseUrl ? Promise.resolve(null) : comFoto(db, codigos),
  ]);
  const { candidatos: _n, ...base } = resumo(linha);
  return {
    ...base,
    candidatos: ordenarPorNome(
      candidatos.map((c) => {
        const codAvulso = codigoDe(c.matricula);
        return {
          matricula: c.matricula,
          codAvulso,
          nomeExibicao: c.nome_exibicao,
          nomeCompleto: nomes.get(codAvulso) ?? '',
          sexo: c.sexo,
          codSindicato: c.cod_sindicato,
          fotoUrl:
            !fotos || fotos.has(codAvulso) ? urlFoto(config, deps.segredoFotos, codAvulso, agora) : null,
        };
      }),
    ),
    historico: historico.map((h) => ({ acao: h.acao, em: h.em, por: { codAvulso: h.por, nome: h.nome } })),
  };
}

export async function criarEleicao(
  deps: DependenciasEleicaoGestao,
  e: { corpo: NovaEleicao; por: string; agora: Date },
): Promise<EleicaoGestao> {
  const { db } = deps;
  const agora = e.agora.toISOString();
  const inicio = new Date(e.corpo.inicio).toISOString();
  const fim = new Date(e.corpo.fim).toISOString();
  if (fim <= agora) throw recusa('fim', 'O fim da votação já passou: escolha um fim depois de agora.');
  const pedidos = e.corpo.candidatos;
  const trabalhadores = new Map(
    (
      await trabalhadoresCandidatos(
        db,
        pedidos.map((c) => c.codAvulso),
      )
    ).map((t) => [t.cod_avulso, t]),
  );
  const candidatos = pedidos.map((c, i) => {
    const t = trabalhadores.get(c.codAvulso);
    if (!t) throw recusa(`candidatos.${i}.codAvulso`, `Matrícula ${c.codAvulso} não encontrada.`);
    if (t.cod_categoria === CATEGORIA_OGMO || t.afastamento_definitivo !== 0) {
      throw recusa(
        `candidatos.${i}.codAvulso`,
        `${c.codAvulso} não pode ser candidato: só trabalhadores avulsos em atividade se candidatam.`,
      );
    }
    return {
      matricula: Number(c.codAvulso),
      nome_exibicao: c.nome || nomeDeUrna(t.nome),
      sexo: t.sexo === 'F' ? ('F' as const) : ('M' as const),
      cod_sindicato: t.cod_sindicato,
    };
  });
  const id = await db.transaction().execute(async (trx) => {
    const novo = await inserirEleicao(trx, {
      descricao: e.corpo.descricao,
      abertura: inicio,
      fim_votacao: fim,
      criada_por: e.por,
      criada_em: agora,
    });
    await inserirCandidatos(trx, novo, candidatos);
    await registrarAuditoriaEleicao(trx, {
      eleicao_id: novo,
      acao: 'criada',
      por: e.por,
      em: agora,
      dados: {
        descricao: e.corpo.descricao,
        inicio,
        fim,
        candidatos: candidatos.map((c) => ({ matricula: c.matricula, nome: c.nome_exibicao })),
      },
    });
    return novo;
  });
  return detalharEleicao(deps, id, e.agora);
}

/**
 * The key ceremony: seals the box with a fresh key pair and answers the commission's code this once; the
 * audit row says who and when, never the code. A box with a key already: 409 UrnaJaPreparada.
 */
export async function cerimoniaDeChaves(
  deps: DependenciasEleicaoGestao,
  e: { id: number; por: string; agora: Date },
): Promise<Cerimonia> {
  const { db } = deps;
  // The key and its audit row together: a box is never sealed without a record of who did it.
  const urna = await db.transaction().execute(async (trx) => {
    const nova = await prepararUrna(trx, e.id);
    await registrarAuditoriaEleicao(trx, {
      eleicao_id: e.id,
      acao: 'urna',
      por: e.por,
      em: e.agora.toISOString(),
    });
    return nova;
  });
  return { eleicao: await detalharEleicao(deps, e.id, e.agora), chaveApuracao: urna.chaveApuracao };
}

/** Whether the code the commission wrote down opens this election's box; nothing changes. */
export async function conferirChave(db: Db, id: number, chaveApuracao: string): Promise<{ confere: true }> {
  const eleicao = await buscarEleicao(db, id);
  if (!eleicao) throw new ErroApp('NaoEncontrado', 'Eleição não encontrada.');
  if (!eleicao.chave_publica || !eleicao.sal_chave) {
    throw recusa('chaveApuracao', 'A urna desta eleição ainda não tem chave: faça a cerimônia de chaves.');
  }
  if (!(await abrirUrna({ chavePublica: eleicao.chave_publica, sal: eleicao.sal_chave }, chaveApuracao))) {
    throw recusa('chaveApuracao', 'A chave da apuração não confere com a desta eleição.');
  }
  return { confere: true };
}
