import type { ResultadoEscala } from '#common/api/gestao.ts';
import { formatarDataIso, preencher, turno } from '#common/formato.ts';
import { nomePorao } from '#common/porao.ts';
import type { Config } from '../../config.ts';
import { escreverCsv } from '../../plataforma/csv.ts';
import { ErroApp } from '../../plataforma/http/erro-app.ts';
import {
  cabecalho,
  criarDocumento,
  dataHoraPorExtenso,
  grade,
  nota,
  paraBuffer,
  rodape,
  secao,
  tabela,
} from '../../plataforma/pdf/base.ts';

/**
 * The published call for the operators (issue 16): per ship and period (one requisition), every hold and
 * function with the engaged workers and their rotation numbers; unfilled vacancies named as such. Issued at
 * the publish instant, so the same call always gives the same bytes.
 */

const dataOperacao = (yyyymmdd: string) =>
  formatarDataIso(`${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`);

export interface EscalaParaPdf {
  resultado: ResultadoEscala;
  dataChamada: string;
  horaChamada: string;
  publicadaEm: Date;
  /** One operator's or one ship's part of the call (docs/decisions/0266): named in the title. */
  recorte?: string;
}

/** Columns wide enough for their uppercase titles at 8.5 pt ('MATRÍCULA' broke at 11 %: issue 27). */
const COLUNAS = [
  { titulo: 'Porão/Bloco', largura: 0.22 },
  { titulo: 'Função', largura: 0.21 },
  { titulo: 'Nº chamada', largura: 0.12, alinhamento: 'center' as const },
  { titulo: 'Matrícula', largura: 0.13, alinhamento: 'center' as const },
  { titulo: 'Trabalhador', largura: 0.32 },
];

const vagasNaoPreenchidas = (n: number) => (n === 1 ? '1 vaga não preenchida' : `${n} vagas não preenchidas`);

export async function pdfEscalaPublicada(config: Config, e: EscalaParaPdf): Promise<Buffer> {
  const { resultado: r } = e;
  const titulo = `Escala nº ${r.numEscalacao}${e.recorte ? ` · ${e.recorte}` : ''}`;
  const doc = criarDocumento({
    titulo,
    autor: config.organizacao.nome,
    emitidoEm: e.publicadaEm,
    palavrasChave: 'escalação, rodízio, escala publicada',
  });
  cabecalho(doc, config.organizacao, 'Escala publicada', titulo);
  const funcoes = r.requisicoes.flatMap((q) => q.poroes.flatMap((p) => p.funcoes));
  const vagas = funcoes.reduce((s, f) => s + f.numVagas, 0);
  const escalados = funcoes.reduce((s, f) => s + f.escalados.length, 0);
  grade(doc, [
    [
      { rotulo: 'Chamada', valor: `${formatarDataIso(e.dataChamada)} às ${e.horaChamada}` },
      { rotulo: 'Publicada em', valor: dataHoraPorExtenso(e.publicadaEm, config.fusoHorario) },
      { rotulo: 'Vagas', valor: String(vagas), alinhamento: 'right' },
      { rotulo: 'Escalados', valor: String(escalados), alinhamento: 'right' },
    ],
  ]);
  // The legal basis first: at the end it spilled onto a page of its own (issue 27).
  nota(
    doc,
    'Escala apurada pelo rodízio do Portal do TPA (Lei 9.719/1998, art. 5º): registrados antes de ' +
      'cadastrados e, em cada lista, a ordem do número de chamada a partir do ponteiro de cada função. ' +
      'Vagas não preenchidas em destaque.',
  );

  for (const q of r.requisicoes) {
    const tituloSecao = `${q.nomeNavio} · ${q.nomeOperador} · ${dataOperacao(q.dataOperacao)} · ${turno(q.horaInicio, q.horaFim)} · ${q.nomeLocalAtrac}`;
    secao(doc, tituloSecao);
    const linhas: string[][] = [];
    const naoPreenchidas = new Set<number>();
    for (const p of q.poroes) {
      for (const f of p.funcoes) {
        const base = [`${nomePorao(p.numPorao)} · ${p.nomeMercadoria}`, f.nomeFuncao];
        for (const w of f.escalados) {
          linhas.push([...base, preencher(w.numChamada, 4), w.codAvulso, w.nome]);
        }
        const faltam = f.numVagas - f.escalados.length;
        if (faltam > 0) {
          naoPreenchidas.add(linhas.length);
          linhas.push([...base, '—', '—', vagasNaoPreenchidas(faltam)]);
        }
      }
    }
    tabela(doc, {
      colunas: COLUNAS,
      linhas,
      tamanhoFonte: 8.5,
      // The ship's heading again on every page its list continues on.
      aoContinuar: () => secao(doc, `${tituloSecao} (continuação)`),
      destacada: (i) => naoPreenchidas.has(i),
    });
  }
  rodape(doc, `${config.organizacao.nome} · ${titulo}`);
  return paraBuffer(doc);
}

/** One operator's or one ship's requisitions of the result (the PDF per operator, per ship). */
export function recortarResultado(
  r: ResultadoEscala,
  filtro: { codOperador?: number | undefined; codNavio?: number | undefined },
): { resultado: ResultadoEscala; recorte?: string } {
  if (filtro.codOperador === undefined && filtro.codNavio === undefined) return { resultado: r };
  const requisicoes = r.requisicoes.filter(
    (q) =>
      (filtro.codOperador === undefined || q.codOperador === filtro.codOperador) &&
      (filtro.codNavio === undefined || q.codNavio === filtro.codNavio),
  );
  const [primeira] = requisicoes;
  if (!primeira) {
    throw new ErroApp('NaoEncontrado', 'Nenhuma requisição deste operador ou navio nesta escala.');
  }
  const partes = [
    filtro.codNavio === undefined ? null : primeira.nomeNavio,
    filtro.codOperador === undefined ? null : primeira.nomeOperador,
  ].filter((x): x is string => x !== null);
  return { resultado: { ...r, requisicoes }, recorte: partes.join(' · ') };
}

/**
 * The same as CSV (`;`, UTF-8 with BOM so spreadsheets read the accents): one line per engaged worker, in
 * rotation order; written by the portal's one CSV writer, which keeps every field from running as a formula
 * (server/plataforma/csv.ts, docs/decisions/0215).
 */
export function csvEscalaPublicada(r: ResultadoEscala): string {
  const linhas = [
    [
      'numEscalacao',
      'numRequisicao',
      'navio',
      'operador',
      'dataOperacao',
      'horaInicio',
      'horaFim',
      'localAtracacao',
      'numPorao',
      'mercadoria',
      'codFuncao',
      'funcao',
      'numChamada',
      'codAvulso',
      'nome',
      'preferencia',
    ],
  ];
  for (const q of r.requisicoes) {
    for (const p of q.poroes) {
      for (const f of p.funcoes) {
        for (const w of f.escalados) {
          linhas.push(
            [
              r.numEscalacao,
              q.numRequisicao,
              q.nomeNavio,
              q.nomeOperador,
              q.dataOperacao,
              q.horaInicio,
              q.horaFim,
              q.nomeLocalAtrac,
              p.numPorao,
              p.nomeMercadoria,
              f.codFuncao,
              f.nomeFuncao,
              w.numChamada,
              w.codAvulso,
              w.nome,
              w.preferencia,
            ].map(String),
          );
        }
      }
    }
  }
  return escreverCsv(linhas);
}
