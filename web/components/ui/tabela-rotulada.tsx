import type { ReactNode } from 'react';

/** A column: its heading, which on a phone names each of its cells, and what a row shows in it. */
export interface Coluna<T> {
  titulo: string;
  celula: (item: T) => ReactNode;
}

/**
 * A table that on a phone becomes one card per row, each cell named by its column (.tabela-rotulada,
 * web/styles/global.css), instead of scrolling sideways. `className` adds the page's own classes.
 */
export function TabelaRotulada<T>({
  rotulo,
  colunas,
  itens,
  chave,
  className,
}: {
  /** The table's accessible name. */
  rotulo: string;
  colunas: readonly Coluna<T>[];
  itens: readonly T[];
  chave: (item: T, indice: number) => string;
  className?: string;
}) {
  return (
    <div className="tabela-rolagem">
      <table
        aria-label={rotulo}
        className={className ? `tabela tabela-rotulada ${className}` : 'tabela tabela-rotulada'}
      >
        <thead>
          <tr>
            {colunas.map((c) => (
              <th key={c.titulo} scope="col">
                {c.titulo}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {itens.map((item, i) => (
            <tr key={chave(item, i)}>
              {colunas.map((c) => (
                <td key={c.titulo} data-rotulo={c.titulo}>
                  {c.celula(item)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A line of an uploaded file and what is wrong in one of its columns. */
interface ErroLinha {
  linha: number;
  campo: string;
  mensagem: string;
}

const COLUNAS_ERROS: readonly Coluna<ErroLinha>[] = [
  { titulo: 'Linha', celula: (e) => e.linha },
  { titulo: 'Coluna', celula: (e) => <code>{e.campo}</code> },
  { titulo: 'Problema', celula: (e) => e.mensagem },
];

/** What the server found wrong in a file the staff uploaded (the operators' CSV, the payroll's files). */
export function TabelaErrosArquivo({
  erros,
  className,
}: {
  erros: readonly ErroLinha[];
  className?: string;
}) {
  return (
    <TabelaRotulada
      rotulo="Erros do arquivo"
      colunas={COLUNAS_ERROS}
      itens={erros}
      // A line may have several errors in one column.
      chave={(e, i) => `${e.linha}-${e.campo}-${i}`}
      className={className}
    />
  );
}
