import type { ResultadoEscala } from '#common/api/gestao.ts';
import { formatarDataIso, preencher, turno } from '#common/formato.ts';
import { nomePorao } from '#common/porao.ts';
import type { Config } from '../../config.ts';
import { escreverCsv } from '../../plataforma/csv.ts';
import {
  cabecalho,
  criarDocumento,
  dataHoraPorExtenso,
  grade,
  paraBuffer,
  paragrafo,
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
}

export async function pdfEscalaPublicada(config: Config, e: EscalaParaPdf): Promise<Buffer> {
  const { resultado: r } = e;
  const doc = criarDocumento({
    titulo: `Escala nº ${r.numEscalacao}`,
    autor: config.organizacao.nome,
    emitidoEm: e.publicadaEm,
    palavrasChave: 'escalação, rodízio, escala publicada',
  });
  cabecalho(doc, config.organizacao, 'Escala publicada', `Escala nº ${r.numEscalacao}`);
  const vagas = r.requisicoes
    .flatMap((q) => q.poroes.flatMap((p) => p.funcoes))
    .reduce((s, f) => s + f.numVagas, 0);
  const escalados = r.requisicoes
    .flatMap((q) => q.poroes.flatMap((p) => p.funcoes))
    .reduce((s, f) => s + f.escalados.length, 0);
  grade(doc, [
    [
      { rotulo: 'Chamada', valor: `${formatarDataIso(e.dataChamada)} às ${e.horaChamada}` },
      { rotulo: 'Publicada em', valor: dataHoraPorExtenso(e.publicadaEm, config.fusoHorario) },
      { rotulo: 'Vagas', valor: String(vagas), alinhamento: 'right' },
      { rotulo: 'Escalados', valor: String(escalados), alinhamento: 'right' },
    ],
  ]);

  for (const q of r.requisicoes) {
    secao(
      doc,
      `${q.nomeNavio} · ${q.nomeOperador} · ${dataOperacao(q.dataOperacao)} · ${turno(q.horaInicio, q.horaFim)} · ${q.nomeLocalAtrac}`,
    );
    const linhas: string[][] = [];
    for (const p of q.poroes) {
      for (const f of p.funcoes) {
        const base = [`${nomePorao(p.numPorao)} · ${p.nomeMercadoria}`, f.nomeFuncao];
        for (const w of f.escalados) {
          linhas.push([...base, preencher(w.numChamada, 4), w.codAvulso, w.nome]);
        }
        const faltam = f.numVagas - f.escalados.length;
        if (faltam > 0) linhas.push([...base, '—', '—', `${faltam} vaga(s) não preenchida(s)`]);
      }
    }
    tabela(doc, {
      colunas: [
        { titulo: 'Porão/Bloco', largura: 0.24 },
        { titulo: 'Função', largura: 0.22 },
        { titulo: 'Nº chamada', largura: 0.11, alinhamento: 'center' },
        { titulo: 'Matrícula', largura: 0.11, alinhamento: 'center' },
        { titulo: 'Trabalhador', largura: 0.32 },
      ],
      linhas,
      tamanhoFonte: 8.5,
    });
  }
  paragrafo(
    doc,
    'Escala apurada pelo rodízio do Portal do TPA (Lei 9.719/1998, art. 5º): registrados antes de ' +
      'cadastrados e, em cada lista, a ordem do número de chamada a partir do ponteiro de cada função.',
    { align: 'justify' },
  );
  rodape(doc, `${config.organizacao.nome} · Escala nº ${r.numEscalacao}`);
  return paraBuffer(doc);
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
