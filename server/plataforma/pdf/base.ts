import PDFDocument from 'pdfkit';
import { formatarMoeda } from '#common/formato.ts';
import { dataHoraLocal } from '#common/tempo.ts';
import type { Organizacao } from '../../config.ts';

/**
 * Shared building blocks of every PDF the server issues (pay documents, declarations): an A4 document
 * with fixed metadata, the organisation's header, label/value grids, tables with page breaks, and a
 * footer on every page. Only the 14 standard PDF fonts are used (Helvetica covers Portuguese through
 * WinAnsi), so nothing is embedded and the same input always gives the same bytes: CreationDate is the
 * document's issue instant and the file ID derives from the metadata, never from the clock or chance.
 */

export type Documento = PDFKit.PDFDocument;

export const CORES = {
  primaria: '#0b3a66',
  destaque: '#f59e0b',
  texto: '#111827',
  suave: '#4b5563',
  borda: '#9ca3af',
  linha: '#d1d5db',
  faixa: '#e3eefb',
  zebra: '#f5f7fa',
} as const;

export const FONTE = 'Helvetica';
export const FONTE_NEGRITO = 'Helvetica-Bold';
export const MARGEM = 40;
/** Space kept at the bottom of every page for the footer. */
const ALTURA_RODAPE = 34;

export interface OpcoesDocumento {
  titulo: string;
  assunto?: string;
  autor: string;
  /** The document's issue instant: its CreationDate, so the file never changes. */
  emitidoEm: Date;
  palavrasChave?: string;
}

export function criarDocumento(opcoes: OpcoesDocumento): Documento {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGEM, left: MARGEM, right: MARGEM, bottom: MARGEM + ALTURA_RODAPE },
    bufferPages: true,
    lang: 'pt-BR',
    displayTitle: true,
    info: {
      Title: opcoes.titulo,
      Author: opcoes.autor,
      Subject: opcoes.assunto ?? opcoes.titulo,
      Keywords: opcoes.palavrasChave ?? '',
      Creator: 'Portal do TPA',
      Producer: 'Portal do TPA',
      CreationDate: opcoes.emitidoEm,
      ModDate: opcoes.emitidoEm,
    },
  });
  doc.font(FONTE).fontSize(10).fillColor(CORES.texto);
  return doc;
}

/** Ends the document and collects its bytes. */
export function paraBuffer(doc: Documento): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const partes: Buffer[] = [];
    doc.on('data', (parte: Buffer) => partes.push(parte));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
    doc.end();
  });
}

export function larguraUtil(doc: Documento): number {
  return doc.page.width - doc.page.margins.left - doc.page.margins.right;
}

/** Bottom of the writable area of the current page. */
function limiteInferior(doc: Documento): number {
  return doc.page.height - doc.page.margins.bottom;
}

/** Starts a new page when fewer than `altura` points are left. */
export function garantirEspaco(doc: Documento, altura: number): void {
  if (doc.y + altura > limiteInferior(doc)) doc.addPage();
}

/** 'dd/MM/yyyy às HH:mm' in the port's time zone. */
export function dataHoraPorExtenso(instante: Date, fuso: string): string {
  const { data, hora } = dataHoraLocal(instante, fuso);
  return `${data.slice(8, 10)}/${data.slice(5, 7)}/${data.slice(0, 4)} às ${hora}`;
}

/** Money without the currency sign, for table columns: 1234.5 → '1.234,50'. */
export function valorSemMoeda(valor: number | null | undefined): string {
  return formatarMoeda(valor).slice(3);
}

/**
 * The organisation's header: a coloured bar, its name, full name and address on the left, the
 * document's title (and an optional subtitle such as its number) on the right, then a rule.
 */
export function cabecalho(doc: Documento, org: Organizacao, titulo: string, subtitulo?: string): void {
  const x = doc.page.margins.left;
  const largura = larguraUtil(doc);
  const topo = doc.page.margins.top;
  doc
    .save()
    .rect(x, topo - 14, largura, 4)
    .fill(CORES.primaria)
    .restore();

  const larguraTitulo = 235;
  const larguraOrg = largura - larguraTitulo - 12;
  doc.fillColor(CORES.primaria).font(FONTE_NEGRITO).fontSize(14);
  doc.text(org.nome, x, topo, { width: larguraOrg });
  doc.fillColor(CORES.suave).font(FONTE).fontSize(7.5);
  doc.text(org.nomeCompleto, { width: larguraOrg });
  const documentoOrg = org.cnpj ? `CNPJ ${org.cnpj} · ` : '';
  doc.text(`${documentoOrg}${org.endereco}`, { width: larguraOrg });
  doc.text(`Telefone ${org.telefoneSede}`, { width: larguraOrg });
  const fimOrg = doc.y;

  doc.fillColor(CORES.primaria).font(FONTE_NEGRITO).fontSize(12.5);
  doc.text(titulo.toLocaleUpperCase('pt-BR'), x + largura - larguraTitulo, topo, {
    width: larguraTitulo,
    align: 'right',
  });
  if (subtitulo) {
    doc.fillColor(CORES.texto).font(FONTE).fontSize(9);
    doc.text(subtitulo, { width: larguraTitulo, align: 'right' });
  }
  const fim = Math.max(fimOrg, doc.y) + 8;
  doc
    .save()
    .moveTo(x, fim)
    .lineTo(x + largura, fim)
    .lineWidth(1)
    .strokeColor(CORES.primaria)
    .stroke()
    .restore();
  doc.x = x;
  doc.y = fim + 10;
  doc.fillColor(CORES.texto).font(FONTE).fontSize(10);
}

