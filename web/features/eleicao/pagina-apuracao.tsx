import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileDown, Lock, Vote } from 'lucide-react';
import { useState } from 'react';
import type { ListaEleicoes } from '#common/api/eleicoes.ts';
import { Alerta, BotaoVoltar, Carregando } from '../../components/ui/estados.tsx';
import { ModalConfirmacao } from '../../components/ui/modal-confirmacao.tsx';
import { ErroApi } from '../../lib/api-client.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { baixarRelatorio, eleicoesQuery, encerrarEleicao } from './api.ts';
import './eleicao.css';
import { formatarNoFuso } from '#common/tempo.ts';
import { useFusoPorto } from '../../lib/fuso-porto.ts';

type Eleicao = ListaEleicoes[number];

/** '20/11/2026, 10:00' on the port's clock (docs/decisions/0121-fuso-do-porto.md). */
const formatarDataHora = (iso: string, fuso: string) => formatarNoFuso(iso, fuso, 'dd/MM/yyyy, HH:mm');

/** Saves a blob through an object URL and a temporary <a download>. */
function salvar(blob: Blob, nome: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const mensagemDe = (erro: unknown) => (erro instanceof ErroApi ? erro.message : 'Erro inesperado.');

function LinhaEleicao({ eleicao, aoEncerrar }: { eleicao: Eleicao; aoEncerrar: () => void }) {
  const fuso = useFusoPorto();
  const [erro, setErro] = useState<string | null>(null);
  const [baixando, setBaixando] = useState(false);
  const aberta = eleicao.situacao === 'aberta';
  const relatorio = aberta ? 'zeresima' : 'resultado';

  async function baixar() {
    setErro(null);
    setBaixando(true);
    try {
      salvar(await baixarRelatorio(eleicao.$id, relatorio), `${relatorio}-eleicao-${eleicao.$id}.pdf`);
    } catch (e) {
      setErro(mensagemDe(e));
    } finally {
      setBaixando(false);
    }
  }

  return (
    <li className="cartao apuracao-eleicao">
      <div className="apuracao-cabecalho">
        <h2>{eleicao.descricao ?? `Eleição nº ${eleicao.$id}`}</h2>
        <span className={aberta ? 'apuracao-situacao apuracao-aberta' : 'apuracao-situacao'}>
          {aberta ? 'Aberta' : 'Encerrada'}
        </span>
      </div>
      <dl className="dados-grade apuracao-dados">
        <dt>Número</dt>
        <dd>{eleicao.$id}</dd>
        <dt>Abertura</dt>
        <dd>{formatarDataHora(eleicao.abertura, fuso)}</dd>
        <dt>Encerramento</dt>
        <dd>{eleicao.encerramento ? formatarDataHora(eleicao.encerramento, fuso) : '—'}</dd>
        <dt>Candidatos</dt>
        <dd>{eleicao.candidatos}</dd>
        <dt>Votantes</dt>
        <dd>{eleicao.votantes}</dd>
      </dl>
      <div className="apuracao-acoes">
        {aberta && eleicao.votantes > 0 ? null : (
          <button type="button" className="botao botao-secundario" onClick={baixar} disabled={baixando}>
            <FileDown aria-hidden size={20} />
            {aberta ? 'Zerésima (PDF)' : 'Resultado (PDF)'}
          </button>
        )}
        {aberta ? (
          <button type="button" className="botao botao-perigo" onClick={aoEncerrar}>
            <Lock aria-hidden size={20} />
            Encerrar eleição
          </button>
        ) : null}
      </div>
      {erro ? <Alerta tipo="erro">{erro}</Alerta> : null}
    </li>
  );
}

/**
 * /eleicoes, for OGMO staff (docs/decisions/0062-eleicao-apuracao.md): every election, the zero report
 * before the first vote, closing, and the result once closed.
 */
export function PaginaApuracao() {
  const consulta = useQuery(eleicoesQuery);
  const queryClient = useQueryClient();
  const [aEncerrar, setAEncerrar] = useState<Eleicao | null>(null);
  const [chaveApuracao, setChaveApuracao] = useState('');
  const encerrar = useMutation({
    mutationFn: (id: number) => encerrarEleicao(id, { chaveApuracao }),
    onSuccess: async () => {
      setAEncerrar(null);
      setChaveApuracao('');
      await queryClient.invalidateQueries({ queryKey: eleicoesQuery.queryKey });
    },
  });

  return (
    <div className="pilha apuracao">
      <div className="pagina-cabecalho">
        <Vote aria-hidden size={28} />
        <h1>Eleições CPATP</h1>
      </div>
      <p className="texto-suave">
        A zerésima é emitida com a eleição aberta, antes do primeiro voto. O resultado só existe depois do
        encerramento.
      </p>
      {consulta.isPending ? <Carregando texto="Carregando eleições..." /> : null}
      {consulta.isError ? <Alerta tipo="erro">{mensagemDe(consulta.error)}</Alerta> : null}
      {consulta.data?.length === 0 ? <Alerta tipo="info">Nenhuma eleição cadastrada.</Alerta> : null}
      <ul className="apuracao-lista">
        {consulta.data?.map((e) => (
          <LinhaEleicao key={e.$id} eleicao={e} aoEncerrar={() => setAEncerrar(e)} />
        ))}
      </ul>
      <BotaoVoltar para={caminhos.inicio} />

      <ModalConfirmacao
        aberto={aEncerrar !== null}
        aoFechar={() => {
          setAEncerrar(null);
          setChaveApuracao('');
          encerrar.reset();
        }}
        aoConfirmar={() => aEncerrar && encerrar.mutate(aEncerrar.$id)}
        titulo="Encerrar eleição"
        texto={
          <p>
            Encerrar <strong>{aEncerrar?.descricao ?? `a eleição nº ${aEncerrar?.$id}`}</strong>? Depois disso
            ninguém mais vota e o resultado pode ser emitido. Não há como reabrir.
          </p>
        }
        acao="Encerrar"
        acaoEnviando="Encerrando..."
        voltar="Cancelar"
        perigo
        enviando={encerrar.isPending}
        bloqueado={chaveApuracao.trim() === ''}
        erro={encerrar.isError ? mensagemDe(encerrar.error) : null}
      >
        <div className="campo">
          <label htmlFor="chave-apuracao">Chave da apuração</label>
          <input
            id="chave-apuracao"
            value={chaveApuracao}
            onChange={(e) => setChaveApuracao(e.target.value.toUpperCase())}
            placeholder="XXXX-XXXX-XXXX-XXXX-XXXX-XXXX"
            maxLength={64}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-describedby="chave-apuracao-ajuda"
          />
          <small id="chave-apuracao-ajuda" className="texto-suave">
            A chave entregue à comissão eleitoral abre as cédulas lacradas para a apuração.
          </small>
        </div>
      </ModalConfirmacao>
    </div>
  );
}
