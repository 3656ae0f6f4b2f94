import type { ReactNode } from 'react';
import { Acordeao } from '../../components/ui/acordeao.tsx';
import { FecharModal, Modal } from '../../components/ui/modal.tsx';
import type { EndpointDownload } from './api.ts';
import { BotaoBaixarPdf, Campos } from './componentes.tsx';

/**
 * The pieces of the account area's dated lists (job history and pay documents): the years (and months)
 * as accordions with the most recent open, a document's row and the detail modal.
 */

/** A document's PDF: which download, which file, and how a screen reader names it. */
export interface PdfDocumento {
  caminho: EndpointDownload;
  arquivo: string;
  /** 'do contracheque nº 000123' */
  descricao: string;
}

/** An accordion item's title: the group's name and, beside it, its count (and sum). */
export function TituloGrupo({ nome, resumo }: { nome: ReactNode; resumo: ReactNode }) {
  return (
    <span className="mc-titulo-grupo">
      {nome}
      <span className="mc-contagem">{resumo}</span>
    </span>
  );
}

/** The years, most recent first and open. `conteudo` learns whether its year is that one. */
export function AcordeaoAnos<A extends { ano: number }>({
  anos,
  resumo,
  conteudo,
}: {
  anos: readonly A[];
  resumo: (ano: A) => ReactNode;
  conteudo: (ano: A, maisRecente: boolean) => ReactNode;
}) {
  const primeiro = anos[0];
  return (
    <Acordeao
      abertosInicialmente={primeiro ? [String(primeiro.ano)] : []}
      itens={anos.map((ano) => ({
        valor: String(ano.ano),
        titulo: <TituloGrupo nome={ano.ano} resumo={resumo(ano)} />,
        conteudo: conteudo(ano, ano === primeiro),
      }))}
    />
  );
}

/** The months of one year; the first one open in the most recent year. */
export function AcordeaoMeses<M extends { mes: number; nomeMes: string }>({
  ano,
  meses,
  abrirPrimeiro,
  resumo,
  conteudo,
}: {
  ano: number;
  meses: readonly M[];
  abrirPrimeiro: boolean;
  resumo: (mes: M) => ReactNode;
  conteudo: (mes: M) => ReactNode;
}) {
  const primeiro = meses[0];
  return (
    <Acordeao
      nivel={3}
      abertosInicialmente={abrirPrimeiro && primeiro ? [`${ano}-${primeiro.mes}`] : []}
      itens={meses.map((mes) => ({
        valor: `${ano}-${mes.mes}`,
        titulo: <TituloGrupo nome={mes.nomeMes} resumo={resumo(mes)} />,
        conteudo: conteudo(mes),
      }))}
    />
  );
}

/** One pay document in a list: what it is, its value, 'Detalhes' and the compact PDF button. */
export function LinhaDocumento({
  titulo,
  meta,
  valor,
  pdf,
  aoDetalhar,
}: {
  titulo: ReactNode;
  meta: ReactNode;
  valor: string;
  pdf: PdfDocumento;
  aoDetalhar: () => void;
}) {
  return (
    <li className="mc-doc">
      <div className="mc-doc-texto">
        <span className="mc-doc-titulo">{titulo}</span>
        <span className="mc-doc-meta">{meta}</span>
      </div>
      <span className="mc-doc-valor">{valor}</span>
      <div className="mc-doc-acoes">
        <button type="button" className="botao botao-secundario mc-botao-detalhes" onClick={aoDetalhar}>
          Detalhes
        </button>
        <BotaoBaixarPdf {...pdf} compacto />
      </div>
    </li>
  );
}

/**
 * The detail modal of the item chosen in a list (closed while none is). With a PDF its actions are
 * 'Fechar' and the PDF button; without, 'Fechar' alone as the main button.
 */
export function ModalDetalhes<T>({
  escolhido,
  aoFechar,
  titulo,
  descricao,
  campos,
  pdf,
}: {
  escolhido: T | null;
  aoFechar: () => void;
  titulo: string;
  descricao: string;
  campos: (escolhido: T) => [string, ReactNode][];
  /** The chosen item's PDF, if it has one. */
  pdf?: (escolhido: T) => PdfDocumento | undefined;
}) {
  const fechar = (classe: string) => (
    <FecharModal>
      <button type="button" className={classe}>
        Fechar
      </button>
    </FecharModal>
  );
  let acoes: ReactNode = null;
  const documento = pdf && escolhido !== null ? pdf(escolhido) : undefined;
  if (!pdf || (escolhido !== null && !documento)) acoes = fechar('botao');
  else if (documento) {
    acoes = (
      <>
        {fechar('botao botao-secundario')}
        <BotaoBaixarPdf {...documento} />
      </>
    );
  }
  return (
    <Modal
      aberto={escolhido !== null}
      aoMudar={(aberto) => {
        if (!aberto) aoFechar();
      }}
      titulo={titulo}
      descricao={descricao}
      acoes={acoes}
    >
      {escolhido !== null ? <Campos campos={campos(escolhido)} /> : null}
    </Modal>
  );
}
