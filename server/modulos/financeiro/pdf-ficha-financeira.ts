import { nomeDoArquivo } from '#common/api/financeiro.ts';
import { formatarDataIso, formatarMoeda, nomeMes } from '#common/formato.ts';
import {
  cabecalho,
  colunasDescricaoValor,
  criarDocumento,
  dataHoraPorExtenso,
  destaque,
  nota,
  paraBuffer,
  rodape,
  secao,
  tabela,
  valorSemMoeda,
} from '../../plataforma/pdf/base.ts';
import type { ContextoPdf, TrabalhadorPdf } from '../../plataforma/pdf/trabalhador.ts';
import { blocoTrabalhador } from '../../plataforma/pdf/trabalhador.ts';
import { dadosFicha, reais } from './apresentacao.ts';
import type { FichaCompleta } from './repositorio.ts';

const colunasValor = colunasDescricaoValor(0.75, 0.25);

/** The monthly financial record: every value of docs/produto/minha-conta.md §3 and the month's payslips. */
export async function pdfFichaFinanceira(
  { ficha: f, contracheques }: FichaCompleta,
  trabalhador: TrabalhadorPdf,
  { organizacao, fuso }: ContextoPdf,
): Promise<Buffer> {
  const emitida = new Date(f.emitida_em);
  const competencia = `${nomeMes(f.mes)}/${f.ano}`;
  const doc = criarDocumento({
    titulo: `Ficha financeira ${competencia} - ${trabalhador.nome}`,
    assunto: `Ficha financeira de ${trabalhador.nome}, competência ${competencia}`,
    autor: organizacao.nome,
    emitidoEm: emitida,
  });
  cabecalho(
    doc,
    organizacao,
    'Ficha financeira',
    `Nº ${f.numero_ficha} · ${competencia}\nEmitida em ${dataHoraPorExtenso(emitida, fuso)}`,
  );
  blocoTrabalhador(doc, trabalhador, [
    { rotulo: 'Competência', valor: competencia, largura: 0.25 },
    { rotulo: 'Engajamentos', valor: String(f.engajamentos), largura: 0.25 },
  ]);

  const d = dadosFicha(f);
  const linha = (descricao: string, valor: number): string[] => [descricao, valorSemMoeda(valor)];
  secao(doc, 'Remuneração do mês');
  tabela(doc, {
    colunas: colunasValor,
    linhas: [
      linha('Valor bruto', d.valorBruto),
      linha('Férias + 1/3 (provisão)', d.valorFerias),
      linha('13º salário (provisão)', d.valor13Salario),
    ],
  });
  secao(doc, 'Descontos');
  tabela(doc, {
    colunas: colunasValor,
    linhas: [
      linha('INSS', d.valorInss),
      linha('IRRF', d.valorIrrf),
      linha('IRRF sobre férias', d.valorIrrfFerias),
      linha('INSS sobre 13º salário', d.valorInss13),
      linha('IRRF sobre 13º salário', d.valorIrrf13),
    ],
    totais: [
      'Total de descontos',
      valorSemMoeda(d.valorInss + d.valorIrrf + d.valorIrrfFerias + d.valorInss13 + d.valorIrrf13),
    ],
  });
  secao(doc, 'FGTS (depósitos do mês)');
  tabela(doc, {
    colunas: colunasValor,
    linhas: [
      linha('FGTS do mês', d.valorFgtsMes),
      linha('FGTS sobre férias', d.valorFgtsFerias),
      linha('FGTS sobre 13º salário', d.valorFgts13),
    ],
    totais: ['Total de FGTS', valorSemMoeda(d.valorFgtsMes + d.valorFgtsFerias + d.valorFgts13)],
  });
  destaque(doc, 'Valor bruto do mês', formatarMoeda(d.valorBruto));

  if (contracheques.length) {
    secao(doc, 'Contracheques da competência');
    tabela(doc, {
      tamanhoFonte: 8.5,
      colunas: [
        { titulo: 'Data', largura: 0.13 },
        { titulo: 'Nº', largura: 0.1 },
        { titulo: 'Tipo', largura: 0.14 },
        { titulo: 'Operação', largura: 0.3 },
        { titulo: 'Navio', largura: 0.18 },
        { titulo: 'Líquido (R$)', largura: 0.15, alinhamento: 'right' },
      ],
      linhas: contracheques.map((c) => [
        formatarDataIso(c.movimento),
        String(c.numero).padStart(6, '0'),
        c.tipo === 'ccComplementar' ? 'Complementar' : 'Normal',
        c.operacao ?? '',
        c.navio ?? '',
        valorSemMoeda(reais(c.liquido)),
      ]),
      totais: [
        '',
        '',
        '',
        'Total líquido',
        '',
        valorSemMoeda(reais(contracheques.reduce((s, c) => s + c.liquido, 0))),
      ],
    });
  }
  nota(
    doc,
    'Férias + 1/3 e 13º salário são provisionados a cada engajamento; INSS e IRRF sobre férias e 13º salário são retidos no mês do seu pagamento. FGTS de 8% sobre a remuneração, as férias e o 13º salário.',
  );
  rodape(
    doc,
    `Emitida em ${dataHoraPorExtenso(emitida, fuso)} · ${organizacao.nome} · Portal do TPA · ${nomeDoArquivo(f.arquivo)}`,
  );
  return paraBuffer(doc);
}
