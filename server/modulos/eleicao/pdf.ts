import type { ResultadoEleicao, Zeresima } from '#common/api/eleicoes.ts';
import { ehVotoEspecial, formatarPercentual, rotuloCandidato } from '#common/eleicao.ts';
import { formatarMilhar } from '#common/formato.ts';
import type { Config } from '../../config.ts';
import {
  cabecalho,
  criarDocumento,
  dataHoraPorExtenso,
  destaque,
  grade,
  paraBuffer,
  paragrafo,
  rodape,
  secao,
  tabela,
} from '../../plataforma/pdf/base.ts';

/** The printable reports of the CPATP election: the zero report and the result, for OGMO staff. */

const TITULO_ELEICAO = 'Eleição CPATP';

function identificacao(
  doc: PDFKit.PDFDocument,
  config: Config,
  eleicao: ResultadoEleicao['eleicao'],
  emitidoEm: Date,
) {
  const fuso = config.fusoHorario;
  grade(doc, [
    [{ rotulo: 'Eleição', valor: eleicao.descricao ?? `${TITULO_ELEICAO} nº ${eleicao.$id}` }],
    [
      { rotulo: 'Número', valor: String(eleicao.$id), largura: 0.16 },
      { rotulo: 'Abertura', valor: dataHoraPorExtenso(new Date(eleicao.abertura), fuso) },
      {
        rotulo: 'Encerramento',
        valor: eleicao.encerramento ? dataHoraPorExtenso(new Date(eleicao.encerramento), fuso) : 'Em aberto',
      },
      { rotulo: 'Emitido em', valor: dataHoraPorExtenso(emitidoEm, fuso) },
    ],
  ]);
}

const numero = (n: number) => formatarMilhar(n);

export async function pdfResultado(config: Config, r: ResultadoEleicao): Promise<Buffer> {
  const emitidoEm = new Date(r.emitidoEm);
  const doc = criarDocumento({
    titulo: `Resultado da ${TITULO_ELEICAO} nº ${r.eleicao.$id}`,
    autor: config.organizacao.nome,
    emitidoEm,
    palavrasChave: 'CPATP, eleição, resultado, apuração',
  });
  cabecalho(doc, config.organizacao, 'Resultado da eleição', `${TITULO_ELEICAO} nº ${r.eleicao.$id}`);
  identificacao(doc, config, r.eleicao, emitidoEm);

  secao(doc, 'Votos por candidato');
  const percentualDe = (votos: number) => formatarPercentual(r.cedulas > 0 ? votos / r.cedulas : 0);
  tabela(doc, {
    colunas: [
      { titulo: 'Pos.', largura: 0.07, alinhamento: 'center' },
      { titulo: 'Candidato(a)', largura: 0.38 },
      { titulo: 'Sindicato', largura: 0.2 },
      { titulo: 'Matrícula', largura: 0.12, alinhamento: 'center' },
      { titulo: 'Votos', largura: 0.11, alinhamento: 'right' },
      { titulo: '% das cédulas', largura: 0.12, alinhamento: 'right' },
    ],
    linhas: [
      ...r.candidatos.map((c, i) => [
        `${i + 1}º`,
        c.nomeExibicao,
        rotuloCandidato(c.codSindicato, c.sexo).sindicato,
        String(c.matricula).padStart(6, '0'),
        numero(c.votos),
        percentualDe(c.votos),
      ]),
      ['', 'Votos em branco', '', '', numero(r.brancos), percentualDe(r.brancos)],
      ['', 'Votos nulos', '', '', numero(r.nulos), percentualDe(r.nulos)],
    ],
    totais: ['', 'Total de cédulas', '', '', numero(r.cedulas), r.cedulas > 0 ? '100,0%' : '0,0%'],
  });

  secao(doc, 'Comparecimento');
  grade(doc, [
    [
      { rotulo: 'Eleitores aptos', valor: numero(r.eleitores), alinhamento: 'right' },
      { rotulo: 'Votantes', valor: numero(r.votantes), alinhamento: 'right' },
      { rotulo: 'Abstenções', valor: numero(Math.max(0, r.eleitores - r.votantes)), alinhamento: 'right' },
      { rotulo: 'Votos válidos', valor: numero(r.validos), alinhamento: 'right' },
    ],
  ]);
  destaque(doc, 'Comparecimento', formatarPercentual(r.comparecimento));
  const conferencia =
    r.cedulas === r.votantes
      ? 'O número de cédulas confere com o número de votantes.'
      : `ATENÇÃO: ${numero(r.cedulas)} cédula(s) para ${numero(r.votantes)} votante(s). Comunique a comissão eleitoral.`;
  paragrafo(
    doc,
    'As cédulas não identificam o eleitor: a lista de votantes e a urna são guardadas separadamente, ' +
      `sem horário nem ordem de votação. ${conferencia}`,
    { align: 'justify' },
  );
  rodape(doc, `${config.organizacao.nome} · ${TITULO_ELEICAO} nº ${r.eleicao.$id} · resultado`);
  return paraBuffer(doc);
}

export async function pdfZeresima(config: Config, z: Zeresima): Promise<Buffer> {
  const emitidoEm = new Date(z.emitidoEm);
  const doc = criarDocumento({
    titulo: `Zerésima da ${TITULO_ELEICAO} nº ${z.eleicao.$id}`,
    autor: config.organizacao.nome,
    emitidoEm,
    palavrasChave: 'CPATP, eleição, zerésima',
  });
  cabecalho(doc, config.organizacao, 'Zerésima', `${TITULO_ELEICAO} nº ${z.eleicao.$id}`);
  identificacao(doc, config, z.eleicao, emitidoEm);
  paragrafo(
    doc,
    'Relatório emitido com a eleição aberta e antes do primeiro voto: comprova que a urna eletrônica ' +
      'não contém nenhuma cédula e que nenhum candidato tem votos.',
    { align: 'justify' },
  );
  doc.moveDown(0.5);
  secao(doc, 'Candidatos');
  tabela(doc, {
    colunas: [
      { titulo: 'Candidato(a)', largura: 0.6 },
      { titulo: 'Matrícula', largura: 0.2, alinhamento: 'center' },
      { titulo: 'Votos', largura: 0.2, alinhamento: 'right' },
    ],
    linhas: z.candidatos.map((c) => [
      c.nomeExibicao,
      ehVotoEspecial(c.matricula) ? '—' : String(c.matricula).padStart(6, '0'),
      numero(c.votos),
    ]),
  });
  grade(doc, [
    [
      { rotulo: 'Cédulas na urna', valor: numero(z.cedulas), alinhamento: 'right' },
      { rotulo: 'Votantes registrados', valor: numero(z.votantes), alinhamento: 'right' },
      { rotulo: 'Eleitores aptos', valor: numero(z.eleitores), alinhamento: 'right' },
    ],
  ]);
  rodape(doc, `${config.organizacao.nome} · ${TITULO_ELEICAO} nº ${z.eleicao.$id} · zerésima`);
  return paraBuffer(doc);
}
