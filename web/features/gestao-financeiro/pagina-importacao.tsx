import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileUp, History, Landmark, Scale } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import {
  type ContrachequeNaoConciliado,
  NOMES_TIPOS_IMPORTACAO,
  type RelatorioImportacao,
  TIPOS_IMPORTACAO,
  type TipoImportacao,
  type TrabalhoSemContracheque,
} from '#common/api/financeiro-importacao.ts';
import { formatarDataIso } from '#common/formato.ts';
import { formatarNoFuso } from '#common/tempo.ts';
import { MenuGestao } from '../../components/layout/menu-gestao.tsx';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { type Coluna, TabelaErrosArquivo, TabelaRotulada } from '../../components/ui/tabela-rotulada.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';
import { conciliacaoQuery, importacaoQuery, importacoesQuery, importarArquivo } from './api.ts';
import './gestao-financeiro.css';

/**
 * /gestao/financeiro (issue 25): the payroll's files imported (checked first, or only checked), the history
 * of imports with each one's report, and a competência's reconciliation with the jobs the portal engaged.
 */

const mensagemDe = (erro: unknown) => (erro instanceof ErroApi ? erro.message : 'Erro inesperado.');
const contar = (n: number, um: string, varios: string) =>
  `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;
const dataYmd = (yyyymmdd: string) =>
  `${yyyymmdd.slice(6, 8)}/${yyyymmdd.slice(4, 6)}/${yyyymmdd.slice(0, 4)}`;

function relatorioDe(erro: unknown): RelatorioImportacao | undefined {
  if (!(erro instanceof ErroApi) || !erro.dados || typeof erro.dados !== 'object') return undefined;
  return 'erros' in erro.dados ? (erro.dados as RelatorioImportacao) : undefined;
}

function Contagens({ r }: { r: RelatorioImportacao }) {
  return (
    <ul className="financeiro-contagens">
      <li>{contar(r.linhas, 'linha lida', 'linhas lidas')}</li>
      <li>{contar(r.documentos, 'documento', 'documentos')}</li>
      <li>{contar(r.criados, 'criado', 'criados')}</li>
      <li>{contar(r.substituidos, 'substituído', 'substituídos')}</li>
      <li>{contar(r.inalterados, 'inalterado', 'inalterados')}</li>
      {r.tipo === 'contracheque' ? (
        <li>
          {contar(r.conciliados, 'conciliado', 'conciliados')} com os trabalhos do portal,{' '}
          {contar(r.naoConciliados, 'sem trabalho', 'sem trabalho')}
        </li>
      ) : null}
      <li>{contar(r.avisados, 'trabalhador avisado', 'trabalhadores avisados')}</li>
    </ul>
  );
}

function TabelaErros({ r }: { r: RelatorioImportacao }) {
  return (
    <>
      <p>
        {r.totalErros > r.erros.length
          ? `Mostrando ${r.erros.length} de ${r.totalErros.toLocaleString('pt-BR')} erros.`
          : contar(r.totalErros, 'erro', 'erros')}
      </p>
      <TabelaErrosArquivo erros={r.erros} />
    </>
  );
}

function Importar() {
  const id = useId();
  const queryClient = useQueryClient();
  const [tipo, setTipo] = useState<TipoImportacao>('contracheque');
  const [arquivo, setArquivo] = useState<File | null>(null);
  const importar = useMutation({
    mutationFn: async ({ simular }: { simular: boolean }) => {
      if (!arquivo) throw new Error('sem arquivo');
      return importarArquivo(tipo, new Uint8Array(await arquivo.arrayBuffer()), simular);
    },
    onSuccess: (r) => {
      if (!r.simulado) void queryClient.invalidateQueries({ queryKey: ['gestao-financeiro'] });
    },
  });
  const recusa = importar.isError ? relatorioDe(importar.error) : undefined;
  const r = importar.data;

  function enviar(e: FormEvent<HTMLFormElement>, simular: boolean) {
    e.preventDefault();
    if (arquivo) importar.mutate({ simular });
  }

  return (
    <section className="cartao" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className="cartao-titulo">
        <FileUp aria-hidden size={22} />
        Importar arquivo da folha
      </h2>
      <p className="texto-suave">
        Arquivo CSV (separado por ponto e vírgula, UTF-8 ou Windows-1252) no formato de cada tipo. O arquivo
        entra inteiro ou não entra; um documento igual ao já importado fica como está, um diferente substitui
        o anterior, que é guardado.
      </p>
      <form className="financeiro-form" onSubmit={(e) => enviar(e, false)}>
        <div className="campo">
          <label htmlFor={`${id}-tipo`}>Tipo de arquivo</label>
          <select
            id={`${id}-tipo`}
            value={tipo}
            onChange={(e) => {
              setTipo(e.target.value as TipoImportacao);
              importar.reset();
            }}
          >
            {TIPOS_IMPORTACAO.map((t) => (
              <option key={t} value={t}>
                {NOMES_TIPOS_IMPORTACAO[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="campo">
          <label htmlFor={`${id}-arquivo`}>Arquivo CSV</label>
          <input
            id={`${id}-arquivo`}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => {
              setArquivo(e.target.files?.[0] ?? null);
              importar.reset();
            }}
          />
        </div>
        <div className="financeiro-acoes">
          <button
            type="button"
            className="botao botao-secundario"
            disabled={!arquivo || importar.isPending}
            onClick={(e) => enviar(e as unknown as FormEvent<HTMLFormElement>, true)}
          >
            Conferir sem importar
          </button>
          <button type="submit" className="botao botao-destaque" disabled={!arquivo || importar.isPending}>
            {importar.isPending ? 'Importando...' : 'Importar'}
          </button>
        </div>
      </form>
      <div aria-live="polite">
        {r ? (
          <Alerta tipo="sucesso">
            {r.simulado
              ? 'Arquivo conferido, sem erros: nada foi gravado.'
              : r.idImportacao === null
                ? 'Nada mudou: todos os documentos do arquivo já estavam importados.'
                : `Importação nº ${r.idImportacao} gravada.`}
          </Alerta>
        ) : null}
        {r ? <Contagens r={r} /> : null}
        {importar.isError ? <Alerta tipo="erro">{mensagemDe(importar.error)}</Alerta> : null}
        {recusa ? <TabelaErros r={recusa} /> : null}
      </div>
    </section>
  );
}

const COLUNAS_NAO_CONCILIADOS: readonly Coluna<ContrachequeNaoConciliado>[] = [
  { titulo: 'Data', celula: (c) => `${formatarDataIso(c.movimento)} ${c.turno}` },
  { titulo: 'Matrícula', celula: (c) => c.codAvulso },
  { titulo: 'Nome', celula: (c) => c.nome },
  { titulo: 'Nº', celula: (c) => c.numero },
  { titulo: 'Motivo', celula: (c) => c.motivo },
];

const COLUNAS_SEM_CONTRACHEQUE: readonly Coluna<TrabalhoSemContracheque>[] = [
  { titulo: 'Data', celula: (t) => `${dataYmd(t.dataOperacao)} ${t.turno}` },
  { titulo: 'Matrícula', celula: (t) => t.codAvulso },
  { titulo: 'Nome', celula: (t) => t.nome },
  { titulo: 'Navio', celula: (t) => t.navio },
  { titulo: 'Função', celula: (t) => t.funcao },
  { titulo: 'Motivo', celula: (t) => t.motivo },
];

function NaoConciliados({ itens, total }: { itens: ContrachequeNaoConciliado[]; total: number }) {
  if (total === 0) return <p>Todos os contracheques de engajamento casaram com um trabalho do portal.</p>;
  return (
    <>
      <p>
        {total > itens.length
          ? `Mostrando ${itens.length} de ${total}.`
          : contar(total, 'contracheque', 'contracheques')}
      </p>
      <TabelaRotulada
        rotulo="Contracheques sem trabalho no portal"
        colunas={COLUNAS_NAO_CONCILIADOS}
        itens={itens}
        chave={(c) => c.arquivo}
      />
    </>
  );
}

function DetalheImportacao({ id }: { id: number }) {
  const consulta = useQuery(importacaoQuery(id));
  if (consulta.isPending) return <Carregando texto="Carregando o relatório..." />;
  if (consulta.isError) return <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta>;
  const {
    importacao: i,
    substituidos,
    totalSubstituidos,
    naoConciliados,
    totalNaoConciliados,
  } = consulta.data;
  return (
    <div className="financeiro-detalhe">
      <h3>Relatório da importação nº {i.id}</h3>
      <dl className="financeiro-dados">
        <dt>Arquivo (SHA-256)</dt>
        <dd>
          <code className="financeiro-digesto">{i.digesto}</code>
        </dd>
        <dt>Formato</dt>
        <dd>
          {i.formato.toUpperCase()}, {i.codificacao === 'utf-8' ? 'UTF-8' : 'Windows-1252'},{' '}
          {(i.bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 0 })} KiB
        </dd>
        <dt>Períodos</dt>
        <dd>{i.periodos.join(', ')}</dd>
      </dl>
      <h4>Documentos substituídos</h4>
      {totalSubstituidos === 0 ? (
        <p>Nenhum.</p>
      ) : (
        <ul className="financeiro-lista">
          {substituidos.map((s) => (
            <li key={s.arquivo}>
              {s.codAvulso}: {s.arquivo.split('/').at(-1)}
              {s.idImportacaoAnterior ? ` (da importação nº ${s.idImportacaoAnterior})` : ''}
            </li>
          ))}
          {totalSubstituidos > substituidos.length ? (
            <li>e mais {totalSubstituidos - substituidos.length}.</li>
          ) : null}
        </ul>
      )}
      {i.tipo === 'contracheque' ? (
        <>
          <h4>Contracheques sem trabalho no portal</h4>
          <NaoConciliados itens={naoConciliados} total={totalNaoConciliados} />
        </>
      ) : null}
    </div>
  );
}

function Historico() {
  const fuso = useFusoPorto();
  const consulta = useQuery(importacoesQuery);
  const [aberta, setAberta] = useState<number | null>(null);
  return (
    <section className="cartao" aria-labelledby="titulo-importacoes">
      <h2 id="titulo-importacoes" className="cartao-titulo">
        <History aria-hidden size={22} />
        Importações
      </h2>
      {consulta.isPending ? <Carregando texto="Carregando importações..." /> : null}
      {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
      {consulta.data?.length === 0 ? <Alerta tipo="info">Nenhuma importação ainda.</Alerta> : null}
      {consulta.data && consulta.data.length > 0 ? (
        <div className="tabela-rolagem">
          <table aria-label="Importações da folha" className="tabela tabela-rotulada">
            <thead>
              <tr>
                <th scope="col">Nº</th>
                <th scope="col">Quando</th>
                <th scope="col">Tipo</th>
                <th scope="col">Por</th>
                <th scope="col" className="numero">
                  Criados
                </th>
                <th scope="col" className="numero">
                  Substituídos
                </th>
                <th scope="col" className="numero">
                  Inalterados
                </th>
                <th scope="col">Relatório</th>
              </tr>
            </thead>
            <tbody>
              {consulta.data.map((i) => (
                <tr key={i.id}>
                  <td data-rotulo="Nº">{i.id}</td>
                  <td data-rotulo="Quando">{formatarNoFuso(i.em, fuso, "dd/MM/yyyy 'às' HH:mm")}</td>
                  <td data-rotulo="Tipo">{NOMES_TIPOS_IMPORTACAO[i.tipo]}</td>
                  <td data-rotulo="Por">{i.porNome || i.por}</td>
                  <td className="numero" data-rotulo="Criados">
                    {i.criados.toLocaleString('pt-BR')}
                  </td>
                  <td className="numero" data-rotulo="Substituídos">
                    {i.substituidos.toLocaleString('pt-BR')}
                  </td>
                  <td className="numero" data-rotulo="Inalterados">
                    {i.inalterados.toLocaleString('pt-BR')}
                  </td>
                  <td data-rotulo="Relatório">
                    <button
                      type="button"
                      className="botao botao-fantasma financeiro-ver"
                      aria-expanded={aberta === i.id}
                      onClick={() => setAberta(aberta === i.id ? null : i.id)}
                    >
                      {aberta === i.id ? 'Fechar' : `Ver nº ${i.id}`}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {aberta !== null ? <DetalheImportacao id={aberta} /> : null}
    </section>
  );
}

function mesAnterior(): string {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}

function Conciliacao() {
  const id = useId();
  const [competencia, setCompetencia] = useState(mesAnterior);
  const [dias, setDias] = useState('');
  const [pedida, setPedida] = useState<{ competencia: string; dias: number | undefined } | null>(null);
  const consulta = useQuery({
    ...conciliacaoQuery(pedida?.competencia ?? '', pedida?.dias),
    enabled: pedida !== null,
  });
  const c = consulta.data;
  return (
    <section className="cartao" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`} className="cartao-titulo">
        <Scale aria-hidden size={22} />
        Conciliação com os trabalhos do portal
      </h2>
      <p className="texto-suave">
        Por competência: os trabalhos engajados pelo portal sem contracheque depois de N dias e os
        contracheques que não casam com nenhum trabalho (trabalhador, dia, turno, navio e função). Um
        relatório: nada é bloqueado por ele.
      </p>
      <form
        className="financeiro-form"
        onSubmit={(e) => {
          e.preventDefault();
          setPedida({ competencia, dias: dias === '' ? undefined : Number(dias) });
        }}
      >
        <div className="campo">
          <label htmlFor={`${id}-competencia`}>Competência</label>
          <input
            id={`${id}-competencia`}
            type="month"
            value={competencia}
            onChange={(e) => setCompetencia(e.target.value)}
            required
          />
        </div>
        <div className="campo">
          <label htmlFor={`${id}-dias`}>Dias sem contracheque (vazio: o padrão)</label>
          <input
            id={`${id}-dias`}
            type="number"
            inputMode="numeric"
            min={0}
            max={366}
            value={dias}
            onChange={(e) => setDias(e.target.value)}
          />
        </div>
        <div className="financeiro-acoes">
          <button type="submit" className="botao botao-destaque">
            Conciliar
          </button>
        </div>
      </form>
      {consulta.isFetching ? <Carregando texto="Conciliando..." /> : null}
      {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
      {c ? (
        <div aria-live="polite">
          <p>
            {contar(c.conciliados, 'contracheque conciliado', 'contracheques conciliados')}. Trabalhos que
            terminaram até {formatarDataIso(c.limite)} ({c.dias} dias).
          </p>
          <h3>Trabalhos sem contracheque</h3>
          {c.totalTrabalhosSemContracheque === 0 ? (
            <p>Nenhum.</p>
          ) : (
            <TabelaRotulada
              rotulo="Trabalhos sem contracheque"
              colunas={COLUNAS_SEM_CONTRACHEQUE}
              itens={c.trabalhosSemContracheque}
              chave={(t) => `${t.codAvulso}-${t.dataOperacao}-${t.turno}-${t.navio}`}
            />
          )}
          <h3>Contracheques sem trabalho</h3>
          <NaoConciliados itens={c.contrachequesSemTrabalho} total={c.totalContrachequesSemTrabalho} />
        </div>
      ) : null}
    </section>
  );
}

export function PaginaImportacaoFolha() {
  return (
    <div className="pilha financeiro-gestao">
      <MenuGestao />
      <div className="pagina-cabecalho">
        <Landmark aria-hidden size={28} />
        <h1>Folha de pagamento</h1>
      </div>
      <Importar />
      <Historico />
      <Conciliacao />
      <BotaoVoltar para={caminhos.inicio} />
    </div>
  );
}
