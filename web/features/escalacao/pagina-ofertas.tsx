import * as Tooltip from '@radix-ui/react-tooltip';
import { CircleAlert, Eraser, Info, ListChecks } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import type { FuncaoOferta, Porao, Requisicao } from '#common/api/escalacao.ts';
import { CATEGORIA, categoriaPorSegmento, SITUACAO_OFERTA } from '#common/dominio.ts';
import { Alerta, BotaoVoltar } from '../../components/ui/estados.tsx';
import { FecharModal, Modal } from '../../components/ui/modal.tsx';
import { useAoVivo } from '../../lib/ao-vivo.ts';
import { caminhos } from '../../lib/caminhos.ts';
import { useAvulso } from '../../lib/sessao.ts';
import { nomeCategoria } from './apresentacao.ts';
import { CartaoRequisicao } from './cartao-requisicao.tsx';
import { limparOfertasHabilitado, ofertasDe, selecionarTudoHabilitado } from './estado-escala.ts';
import {
  dispensarErroOferta,
  escolher,
  limparEscolhas,
  selecionarTodas,
  useEstadoEscala,
} from './loja-escala.ts';
import { PainelConfirmados } from './painel-confirmados.tsx';

/** What is chosen, in progress and failed, always in sight at the bottom of the screen. */
function Resumo({ escolhidas, enviando, erros }: { escolhidas: number; enviando: number; erros: number }) {
  return (
    <div className="ofertas-resumo" role="status" aria-live="polite">
      <span className="resumo-item">
        <strong>{escolhidas}</strong> {escolhidas === 1 ? 'escolhida' : 'escolhidas'}
      </span>
      <span className={enviando > 0 ? 'resumo-item resumo-enviando' : 'resumo-item resumo-vazio'}>
        <span className="spinner resumo-spinner" aria-hidden />
        <strong>{enviando}</strong> enviando
      </span>
      <span className={erros > 0 ? 'resumo-item resumo-erros' : 'resumo-item resumo-vazio'}>
        <CircleAlert aria-hidden size={18} />
        <strong>{erros}</strong> com erro
      </span>
    </div>
  );
}

/** /escalacao/ofertas/:categoria (docs/produto/escalacao.md §2 'Offers screen'). */
export function PaginaOfertas() {
  const { categoria: segmento } = useParams();
  const avulso = useAvulso();
  const { escalaCarregada } = useEstadoEscala();
  const aoVivo = useAoVivo();
  const [mensagemErro, setMensagemErro] = useState<string | null>(null);
  const categoria = categoriaPorSegmento(segmento);
  const dados = categoria ? escalaCarregada?.categorias[String(categoria.codigo)] : undefined;

  const codCategoria = categoria?.codigo ?? 0;
  const numEscalacao = escalaCarregada?.numEscalacao ?? 0;
  // Stable across renders, so the cards whose requisition did not change are not drawn again.
  const tocar = useCallback(
    (req: Requisicao, porao: Porao, funcao: FuncaoOferta) => {
      const ref = {
        codCategoria,
        numRequisicao: req.numRequisicao,
        numPorao: porao.numPorao,
        seqCategoria: funcao.seqCategoria,
        codFuncao: funcao.codFuncao,
      };
      if (funcao.situacao === SITUACAO_OFERTA.erro) {
        setMensagemErro(funcao.mensagem ?? '');
        dispensarErroOferta(ref);
        return;
      }
      escolher(numEscalacao, ref);
    },
    [codCategoria, numEscalacao],
  );

  // The guard let us in; a call loaded since (test users) may lack this category.
  if (!escalaCarregada || !categoria || !dados) return <Navigate to={caminhos.escalacao} replace />;

  const conferente = codCategoria === CATEGORIA.conferente;
  const semPoroes = codCategoria === CATEGORIA.estivador && avulso.escolhaPoraoEstiva;

  let escolhidas = 0;
  let enviando = 0;
  let erros = 0;
  let visiveis = 0;
  for (const { funcao } of ofertasDe(dados)) {
    if (!funcao.habilitado) continue;
    visiveis++;
    if (funcao.escolhida) escolhidas++;
    if (funcao.situacao === SITUACAO_OFERTA.processando) enviando++;
    if (funcao.situacao === SITUACAO_OFERTA.erro) erros++;
  }

  const requisicoes = dados.requisicoes;
  return (
    <Tooltip.Provider delayDuration={150}>
      <section className="ofertas" aria-labelledby="titulo-ofertas">
        <header className="ofertas-cabecalho">
          <h1 id="titulo-ofertas">{nomeCategoria(categoria.nome)}</h1>
          <p className="ofertas-instrucao">Selecione as ofertas que você deseja se escalar</p>
          {aoVivo.escalaAberta !== undefined &&
          aoVivo.escalaAberta?.numEscalacao !== numEscalacao &&
          !avulso.usuarioTeste ? (
            <Alerta tipo="aviso">
              A escala nº {numEscalacao} foi fechada: as escolhas não podem mais ser alteradas.
            </Alerta>
          ) : null}
          <div className="ofertas-acoes">
            <button
              type="button"
              className="botao botao-secundario"
              disabled={!selecionarTudoHabilitado(dados)}
              onClick={() => selecionarTodas(numEscalacao, codCategoria)}
            >
              <ListChecks aria-hidden size={20} />
              Selecionar tudo
            </button>
            <button
              type="button"
              className="botao botao-secundario"
              disabled={!limparOfertasHabilitado(dados)}
              onClick={() => limparEscolhas(numEscalacao, codCategoria)}
            >
              <Eraser aria-hidden size={20} />
              Limpar ofertas
            </button>
          </div>
          {conferente ? (
            <p className="ofertas-nota">
              <Info aria-hidden size={18} />
              <span>
                O número em cada oferta escolhida é a sua ordem de preferência. Para reorganizar a escolha das
                funções, use o botão <strong>Limpar ofertas</strong> e escolha de novo na ordem desejada.
              </span>
            </p>
          ) : null}
        </header>

        {visiveis === 0 ? (
          <Alerta tipo="info">Não há ofertas desta categoria para as suas habilitações nesta escala.</Alerta>
        ) : null}
        <div className="requisicoes">
          {requisicoes.map((req) => (
            <CartaoRequisicao
              key={req.numRequisicao}
              requisicao={req}
              codCategoria={codCategoria}
              semPoroes={semPoroes}
              aoTocar={tocar}
            />
          ))}
        </div>

        <PainelConfirmados codCategoria={codCategoria} />
        <BotaoVoltar para={caminhos.escalacao} />
        <Resumo escolhidas={escolhidas} enviando={enviando} erros={erros} />

        <Modal
          aberto={mensagemErro !== null}
          aoMudar={(aberto) => {
            if (!aberto) setMensagemErro(null);
          }}
          titulo="Erro"
          acoes={
            <FecharModal>
              <button type="button" className="botao">
                OK
              </button>
            </FecharModal>
          }
        >
          <p className="ofertas-erro-mensagem">{mensagemErro}</p>
        </Modal>
      </section>
    </Tooltip.Provider>
  );
}
