import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2, Download, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import type { EndpointDownload } from './api.ts';
import { useBaixarDocumento } from './baixar.ts';

/** The page title with an icon. */
export function CabecalhoPagina({
  titulo,
  icone,
  children,
}: {
  titulo: string;
  icone: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className="mc-cabecalho">
      <span className="mc-cabecalho-icone" aria-hidden>
        {icone}
      </span>
      <div>
        <h1>{titulo}</h1>
        {children ? <p className="texto-suave mc-cabecalho-texto">{children}</p> : null}
      </div>
    </header>
  );
}

/**
 * A list page of the account area: title, the query's loading and failure states, the list (or `vazia`
 * when it has nothing), 'Voltar', and the page's detail modal if it has one.
 */
export function PaginaLista<T, I>({
  titulo,
  icone,
  texto,
  consulta,
  carregando,
  erro,
  itens,
  vazia,
  voltarPara,
  modal,
  children,
}: {
  titulo: string;
  icone: ReactNode;
  texto: ReactNode;
  consulta: UseQueryResult<T>;
  carregando: string;
  /** What failed, before the server's message: 'Não foi possível carregar seus contracheques.' */
  erro: string;
  /** The list within the answer. */
  itens: (dados: T) => I[];
  vazia: string;
  voltarPara: string;
  modal?: ReactNode;
  children: (itens: I[]) => ReactNode;
}) {
  return (
    <div className="pilha mc-pagina">
      <CabecalhoPagina titulo={titulo} icone={icone}>
        {texto}
      </CabecalhoPagina>
      <EstadoConsulta consulta={consulta} carregando={carregando} erro={erro}>
        {(dados) => {
          const lista = itens(dados);
          return lista.length ? children(lista) : <ListaVazia>{vazia}</ListaVazia>;
        }}
      </EstadoConsulta>
      <div>
        <BotaoVoltar para={voltarPara} />
      </div>
      {modal}
    </div>
  );
}

/** Loading, failure (with 'Tentar novamente') or the data of a list query. */
function EstadoConsulta<T>({
  consulta,
  carregando,
  erro,
  children,
}: {
  consulta: UseQueryResult<T>;
  carregando: string;
  /** What failed, before the server's message: 'Não foi possível carregar seus contracheques.' */
  erro: string;
  children: (dados: T) => ReactNode;
}) {
  if (consulta.isPending) return <Carregando texto={carregando} />;
  if (consulta.isError) {
    return (
      <div className="pilha mc-erro">
        <Alerta tipo="erro">
          <strong>{erro}</strong> {consulta.error.message}
        </Alerta>
        <div>
          <button type="button" className="botao botao-secundario" onClick={() => void consulta.refetch()}>
            <RotateCcw aria-hidden size={18} />
            Tentar novamente
          </button>
        </div>
      </div>
    );
  }
  return <>{children(consulta.data)}</>;
}

/** An empty list, said plainly. */
function ListaVazia({ children }: { children: ReactNode }) {
  return <Alerta tipo="info">{children}</Alerta>;
}

/** Label/value pairs of a detail modal. */
export function Campos({ campos }: { campos: [string, ReactNode][] }) {
  return (
    <dl className="dados-grade mc-campos">
      {campos.map(([rotulo, valor]) => (
        <div key={rotulo} className="mc-campo">
          <dt>{rotulo}</dt>
          <dd>{valor}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The PDF button of a document: shows progress while downloading, a short confirmation, and says so
 * when the download fails. `descricao` names the document for screen readers.
 */
export function BotaoBaixarPdf({
  caminho,
  arquivo,
  descricao,
  compacto = false,
}: {
  caminho: EndpointDownload;
  arquivo: string;
  descricao: string;
  compacto?: boolean;
}) {
  const { estado, baixar } = useBaixarDocumento(caminho, arquivo);
  const baixando = estado.status === 'baixando';
  return (
    <div className="mc-baixar">
      <button
        type="button"
        className={compacto ? 'botao botao-secundario mc-botao-pdf' : 'botao mc-botao-pdf'}
        onClick={() => void baixar()}
        disabled={baixando}
        aria-busy={baixando}
        aria-label={`${baixando ? 'Baixando' : 'Baixar PDF'} ${descricao}`}
      >
        {baixando ? <span className="spinner mc-spinner" aria-hidden /> : <Download aria-hidden size={18} />}
        <span>{baixando ? 'Baixando...' : compacto ? 'PDF' : 'Baixar PDF'}</span>
      </button>
      {estado.status === 'concluido' ? (
        <span className="mc-baixado" role="status">
          <CheckCircle2 aria-hidden size={16} /> PDF salvo
        </span>
      ) : null}
      {estado.status === 'erro' ? (
        <p className="mc-falha-download" role="alert">
          Não foi possível baixar o documento. {estado.mensagem}
        </p>
      ) : null}
    </div>
  );
}
