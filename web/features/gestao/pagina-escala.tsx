import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, Lock, Pencil, Play, Plus, Send, Shuffle, Trash2, XCircle } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import type { AvisoEnviado, EscalaDetalhe, RequisicaoGestao, ResumoRodizio } from '#common/api/gestao.ts';
import { NOME_SITUACAO, POR_AUTOMATICO } from '#common/api/gestao.ts';
import { formatarDataIso, turno } from '#common/formato.ts';
import { nomePorao } from '#common/porao.ts';
import { Acordeao } from '../../components/ui/acordeao.tsx';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { ModalConfirmacao } from '../../components/ui/modal-confirmacao.tsx';
import { caminhos } from '../../lib/caminhos.ts';
import { salvarArquivo } from '../../lib/salvar-arquivo.ts';
import {
  type AcaoEscala,
  apurarRodizio,
  baixarEscala,
  baixarRecortePdf,
  escalaQuery,
  escalasQuery,
  executarAcao,
  removerRequisicao,
} from './api.ts';
import { contar, dataOperacao, mensagemDe, SeloSituacao } from './comum.tsx';
import { INTERVALO_SEM_FLUXO_MS, useContagensAoVivo } from './contagens-ao-vivo.ts';
import { CopiarRequisicoes } from './copiar-requisicoes.tsx';
import { FormularioRequisicao } from './formulario-requisicao.tsx';
import { ImportarCsv } from './importar-csv.tsx';
import { Repescagem } from './repescagem.tsx';
import { BuscaAuditoria, ResultadoRodizio } from './resultado.tsx';
import './gestao.css';
import { formatarNoFuso, instanteLocal } from '#common/tempo.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';

/** What each confirmed step says before it is taken. */
const CONFIRMACOES: Record<AcaoEscala, { titulo: string; texto: string; botao: string; perigo?: boolean }> = {
  abrir: {
    titulo: 'Abrir a escala',
    texto:
      'Os trabalhadores passam a ver as ofertas e a escolher. As requisições não podem mais ser alteradas.',
    botao: 'Abrir escala',
  },
  fechar: {
    titulo: 'Fechar a escala',
    texto:
      'Nenhuma escolha é aceita depois do fechamento: toda escolha confirmada antes dele entra no rodízio. Não há como reabrir.',
    botao: 'Fechar escala',
    perigo: true,
  },
  cancelar: {
    titulo: 'Cancelar o rascunho',
    texto: 'A escala cancelada não pode ser aberta.',
    botao: 'Cancelar rascunho',
    perigo: true,
  },
  publicar: {
    titulo: 'Publicar o resultado',
    texto:
      'Os escalados recebem o trabalho e o crachá, o histórico é gravado e os ponteiros do rodízio avançam. O resultado não muda mais.',
    botao: 'Publicar',
  },
};

function Contagem({ rotulo, valor }: { rotulo: string; valor: number }) {
  return (
    <div className="gestao-contagem">
      <span className="gestao-contagem-valor">{valor}</span>
      <span className="gestao-contagem-rotulo">{rotulo}</span>
    </div>
  );
}