/** A small uppercase section title. */
export function secao(doc: Documento, titulo: string): void {
  garantirEspaco(doc, 40);
  const x = doc.page.margins.left;
  doc.moveDown(0.4);
  doc.fillColor(CORES.primaria).font(FONTE_NEGRITO).fontSize(9);
  doc.text(titulo.toLocaleUpperCase('pt-BR'), x, doc.y, { width: larguraUtil(doc), characterSpacing: 0.4 });
  doc.moveDown(0.25);
  doc.fillColor(CORES.texto).font(FONTE).fontSize(10);
}

/** A plain paragraph across the page. */
export function paragrafo(doc: Documento, texto: string, opcoes: PDFKit.Mixins.TextOptions = {}): void {
  const x = doc.page.margins.left;
  doc.fillColor(CORES.texto).font(FONTE).fontSize(10);
  doc.text(texto, x, doc.y, { width: larguraUtil(doc), lineGap: 2, ...opcoes });
}

/** A small grey note (legal basis, how values were obtained). */
export function nota(doc: Documento, texto: string): void {
  const x = doc.page.margins.left;
  doc.fillColor(CORES.suave).font(FONTE).fontSize(8);
  doc.text(texto, x, doc.y, { width: larguraUtil(doc), lineGap: 1.5, align: 'justify' });
  doc.moveDown(0.4);
  doc.fillColor(CORES.texto).font(FONTE).fontSize(10);
}

export interface Celula {
  rotulo: string;
  valor: string;
  /** Share of the row's width; the cells of a row without any share split it evenly. */
  largura?: number;
  alinhamento?: 'left' | 'right' | 'center';
}

/** A bordered grid of label/value cells (identification blocks of a payslip or a declaration). */
export function grade(doc: Documento, linhas: Celula[][]): void {
  const x0 = doc.page.margins.left;
  const total = larguraUtil(doc);
  const pad = 4;
  for (const linha of linhas) {
    const definidas = linha.reduce((s, c) => s + (c.largura ?? 0), 0);
    const semLargura = linha.filter((c) => c.largura === undefined).length;
    const resto = semLargura ? (1 - definidas) / semLargura : 0;
    const larguras = linha.map((c) => (c.largura ?? resto) * total);
    const alturas = linha.map((c, i) => {
      const w = (larguras[i] ?? 0) - 2 * pad;
      doc.font(FONTE).fontSize(6.5);
      const hr = doc.heightOfString(c.rotulo.toLocaleUpperCase('pt-BR'), { width: w });
      doc.font(FONTE_NEGRITO).fontSize(9.5);
      const hv = doc.heightOfString(c.valor || '—', { width: w });
      return hr + hv + 2 * pad + 1;
    });
    const altura = Math.max(...alturas);
    garantirEspaco(doc, altura);
    const y = doc.y;
    let x = x0;
    linha.forEach((c, i) => {
      const w = larguras[i] ?? 0;
      doc.save().rect(x, y, w, altura).lineWidth(0.6).strokeColor(CORES.borda).stroke().restore();
      doc.fillColor(CORES.suave).font(FONTE).fontSize(6.5);
      doc.text(c.rotulo.toLocaleUpperCase('pt-BR'), x + pad, y + pad, {
        width: w - 2 * pad,
        align: c.alinhamento ?? 'left',
      });
      doc.fillColor(CORES.texto).font(FONTE_NEGRITO).fontSize(9.5);
      doc.text(c.valor || '—', x + pad, doc.y + 1, { width: w - 2 * pad, align: c.alinhamento ?? 'left' });
      x += w;
    });
    doc.x = x0;
    doc.y = y + altura;
  }
  doc.moveDown(0.6);
  doc.fillColor(CORES.texto).font(FONTE).fontSize(10);
}

export interface Coluna {
  titulo: string;
  /** Share of the page's width. */
  largura: number;
  alinhamento?: 'left' | 'right' | 'center';
}

/** The two columns of a list of amounts: what it is, and the value in R$ on the right. */
export function colunasDescricaoValor(larguraDescricao: number, larguraValor: number): Coluna[] {
  return [
    { titulo: 'Descrição', largura: larguraDescricao },
    { titulo: 'Valor (R$)', largura: larguraValor, alinhamento: 'right' },
  ];
}

export interface OpcoesTabela {
  colunas: Coluna[];
  linhas: string[][];
  /** A bold closing row (totals). */
  totais?: string[];
  tamanhoFonte?: number;
  /** Drawn at the top of each page the table continues on, before its header (e.g. the section's title). */
  aoContinuar?: () => void;
  /** Rows drawn highlighted (bold on amber): e.g. a vacancy nobody filled. */
  destacada?: (linha: number) => boolean;
}

