import { useMutation } from '@tanstack/react-query';
import { FileDown, FileUp } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import type { ErroLinhaCsv } from '#common/api/gestao.ts';
import { Alerta } from '../../components/ui/estados.tsx';
import { TabelaErrosArquivo } from '../../components/ui/tabela-rotulada.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { salvarArquivo } from '../../lib/salvar-arquivo.ts';
import { importarCsv } from './api.ts';
import { contar, mensagemDe } from './comum.tsx';

/** The header the operators' file must start with (docs/decisions/0152). */
export const CABECALHO_CSV =
  'codOperador;codNavio;dataOperacao;codPeriodo;horaInicio;horaFim;codLocalAtrac;numPorao;nomeMercadoria;tonelagem;codFuncao;numVagas';

/** The template's example line (docs/produto/gestao.md §3): Tecon Suape, MSC AURORA, Cais 3. */
const EXEMPLO_CSV = '11;501;02/12/2026;1;7;13;3;PR01;Contêineres;12.500;101;4';

/** Imports the operators' CSV: all of it or nothing; every bad line listed with its column. */
export function ImportarCsv({ numEscalacao, aoImportar }: { numEscalacao: number; aoImportar: () => void }) {
  const id = useId();
  const [linhas, setLinhas] = useState<ErroLinhaCsv[]>([]);
  const [importadas, setImportadas] = useState<number | null>(null);
  const importar = useMutation({
    mutationFn: (texto: string) => importarCsv(numEscalacao, texto),
    onSuccess: (r) => {
      setLinhas([]);
      setImportadas(r.requisicoes.length);
      aoImportar();
    },
    onError: (erro) => {
      setImportadas(null);
      setLinhas(erro instanceof ErroApi && Array.isArray(erro.dados) ? (erro.dados as ErroLinhaCsv[]) : []);
    },
  });

  async function escolher(e: ChangeEvent<HTMLInputElement>) {
    const arquivo = e.target.files?.[0];
    e.target.value = '';
    if (arquivo) importar.mutate(await arquivo.text());
  }

  return (
    <section className="cartao" aria-labelledby={`${id}-titulo`}>
      <h3 id={`${id}-titulo`} className="cartao-titulo">
        <FileUp aria-hidden size={22} />
        Importar requisições (CSV)
      </h3>
      <p className="texto-suave">
        Uma linha por função, separada por ponto e vírgula, com o cabeçalho do modelo. Linhas com o mesmo
        operador, navio, data, período e cais formam uma requisição. O arquivo entra inteiro ou não entra.
      </p>
      <div className="gestao-acoes-linha">
        <label className="botao botao-secundario gestao-arquivo" htmlFor={`${id}-arquivo`}>
          {importar.isPending ? 'Importando...' : 'Escolher arquivo CSV'}
        </label>
        <button
          type="button"
          className="botao botao-fantasma"
          onClick={() =>
            salvarArquivo(
              new Blob([`\uFEFF${CABECALHO_CSV}\r\n${EXEMPLO_CSV}\r\n`], { type: 'text/csv' }),
              'modelo-requisicoes.csv',
            )
          }
        >
          <FileDown aria-hidden size={20} />
          Baixar modelo
        </button>
      </div>
      <input
        id={`${id}-arquivo`}
        className="visualmente-oculto"
        type="file"
        accept=".csv,text/csv"
        onChange={escolher}
        disabled={importar.isPending}
      />
      {importadas !== null ? (
        <Alerta tipo="sucesso">
          {contar(importadas, 'requisição importada', 'requisições importadas')}.
        </Alerta>
      ) : null}
      {importar.isError ? <Alerta tipo="erro">{mensagemDe(importar.error)}</Alerta> : null}
      {linhas.length > 0 ? (
        <TabelaErrosArquivo erros={linhas} className="gestao-erros-csv gestao-empilhada" />
      ) : null}
    </section>
  );
}