function CartaoRequisicao({ r, acoes }: { r: RequisicaoGestao; acoes?: ReactNode }) {
  return (
    <article
      className="cartao gestao-requisicao"
      aria-label={`Requisição ${r.numRequisicao}: ${r.nomeNavio}`}
    >
      <div className="gestao-requisicao-cabecalho">
        <div>
          <h3 className="cartao-titulo">
            {r.nomeNavio} <span className="texto-suave">· {r.nomeOperador}</span>
          </h3>
          <p className="texto-suave gestao-subtitulo">
            Requisição {r.numRequisicao} · {dataOperacao(r.dataOperacao)} · {turno(r.horaInicio, r.horaFim)} ·{' '}
            {r.nomeLocalAtrac}
          </p>
        </div>
        {acoes ? <div className="gestao-acoes-linha">{acoes}</div> : null}
      </div>
      <div className="tabela-rolagem">
        <table className="tabela tabela-rotulada gestao-tabela gestao-empilhada">
          <thead>
            <tr>
              <th scope="col">Porão/Bloco</th>
              <th scope="col">Função</th>
              <th scope="col" className="numero">
                Vagas
              </th>
              <th scope="col" className="numero">
                Escolhas
              </th>
            </tr>
          </thead>
          <tbody>
            {r.poroes.flatMap((p) =>
              p.funcoes.map((f) => (
                <tr key={f.seqCategoria}>
                  <td data-rotulo="Porão/Bloco">
                    {nomePorao(p.numPorao)} <span className="texto-suave">· {p.nomeMercadoria}</span>
                  </td>
                  <td data-rotulo="Função">{f.nomeFuncao}</td>
                  <td className="numero" data-rotulo="Vagas">
                    {f.numVagas}
                  </td>
                  <td className="numero" data-rotulo="Escolhas">
                    {f.qtdEscolhas}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </article>
  );
}

/** The published call's PDF for one ship or one operator (docs/decisions/0266). */
function RecortePdf({
  requisicoes,
  ocupado,
  aoBaixar,
}: {
  requisicoes: RequisicaoGestao[];
  ocupado: boolean;
  aoBaixar: (valor: string, nome: string) => void;
}) {
  const [valor, setValor] = useState('');
  const unicos = (pares: [number, string][]) =>
    [...new Map(pares)].sort(([, a], [, b]) => a.localeCompare(b, 'pt-BR'));
  const navios = unicos(requisicoes.map((r) => [r.codNavio, r.nomeNavio]));
  const operadores = unicos(requisicoes.map((r) => [r.codOperador, r.nomeOperador]));
  return (
    <div className="gestao-busca gestao-recorte">
      <div className="campo">
        <label htmlFor="recorte-pdf">PDF de um navio ou operador</label>
        <select id="recorte-pdf" value={valor} onChange={(ev) => setValor(ev.target.value)}>
          <option value="">Selecione</option>
          <optgroup label="Navios">
            {navios.map(([c, n]) => (
              <option key={c} value={`navio-${c}`}>
                {n}
              </option>
            ))}
          </optgroup>
          <optgroup label="Operadores">
            {operadores.map(([c, n]) => (
              <option key={c} value={`operador-${c}`}>
                {n}
              </option>
            ))}
          </optgroup>
        </select>
      </div>
      <button
        type="button"
        className="botao botao-secundario"
        disabled={ocupado || valor === ''}
        onClick={() => aoBaixar(valor, valor)}
      >
        <FileDown aria-hidden size={20} />
        Baixar PDF
      </button>
    </div>
  );
}

/** Minutes from `agora` until the call's scheduled time in the port (negative once it passed). */
function minutosAteChamada(e: EscalaDetalhe, fuso: string, agora: number): number {
  const [hora = 0, minuto = 0] = e.horaChamada.split(':').map(Number);
  const em = instanteLocal(e.dataChamada.replaceAll('-', ''), hora, fuso).getTime() + minuto * 60_000;
  return Math.ceil((em - agora) / 60_000);
}

/** '45 min', '2 h', '1 h 05 min', '3 dias'. */
function duracao(minutos: number): string {
  if (minutos >= 48 * 60) return contar(Math.floor(minutos / (24 * 60)), 'dia', 'dias');
  if (minutos < 60) return `${minutos} min`;
  const m = minutos % 60;
  return `${Math.floor(minutos / 60)} h${m > 0 ? ` ${String(m).padStart(2, '0')} min` : ''}`;
}

/** One round of phone notices, as staff read it: workers first, then phones. */
function fraseAviso(a: AvisoEnviado, fuso: string): string {
  const detalhes = [
    contar(a.aparelhos, 'aparelho', 'aparelhos'),
    a.falhas > 0 ? contar(a.falhas, 'falha', 'falhas') : null,
    a.removidas > 0
      ? `${a.removidas} ${a.removidas === 1 ? 'assinatura vencida removida' : 'assinaturas vencidas removidas'}`
      : null,
  ].filter(Boolean);
  return `${contar(a.trabalhadores, 'trabalhador avisado', 'trabalhadores avisados')} (${detalhes.join(', ')}), às ${formatarNoFuso(a.terminadoEm, fuso, 'HH:mm')}`;
}

/** How many workers were notified on their phones (docs/decisions/0264). */
function AvisosNoCelular({
  avisos,
  situacao,
  fuso,
}: {
  avisos: EscalaDetalhe['avisos'];
  situacao: EscalaDetalhe['situacao'];
  fuso: string;
}) {
  if (situacao === 'rascunho' || situacao === 'cancelada') return null;
  return (
    <div className="gestao-avisos">
      <p>
        <strong>Aviso de abertura no celular:</strong>{' '}
        {avisos.abertura ? fraseAviso(avisos.abertura, fuso) : 'enviando…'}
      </p>
      {situacao === 'publicada' ? (
        <p>
          <strong>Aviso do resultado no celular:</strong>{' '}
          {avisos.resultado ? fraseAviso(avisos.resultado, fuso) : 'enviando…'}
        </p>
      ) : null}
    </div>
  );
}

function ResumoApuracao({ resumo }: { resumo: ResumoRodizio }) {
  return (
    <Alerta tipo={resumo.vagasNaoPreenchidas > 0 ? 'aviso' : 'sucesso'}>
      Rodízio apurado em {resumo.duracaoMs} ms: {contar(resumo.escalados, 'escalado', 'escalados')} para{' '}
      {contar(resumo.vagas, 'vaga', 'vagas')}
      {resumo.vagasNaoPreenchidas > 0
        ? `, ${contar(resumo.vagasNaoPreenchidas, 'não preenchida', 'não preenchidas')}`
        : ''}
      ; {resumo.naoEscalados} de {contar(resumo.avulsosComEscolhas, 'trabalhador', 'trabalhadores')} sem
      escala.
    </Alerta>
  );
}

/** /gestao/escalas/:num: one call's page, from draft to published. */
export function PaginaEscala() {
  const fuso = useFusoPorto();
  const num = Number(useParams().num);
  const queryClient = useQueryClient();
  const aberta = queryClient.getQueryData(escalaQuery(num).queryKey)?.situacao === 'aberta';
  const aoVivo = useContagensAoVivo(num, aberta);
  const consulta = useQuery({
    ...escalaQuery(num, aoVivo ? false : INTERVALO_SEM_FLUXO_MS),
    enabled: Number.isInteger(num) && num > 0,
  });
  const [confirmar, setConfirmar] = useState<AcaoEscala | null>(null);
  const [editando, setEditando] = useState<RequisicaoGestao | 'nova' | null>(null);
  const [aRemover, setARemover] = useState<RequisicaoGestao | null>(null);
  const [baixando, setBaixando] = useState<string | null>(null);
  const [erroDownload, setErroDownload] = useState<string | null>(null);

  const atualizar = async () => {
    await queryClient.invalidateQueries({ queryKey: ['gestao', 'escala', num] });
    await queryClient.invalidateQueries({ queryKey: escalasQuery.queryKey });
  };
  const acao = useMutation({
    mutationFn: (a: AcaoEscala) => executarAcao(num, a),
    onSuccess: async () => {
      setConfirmar(null);
      await atualizar();
    },
  });
  const rodizio = useMutation({ mutationFn: () => apurarRodizio(num), onSuccess: atualizar });
  const remover = useMutation({
    mutationFn: (r: RequisicaoGestao) => removerRequisicao(num, r.numRequisicao),
    onSuccess: async () => {
      setARemover(null);
      await atualizar();
    },
  });

  async function baixar(formato: 'pdf' | 'csv') {
    setErroDownload(null);
    setBaixando(formato);
    try {
      salvarArquivo(await baixarEscala(num, formato), `escala-${num}.${formato}`);
    } catch (e) {
      setErroDownload(mensagemDe(e));
    } finally {
      setBaixando(null);
    }
  }

  async function baixarRecorte(valor: string, nome: string) {
    const [tipo, codigo] = valor.split('-');
    setErroDownload(null);
    setBaixando(valor);
    try {
      const recorte = tipo === 'navio' ? { codNavio: Number(codigo) } : { codOperador: Number(codigo) };
      salvarArquivo(await baixarRecortePdf(num, recorte), `escala-${num}-${nome}.pdf`);
    } catch (erro) {
      setErroDownload(mensagemDe(erro));
    } finally {
      setBaixando(null);
    }
  }

  if (consulta.isPending) return <Carregando texto="Carregando a escala..." />;
  if (consulta.isError) {
    return (
      <div className="pilha gestao">
        <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta>
        <BotaoVoltar para={caminhos.gestao} />
      </div>
    );
  }
  const e: EscalaDetalhe = consulta.data;
  const rascunho = e.situacao === 'rascunho';
  const apurada = e.situacao === 'apurada' || e.situacao === 'publicada';
  const c = CONFIRMACOES[confirmar ?? 'abrir'];
  // Closing before the scheduled time leaves out whoever would still choose: said before the click (issue 27).
  const faltam = confirmar === 'fechar' ? minutosAteChamada(e, fuso, Date.now()) : 0;

  return (
    <div className="pilha gestao">
      <div className="gestao-topo">
        <div>
          <h1>Escala nº {e.numEscalacao}</h1>
          <p className="texto-suave">
            Chamada de {formatarDataIso(e.dataChamada)} às {e.horaChamada}
          </p>
        </div>
        <SeloSituacao situacao={e.situacao} />
      </div>

      <ol className="gestao-passos" aria-label="Etapas da escala">
        {e.passos.map((p) => (
          <li key={p.situacao}>
            <strong>{NOME_SITUACAO[p.situacao]}</strong>{' '}
            <span className="texto-suave">
              {formatarNoFuso(p.em, fuso, 'dd/MM/yyyy, HH:mm')}
              {p.por === POR_AUTOMATICO ? ' · automático, no horário marcado' : p.por ? ` · ${p.por}` : ''}
            </span>
          </li>
        ))}
      </ol>

      <div className="gestao-acoes-linha gestao-acoes-principais">
        {rascunho ? (
          <>
            <button type="button" className="botao botao-destaque" onClick={() => setConfirmar('abrir')}>
              <Play aria-hidden size={20} />
              Abrir escala
            </button>
            <button type="button" className="botao botao-secundario" onClick={() => setConfirmar('cancelar')}>
              <XCircle aria-hidden size={20} />
              Cancelar rascunho
            </button>
          </>
        ) : null}
        {e.situacao === 'aberta' ? (
          <button type="button" className="botao botao-perigo" onClick={() => setConfirmar('fechar')}>
            <Lock aria-hidden size={20} />
            Fechar escala
          </button>
        ) : null}
        {e.situacao === 'fechada' || e.situacao === 'apurada' ? (
          <button
            type="button"
            className={e.situacao === 'fechada' ? 'botao botao-destaque' : 'botao botao-secundario'}
            onClick={() => rodizio.mutate()}
            disabled={rodizio.isPending}
          >
            <Shuffle aria-hidden size={20} />
            {rodizio.isPending
              ? 'Apurando...'
              : e.situacao === 'fechada'
                ? 'Apurar rodízio'
                : 'Apurar de novo'}
          </button>
        ) : null}
        {e.situacao === 'apurada' ? (
          <button type="button" className="botao botao-destaque" onClick={() => setConfirmar('publicar')}>
            <Send aria-hidden size={20} />
            Publicar
          </button>
        ) : null}
        {e.situacao === 'publicada' ? (
          <>
            <button
              type="button"
              className="botao"
              onClick={() => baixar('pdf')}
              disabled={baixando !== null}
            >
              <FileDown aria-hidden size={20} />
              Escala (PDF)
            </button>
            <button
              type="button"
              className="botao botao-secundario"
              onClick={() => baixar('csv')}
              disabled={baixando !== null}
            >
              <FileDown aria-hidden size={20} />
              Escala (CSV)
            </button>
          </>
        ) : null}
      </div>
      <Repescagem escala={e} fuso={fuso} />
      {e.situacao === 'publicada' ? (
        <RecortePdf
          requisicoes={e.requisicoes}
          ocupado={baixando !== null}
          aoBaixar={(valor, nome) => baixarRecorte(valor, nome)}
        />
      ) : null}
      {rodizio.data ? <ResumoApuracao resumo={rodizio.data} /> : null}
      {rodizio.isError ? <Alerta tipo="erro">{mensagemDe(rodizio.error)}</Alerta> : null}
      {erroDownload ? <Alerta tipo="erro">{erroDownload}</Alerta> : null}

      <section className="cartao" aria-labelledby="titulo-contagens">
        <h2 id="titulo-contagens" className="cartao-titulo">
          {e.situacao === 'aberta' ? 'Ao vivo' : 'Números'}
          {e.situacao === 'aberta' ? (
            <span
              className={aoVivo ? 'gestao-ao-vivo' : 'gestao-ao-vivo gestao-ao-vivo-parado'}
              role="status"
            >
              {aoVivo
                ? 'pelo fluxo ao vivo'
                : `sem o fluxo: atualiza a cada ${INTERVALO_SEM_FLUXO_MS / 1000} s`}
            </span>
          ) : null}
        </h2>
        <div className="gestao-contagens">
          <Contagem rotulo="Requisições" valor={e.contagens.requisicoes} />
          <Contagem rotulo="Ofertas" valor={e.contagens.ofertas} />
          <Contagem rotulo="Vagas" valor={e.contagens.vagas} />
          <Contagem rotulo="Escolhas" valor={e.contagens.escolhas} />
          <Contagem rotulo="Trabalhadores" valor={e.contagens.avulsos} />
          <Contagem rotulo="Escalados" valor={e.contagens.escalados} />
        </div>
        <AvisosNoCelular avisos={e.avisos} situacao={e.situacao} fuso={fuso} />
      </section>

      {apurada ? (
        <>
          <BuscaAuditoria numEscalacao={num} />
          <ResultadoRodizio numEscalacao={num} />
        </>
      ) : null}

      {apurada ? (
        // The result shows every requisition already: their cards stay one tap away, collapsed.
        <Acordeao
          itens={[
            {
              valor: 'requisicoes',
              titulo: `Requisições (${e.requisicoes.length})`,
              conteudo: (
                <div className="pilha">
                  {e.requisicoes.map((r) => (
                    <CartaoRequisicao key={r.numRequisicao} r={r} />
                  ))}
                </div>
              ),
            },
          ]}
        />
      ) : (
        <section className="pilha" aria-labelledby="titulo-requisicoes">
          <div className="gestao-topo">
            <h2 id="titulo-requisicoes" className="gestao-secao">
              Requisições
            </h2>
            {rascunho && editando === null ? (
              <button type="button" className="botao" onClick={() => setEditando('nova')}>
                <Plus aria-hidden size={20} />
                Nova requisição
              </button>
            ) : null}
          </div>
          {rascunho && editando !== null ? (
            <FormularioRequisicao
              key={editando === 'nova' ? 'nova' : editando.numRequisicao}
              numEscalacao={num}
              {...(editando === 'nova' ? {} : { inicial: editando })}
              aoSalvar={async () => {
                setEditando(null);
                await atualizar();
              }}
              aoCancelar={() => setEditando(null)}
            />
          ) : null}
          {rascunho ? <ImportarCsv numEscalacao={num} aoImportar={atualizar} /> : null}
          {rascunho ? <CopiarRequisicoes numEscalacao={num} aoCopiar={atualizar} /> : null}
          {e.requisicoes.length === 0 ? <Alerta tipo="info">Nenhuma requisição cadastrada.</Alerta> : null}
          {e.requisicoes.map((r) => (
            <CartaoRequisicao
              key={r.numRequisicao}
              r={r}
              acoes={
                rascunho ? (
                  <>
                    <button
                      type="button"
                      className="botao botao-secundario"
                      onClick={() => setEditando(r)}
                      aria-label={`Editar requisição ${r.numRequisicao}`}
                    >
                      <Pencil aria-hidden size={18} />
                      Editar
                    </button>
                    <button
                      type="button"
                      className="botao botao-fantasma"
                      onClick={() => setARemover(r)}
                      aria-label={`Remover requisição ${r.numRequisicao}`}
                    >
                      <Trash2 aria-hidden size={18} />
                      Remover
                    </button>
                  </>
                ) : undefined
              }
            />
          ))}
        </section>
      )}

      <BotaoVoltar para={caminhos.gestao} />

      <ModalConfirmacao
        aberto={confirmar !== null}
        aoFechar={() => {
          setConfirmar(null);
          acao.reset();
        }}
        aoConfirmar={() => confirmar && acao.mutate(confirmar)}
        titulo={c.titulo}
        texto={
          <p>
            Escala nº {e.numEscalacao}: {c.texto}
          </p>
        }
        acao={faltam > 0 ? 'Fechar antes da hora' : c.botao}
        perigo={c.perigo}
        enviando={acao.isPending}
        erro={acao.isError ? mensagemDe(acao.error) : null}
      >
        {faltam > 0 ? (
          <Alerta tipo="aviso">
            A chamada está marcada para {formatarDataIso(e.dataChamada)} às {e.horaChamada}: faltam{' '}
            {duracao(faltam)}. Fechar antes da hora deixa de fora quem ainda ia escolher.
          </Alerta>
        ) : null}
      </ModalConfirmacao>

      <ModalConfirmacao
        aberto={aRemover !== null}
        aoFechar={() => {
          setARemover(null);
          remover.reset();
        }}
        aoConfirmar={() => aRemover && remover.mutate(aRemover)}
        titulo="Remover requisição"
        texto={
          <p>
            Remover a requisição {aRemover?.numRequisicao} ({aRemover?.nomeNavio})?
          </p>
        }
        acao="Remover"
        perigo
        enviando={remover.isPending}
        erro={remover.isError ? mensagemDe(remover.error) : null}
      />
    </div>
  );
}