/** Fill of a highlighted row. */
const FUNDO_DESTAQUE = '#fdecc8';

/** A table with a shaded header and zebra rows; on a page break the header repeats. */
export function tabela(
  doc: Documento,
  { colunas, linhas, totais, tamanhoFonte = 9, aoContinuar, destacada }: OpcoesTabela,
): void {
  const x0 = doc.page.margins.left;
  const total = larguraUtil(doc);
  const larguras = colunas.map((c) => c.largura * total);
  const pad = 3.5;

  const alturaLinha = (celulas: string[], fonte: string) => {
    doc.font(fonte).fontSize(tamanhoFonte);
    return (
      Math.max(
        ...celulas.map((t, i) => doc.heightOfString(t || ' ', { width: (larguras[i] ?? 0) - 2 * pad })),
      ) +
      2 * pad
    );
  };

  const desenharLinha = (celulas: string[], fonte: string, fundo: string | null, cor: string) => {
    const altura = alturaLinha(celulas, fonte);
    const y = doc.y;
    if (fundo) doc.save().rect(x0, y, total, altura).fill(fundo).restore();
    let x = x0;
    celulas.forEach((t, i) => {
      const w = larguras[i] ?? 0;
      doc.fillColor(cor).font(fonte).fontSize(tamanhoFonte);
      doc.text(t, x + pad, y + pad, { width: w - 2 * pad, align: colunas[i]?.alinhamento ?? 'left' });
      x += w;
    });
    doc
      .save()
      .moveTo(x0, y + altura)
      .lineTo(x0 + total, y + altura)
      .lineWidth(0.5)
      .strokeColor(CORES.linha)
      .stroke()
      .restore();
    doc.x = x0;
    doc.y = y + altura;
  };

  const cabecalhoTabela = () => {
    desenharLinha(
      colunas.map((c) => c.titulo.toLocaleUpperCase('pt-BR')),
      FONTE_NEGRITO,
      CORES.faixa,
      CORES.primaria,
    );
  };

  garantirEspaco(
    doc,
    alturaLinha(
      colunas.map((c) => c.titulo),
      FONTE_NEGRITO,
    ) *
      2 +
      4,
  );
  cabecalhoTabela();
  linhas.forEach((linha, i) => {
    const forte = destacada?.(i) ?? false;
    const fonte = forte ? FONTE_NEGRITO : FONTE;
    if (doc.y + alturaLinha(linha, fonte) > limiteInferior(doc)) {
      doc.addPage();
      aoContinuar?.();
      cabecalhoTabela();
    }
    desenharLinha(linha, fonte, forte ? FUNDO_DESTAQUE : i % 2 === 1 ? CORES.zebra : null, CORES.texto);
  });
  if (totais) {
    garantirEspaco(doc, alturaLinha(totais, FONTE_NEGRITO));
    desenharLinha(totais, FONTE_NEGRITO, CORES.faixa, CORES.texto);
  }
  doc.moveDown(0.6);
  doc.fillColor(CORES.texto).font(FONTE).fontSize(10);
}

/** A highlighted amount on the right (net value, totals): label above, large value below. */
export function destaque(doc: Documento, rotulo: string, valor: string): void {
  const largura = 210;
  const altura = 42;
  garantirEspaco(doc, altura + 8);
  const x = doc.page.margins.left + larguraUtil(doc) - largura;
  const y = doc.y;
  doc.save().roundedRect(x, y, largura, altura, 4).fill(CORES.primaria).restore();
  doc.fillColor('#ffffff').font(FONTE).fontSize(7.5);
  doc.text(rotulo.toLocaleUpperCase('pt-BR'), x + 10, y + 7, { width: largura - 20, align: 'right' });
  doc.font(FONTE_NEGRITO).fontSize(15);
  doc.text(valor, x + 10, y + 18, { width: largura - 20, align: 'right' });
  doc.x = doc.page.margins.left;
  doc.y = y + altura + 10;
  doc.fillColor(CORES.texto).font(FONTE).fontSize(10);
}

/**
 * Writes the footer on every page once the content is done: the issuing line on the left,
 * 'Página i de n' on the right. Call just before paraBuffer.
 */
export function rodape(doc: Documento, texto: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const margemInferior = doc.page.margins.bottom;
    // Writing below the bottom margin would start a new page: lift it while the footer is drawn.
    doc.page.margins.bottom = 0;
    const x = doc.page.margins.left;
    const largura = larguraUtil(doc);
    const y = doc.page.height - MARGEM - 14;
    doc
      .save()
      .moveTo(x, y - 6)
      .lineTo(x + largura, y - 6)
      .lineWidth(0.5)
      .strokeColor(CORES.borda)
      .stroke()
      .restore();
    doc.fillColor(CORES.suave).font(FONTE).fontSize(7.5);
    doc.text(texto, x, y, { width: largura - 80, lineBreak: false });
    doc.text(`Página ${i - start + 1} de ${count}`, x + largura - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = margemInferior;
  }
}
