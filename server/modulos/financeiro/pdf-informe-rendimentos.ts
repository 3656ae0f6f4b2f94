import { nomeDoArquivo } from '#common/api/financeiro.ts';
import { formatarCpf } from '#common/formato.ts';
import {
  cabecalho,
  colunasDescricaoValor,
  criarDocumento,
  dataHoraPorExtenso,
  grade,
  nota,
  paraBuffer,
  rodape,
  secao,
  tabela,
  valorSemMoeda,
} from '../../plataforma/pdf/base.ts';
import type { ContextoPdf, TrabalhadorPdf } from '../../plataforma/pdf/trabalhador.ts';
import { reais } from './apresentacao.ts';
import type { LinhaInforme } from './tabelas.ts';

const colunasValor = colunasDescricaoValor(0.78, 0.22);

/**
 * The yearly income statement, laid out like the Receita Federal's 'Comprovante de Rendimentos Pagos e
 * de Imposto sobre a Renda Retido na Fonte' (quadros 1 to 7).
 */
export async function pdfInformeRendimentos(
  i: LinhaInforme,
  trabalhador: TrabalhadorPdf,
  { organizacao, fuso }: ContextoPdf,
): Promise<Buffer> {
  const emitido = new Date(i.emitido_em);
  const doc = criarDocumento({
    titulo: `Informe de rendimentos ${i.ano_calendario} - ${trabalhador.nome}`,
    assunto: `Comprovante de rendimentos pagos e de imposto sobre a renda retido na fonte, ano-calendário ${i.ano_calendario}`,
    autor: organizacao.nome,
    emitidoEm: emitido,
  });
  cabecalho(
    doc,
    organizacao,
    'Informe de rendimentos',
    `Exercício ${i.ano_exercicio} · Ano-calendário ${i.ano_calendario}`,
  );
  nota(
    doc,
    'Comprovante de rendimentos pagos e de imposto sobre a renda retido na fonte. Verifique as condições e o prazo para a apresentação da Declaração do Imposto sobre a Renda da Pessoa Física para este ano-calendário no sítio da Secretaria Especial da Receita Federal do Brasil.',
  );

  secao(doc, '1. Fonte pagadora pessoa jurídica');
  grade(doc, [
    [
      { rotulo: 'CNPJ', valor: organizacao.cnpj, largura: 0.3 },
      { rotulo: 'Nome empresarial', valor: organizacao.nomeCompleto, largura: 0.7 },
    ],
  ]);
  secao(doc, '2. Pessoa física beneficiária dos rendimentos');
  grade(doc, [
    [
      { rotulo: 'CPF', valor: formatarCpf(trabalhador.cpf), largura: 0.3 },
      { rotulo: 'Nome completo', valor: trabalhador.nome, largura: 0.7 },
    ],
    [
      { rotulo: 'Natureza do rendimento', valor: 'Rendimentos do trabalho portuário avulso', largura: 0.7 },
      { rotulo: 'Matrícula', valor: trabalhador.codAvulso, largura: 0.3 },
    ],
  ]);

  secao(doc, '3. Rendimentos tributáveis, deduções e imposto sobre a renda retido na fonte');
  tabela(doc, {
    colunas: colunasValor,
    tamanhoFonte: 8.5,
    linhas: [
      ['01. Total dos rendimentos (inclusive férias)', valorSemMoeda(reais(i.rendimentos_tributaveis))],
      ['02. Contribuição previdenciária oficial', valorSemMoeda(reais(i.contribuicao_previdenciaria))],
      ['03. Contribuições a entidades de previdência complementar', valorSemMoeda(0)],
      ['04. Pensão alimentícia', valorSemMoeda(0)],
      ['05. Imposto sobre a renda retido na fonte', valorSemMoeda(reais(i.irrf))],
    ],
  });
  secao(doc, '4. Rendimentos isentos e não tributáveis');
  tabela(doc, {
    colunas: colunasValor,
    tamanhoFonte: 8.5,
    linhas: [
      [
        '01. Parcela isenta dos proventos de aposentadoria, reserva remunerada, reforma e pensão',
        valorSemMoeda(0),
      ],
      ['02. Diárias e ajudas de custo', valorSemMoeda(0)],
      ['03. Indenizações por rescisão de contrato de trabalho, inclusive a título de PDV', valorSemMoeda(0)],
      ['04. Outros', valorSemMoeda(0)],
    ],
  });
  secao(doc, '5. Rendimentos sujeitos à tributação exclusiva (rendimento líquido)');
  tabela(doc, {
    colunas: colunasValor,
    tamanhoFonte: 8.5,
    linhas: [
      ['01. 13º salário', valorSemMoeda(reais(i.decimo_terceiro))],
      ['02. Imposto sobre a renda retido na fonte sobre 13º salário', valorSemMoeda(reais(i.irrf_13))],
      ['03. Outros', valorSemMoeda(0)],
    ],
  });
  secao(doc, '6. Rendimentos recebidos acumuladamente');
  nota(doc, 'Não houve rendimentos recebidos acumuladamente no ano-calendário.');
  secao(doc, '7. Informações complementares');
  nota(
    doc,
    `FGTS depositado no ano-calendário (não tributável, informativo): R$ ${valorSemMoeda(reais(i.fgts_depositado))}. Sindicato: ${trabalhador.sindicato}. Rendimentos pagos pelo ${organizacao.nome} pelos engajamentos do trabalhador portuário avulso (Lei 9.719/1998).`,
  );
  secao(doc, '8. Responsável pelas informações');
  grade(doc, [
    [
      { rotulo: 'Nome', valor: organizacao.nome, largura: 0.5 },
      { rotulo: 'Data', valor: dataHoraPorExtenso(emitido, fuso).slice(0, 10), largura: 0.2 },
      { rotulo: 'Assinatura', valor: 'Dispensada (emitido eletronicamente)', largura: 0.3 },
    ],
  ]);
  nota(doc, 'Aprovado pela Instrução Normativa RFB nº 2.060, de 13 de dezembro de 2021.');
  rodape(
    doc,
    `Emitido em ${dataHoraPorExtenso(emitido, fuso)} · ${organizacao.nome} · Portal do TPA · ${nomeDoArquivo(i.arquivo)}`,
  );
  return paraBuffer(doc);
}
