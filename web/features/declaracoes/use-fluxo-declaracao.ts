import type { UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { MENSAGEM_ERRO_CONSULTA } from '#common/declaracoes.ts';
import { mensagemDoErro, urlDaDeclaracaoExistente } from './erros.ts';
import { usePassos } from './use-passos.ts';

/** The steps every declaration flow has besides its own (docs/produto/minha-conta.md §2). */
export type PassoComum = 'Carregando' | 'ErroGenerico' | 'NaoHabilitado' | 'Declaracao' | 'ConfirmacaoEnvio';

/** The flow's own texts the shared steps show (common/declaracoes.ts, MENSAGENS_DECLARACAO). */
interface MensagensFluxo {
  naoHabilitado: string;
  jaEmitida: string;
}

/**
 * What both flows share around their forms: the steps, the error or confirmation on screen, and how a
 * failure moves the flow (a declaration already issued shows its confirmation, anything else
 * ErroGenerico with the server's message or `padrao`).
 */
export function useFluxoDeclaracao<P extends string>(mensagens: MensagensFluxo) {
  const { passo, irPara, voltar } = usePassos<P | PassoComum>('Carregando');
  const [erro, setErro] = useState('');
  const [confirmacao, setConfirmacao] = useState({ mensagem: '', url: '' });

  const mostrarErro = useCallback(
    (mensagem: string) => {
      setErro(mensagem);
      irPara('ErroGenerico');
    },
    [irPara],
  );
  const confirmar = useCallback(
    (mensagem: string, url: string) => {
      setConfirmacao({ mensagem, url });
      irPara('ConfirmacaoEnvio');
    },
    [irPara],
  );
  const mostrarJaEmitida = useCallback(
    (url: string) => confirmar(mensagens.jaEmitida, url),
    [confirmar, mensagens.jaEmitida],
  );
  const falhar = useCallback(
    (e: unknown, padrao: string) => {
      const existente = urlDaDeclaracaoExistente(e);
      if (existente) mostrarJaEmitida(existente);
      else mostrarErro(mensagemDoErro(e, padrao));
    },
    [mostrarJaEmitida, mostrarErro],
  );

  return {
    mensagens,
    passo,
    irPara,
    voltar,
    erro,
    confirmacao,
    mostrarErro,
    confirmar,
    mostrarJaEmitida,
    falhar,
  };
}

export type FluxoDeclaracao<P extends string> = ReturnType<typeof useFluxoDeclaracao<P>>;

/**
 * The first answers (the access call and the config) decide where the flow starts (docs/produto/minha-conta.md §4):
 * a failure is ErroGenerico; a declaration already issued, its confirmation; anything else `decidir`.
 */
export function useInicioDoFluxo<P extends string, D extends { declaracao: { url: string } | null }>(
  fluxo: FluxoDeclaracao<P>,
  acesso: UseQueryResult<D>,
  config: UseQueryResult<unknown>,
  decidir: (dados: D) => void,
) {
  const decidido = useRef(false);
  const { mostrarErro, mostrarJaEmitida } = fluxo;
  const decidirComDados = useEffectEvent(decidir);
  useEffect(() => {
    if (decidido.current) return;
    const falha = acesso.error ?? config.error;
    if (falha) {
      decidido.current = true;
      mostrarErro(mensagemDoErro(falha, MENSAGEM_ERRO_CONSULTA));
      return;
    }
    const d = acesso.data;
    if (!d || !config.data) return;
    decidido.current = true;
    if (d.declaracao) mostrarJaEmitida(d.declaracao.url);
    else decidirComDados(d);
  }, [acesso.data, acesso.error, config.data, config.error, mostrarErro, mostrarJaEmitida]);
}
