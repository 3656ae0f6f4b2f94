import { nomeDoArquivo } from '#common/api/financeiro.ts';
import { formatarDataIso, formatarMoeda, nomeMes } from '#common/formato.ts';
import {
  cabecalho,
  criarDocumento,
  dataHoraPorExtenso,
  destaque,
  grade,
  nota,
  paraBuffer,
  rodape,
  secao,
  tabela,
  valorSemMoeda,
} from '../../plataforma/pdf/base.ts';
import type { ContextoPdf, TrabalhadorPdf } from '../../plataforma/pdf/trabalhador.ts';
import { blocoTrabalhador } from '../../plataforma/pdf/trabalhador.ts';
import { nomeTipo13Ferias, reais } from './apresentacao.ts';
import type { ContrachequeCompleto } from './repositorio.ts';
import type { LinhaVerba } from './tabelas.ts';

const numeroFormatado = (n: number) => String(n).padStart(6, '0');

function somaVerbas(verbas: LinhaVerba[], natureza: LinhaVerba['natureza']) {
  return reais(verbas.filter((v) => v.natureza === natureza).reduce((s, v) => s + v.valor, 0));
}

/** Earnings and deductions in one table, then the net value, then the lines given for information. */
function corpoVerbas(doc: PDFKit.PDFDocument, verbas: LinhaVerba[], liquido: number) {
  secao(doc, 'Proventos e descontos');
  const principais = verbas.filter((v) => v.natureza !== 'I');
  tabela(doc, {
    colunas: [
      { titulo: 'Cód.', largura: 0.08 },
      { titulo: 'Descrição', largura: 0.42 },
      { titulo: 'Referência', largura: 0.14, alinhamento: 'center' },
      { titulo: 'Proventos', largura: 0.18, alinhamento: 'right' },
      { titulo: 'Descontos', largura: 0.18, alinhamento: 'right' },
    ],
    linhas: principais.map((v) => [
      v.codigo,
      v.descricao,
      v.referencia ?? '',
      v.natureza === 'P' ? valorSemMoeda(reais(v.valor)) : '',
      v.natureza === 'D' ? valorSemMoeda(reais(v.valor)) : '',
    ]),
    totais: [
      '',
      'Totais',
      '',
      valorSemMoeda(somaVerbas(verbas, 'P')),
      valorSemMoeda(somaVerbas(verbas, 'D')),
    ],
  });
  destaque(doc, 'Valor líquido', formatarMoeda(liquido));

  const informativas = verbas.filter((v) => v.natureza === 'I');
  if (informativas.length) {
    secao(doc, 'Informativo (não soma ao líquido)');
    tabela(doc, {
      colunas: [
        { titulo: 'Cód.', largura: 0.08 },
        { titulo: 'Descrição', largura: 0.56 },
        { titulo: 'Referência', largura: 0.18, alinhamento: 'center' },
        { titulo: 'Valor', largura: 0.18, alinhamento: 'right' },
      ],
      linhas: informativas.map((v) => [
        v.codigo,
        v.descricao,
        v.referencia ?? '',
        valorSemMoeda(reais(v.valor)),
      ]),
    });
  }
}

/**
 * A payslip: of an engagement (Normal or Complementar: operation, ship, hold, shift, function) or the
 * yearly 13th-salary or holiday payslip (its reference period). Same row, same bytes.
 */
export async function pdfContracheque(
  { contracheque: c, verbas }: ContrachequeCompleto,
  trabalhador: TrabalhadorPdf,
  { organizacao, fuso }: ContextoPdf,
): Promise<Buffer> {
  const emitido = new Date(c.emitido_em);
  const engajamento = c.tipo === 'ccNormal' || c.tipo === 'ccComplementar';
  const titulo = engajamento ? 'Contracheque' : `Contracheque de ${nomeTipo13Ferias(c.tipo)}`;
  const tipo = c.tipo === 'ccComplementar' ? 'Complementar' : c.tipo === 'ccNormal' ? 'Normal' : c.referencia;
  const doc = criarDocumento({
    titulo: `${titulo} nº ${numeroFormatado(c.numero)} - ${trabalhador.nome}`,
    assunto: `${titulo} de ${trabalhador.nome}, competência ${nomeMes(c.mes)}/${c.ano}`,
    autor: organizacao.nome,
    emitidoEm: emitido,
  });
  cabecalho(
    doc,
    organizacao,
    titulo,
    `Nº ${numeroFormatado(c.numero)}${engajamento ? ` · ${tipo}` : ''}\nEmitido em ${dataHoraPorExtenso(emitido, fuso)}`,
  );
  const competencia = { rotulo: 'Competência', valor: `${nomeMes(c.mes)}/${c.ano}` };
  blocoTrabalhador(
    doc,
    trabalhador,
    engajamento
      ? [
          { rotulo: 'Função', valor: c.funcao ?? '', largura: 0.3 },
          { ...competencia, largura: 0.2 },
        ]
      : [{ ...competencia, largura: 0.5 }],
  );

  if (engajamento) {
    secao(doc, 'Engajamento');
    grade(doc, [
      [
        { rotulo: 'Data do movimento', valor: formatarDataIso(c.movimento), largura: 0.2 },
        { rotulo: 'Turno', valor: c.turno ?? '', largura: 0.12 },
        { rotulo: 'Operação', valor: c.operacao ?? '', largura: 0.43 },
        { rotulo: 'Tipo', valor: tipo ?? '', largura: 0.25 },
      ],
      [
        { rotulo: 'Operador portuário', valor: c.operador ?? '', largura: 0.4 },
        { rotulo: 'Navio', valor: c.navio ?? '', largura: 0.45 },
        { rotulo: 'Porão', valor: c.porao ?? '', largura: 0.15 },
      ],
    ]);
  } else {
    secao(doc, 'Pagamento');
    grade(doc, [
      [
        { rotulo: 'Tipo', valor: nomeTipo13Ferias(c.tipo), largura: 0.25 },
        { rotulo: 'Referência', valor: c.referencia ?? '', largura: 0.5 },
        { rotulo: 'Data do pagamento', valor: formatarDataIso(c.movimento), largura: 0.25 },
      ],
    ]);
  }

  corpoVerbas(doc, verbas, reais(c.liquido));

  nota(
    doc,
    engajamento
      ? 'Férias + 1/3 e 13º salário são provisionados a cada engajamento e pagos nos contracheques de férias e de 13º salário (Lei 9.719/1998, art. 2º). O FGTS é depositado na conta vinculada do trabalhador.'
      : 'Valores provisionados nos engajamentos do período de referência e pagos neste contracheque (Lei 9.719/1998, art. 2º).',
  );
  rodape(
    doc,
    `Emitido em ${dataHoraPorExtenso(emitido, fuso)} · ${organizacao.nome} · Portal do TPA · ${nomeDoArquivo(c.arquivo)}`,
  );
  return paraBuffer(doc);
}
