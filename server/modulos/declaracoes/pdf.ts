import QRCode from 'qrcode';
import type { TextoDeclaracao } from '#common/declaracoes.ts';
import type { Organizacao } from '../../config.ts';
import {
  CORES,
  cabecalho,
  criarDocumento,
  dataHoraPorExtenso,
  FONTE,
  FONTE_NEGRITO,
  garantirEspaco,
  larguraUtil,
  paraBuffer,
  rodape,
} from '../../plataforma/pdf/base.ts';

/**
 * The PDF of a declaration: the very text the worker confirmed on screen (common/declaracoes.ts), the
 * place and date, a signature line, and a verification box with the code and a QR code pointing to the
 * portal's public page /verificar/<codigo>.
 */

export interface EntradaPdfDeclaracao {
  organizacao: Organizacao;
  texto: TextoDeclaracao;
  /** Short kind name for the header: 'Lockdown', 'MP 945/2020'. */
  subtitulo: string;
  codigo: string;
  urlVerificacao: string;
  emitidaEm: Date;
  fusoHorario: string;
}

const CORPO = 11;
const ESPACO_LINHA = 4;

export async function gerarPdfDeclaracao(e: EntradaPdfDeclaracao): Promise<Buffer> {
  const doc = criarDocumento({
    titulo: e.texto.titulo,
    assunto: `Declaração ${e.codigo}`,
    autor: e.organizacao.nome,
    emitidoEm: e.emitidaEm,
    palavrasChave: `declaração, ${e.subtitulo}, ${e.codigo}`,
  });
  cabecalho(doc, e.organizacao, 'Declaração', e.subtitulo);
  const x = doc.page.margins.left;
  const largura = larguraUtil(doc);

  doc.moveDown(1.2);
  doc.fillColor(CORES.primaria).font(FONTE_NEGRITO).fontSize(13);
  doc.text(e.texto.titulo, x, doc.y, { width: largura, align: 'center' });
  doc.moveDown(1.2);

  let anterior: string | undefined;
  for (const bloco of e.texto.blocos) {
    if (bloco.tipo === 'paragrafo') {
      if (anterior === 'opcao') doc.moveDown(0.5);
      doc.fillColor(CORES.texto).font(FONTE).fontSize(CORPO);
      doc.text(bloco.texto, x, doc.y, {
        width: largura,
        align: 'justify',
        lineGap: ESPACO_LINHA,
        indent: 28,
      });
      doc.moveDown(0.8);
    } else {
      // '(X)' or '( )' in a column of its own, the situation beside it (hanging indent).
      const recuo = 34;
      doc.font(FONTE).fontSize(CORPO);
      garantirEspaco(doc, doc.heightOfString(bloco.texto, { width: largura - recuo - 12 }) + 6);
      const y = doc.y;
      doc.fillColor(bloco.marcada ? CORES.primaria : CORES.suave).font(FONTE_NEGRITO);
      doc.text(bloco.marcada ? '(X)' : '(   )', x + 12, y, { width: recuo, lineBreak: false });
      doc.fillColor(CORES.texto).font(bloco.marcada ? FONTE_NEGRITO : FONTE);
      doc.text(bloco.texto, x + 12 + recuo, y, { width: largura - recuo - 12, lineGap: 2 });
      doc.moveDown(0.5);
    }
    anterior = bloco.tipo;
  }

  doc.moveDown(0.6);
  doc.fillColor(CORES.texto).font(FONTE).fontSize(CORPO);
  doc.text(e.texto.localData, x, doc.y, { width: largura, align: 'right' });

  // Signature block.
  doc.moveDown(2.6);
  garantirEspaco(doc, 60 + 120);
  const larguraAssinatura = 280;
  const xAssinatura = x + (largura - larguraAssinatura) / 2;
  doc
    .save()
    .moveTo(xAssinatura, doc.y)
    .lineTo(xAssinatura + larguraAssinatura, doc.y)
    .lineWidth(0.8)
    .strokeColor(CORES.texto)
    .stroke()
    .restore();
  doc.moveDown(0.45);
  e.texto.assinatura.forEach((linha, i) => {
    doc
      .fillColor(i === 0 ? CORES.texto : CORES.suave)
      .font(i === 0 ? FONTE_NEGRITO : FONTE)
      .fontSize(i === 0 ? 10 : 9);
    doc.text(linha, xAssinatura - 40, doc.y, { width: larguraAssinatura + 80, align: 'center' });
  });

  await caixaVerificacao(doc, e);

  rodape(
    doc,
    `${e.organizacao.nome} · Emitida pelo Portal do TPA em ${dataHoraPorExtenso(e.emitidaEm, e.fusoHorario)} · ${e.codigo}`,
  );
  return paraBuffer(doc);
}

/** The box at the bottom: QR code on the left, the code and how to check it on the right. */
async function caixaVerificacao(doc: PDFKit.PDFDocument, e: EntradaPdfDeclaracao): Promise<void> {
  const qr = await QRCode.toBuffer(e.urlVerificacao, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 1,
    width: 360,
    color: { dark: '#072642', light: '#ffffff' },
  });
  const x = doc.page.margins.left;
  const largura = larguraUtil(doc);
  const altura = 112;
  const lado = 92;
  doc.moveDown(2);
  garantirEspaco(doc, altura + 4);
  // Keep the box at the bottom of the page when there is room: it reads as the document's seal.
  const fundo = doc.page.height - doc.page.margins.bottom - altura;
  const y = Math.max(doc.y, fundo);
  doc
    .save()
    .roundedRect(x, y, largura, altura, 6)
    .lineWidth(1)
    .fillAndStroke('#f3f8fe', CORES.primaria)
    .restore();
  doc.image(qr, x + 10, y + (altura - lado) / 2, { width: lado, height: lado });

  const xt = x + lado + 24;
  const lt = largura - lado - 34;
  doc.fillColor(CORES.suave).font(FONTE).fontSize(8);
  doc.text('CÓDIGO DE VERIFICAÇÃO', xt, y + 12, { width: lt, characterSpacing: 0.4 });
  doc.fillColor(CORES.primaria).font(FONTE_NEGRITO).fontSize(18);
  doc.text(e.codigo, xt, doc.y + 1, { width: lt, characterSpacing: 1 });
  doc.fillColor(CORES.texto).font(FONTE).fontSize(9);
  doc.text(
    'Confira a autenticidade desta declaração apontando a câmera do celular para o QR code ou em:',
    xt,
    doc.y + 4,
    {
      width: lt,
    },
  );
  doc.fillColor(CORES.primaria).font(FONTE_NEGRITO).fontSize(9);
  doc.text(e.urlVerificacao, xt, doc.y + 1, { width: lt, link: e.urlVerificacao, underline: false });
  doc.fillColor(CORES.suave).font(FONTE).fontSize(8);
  doc.text(`Emitida em ${dataHoraPorExtenso(e.emitidaEm, e.fusoHorario)} (horário local).`, xt, doc.y + 3, {
    width: lt,
  });
  doc.x = x;
  doc.y = y + altura;
}
