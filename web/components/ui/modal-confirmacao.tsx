import { type ReactNode, useId } from 'react';
import { Alerta } from './estados.tsx';
import { Modal } from './modal.tsx';

interface ModalConfirmacaoProps {
  aberto: boolean;
  /** 'Voltar', Esc or a tap outside; never asked while `enviando` (the dialog waits for the answer). */
  aoFechar: () => void;
  aoConfirmar: () => void;
  titulo: string;
  /** The question the dialog asks: its accessible description. */
  texto: ReactNode;
  /** The action's button ('Encerrar', 'Gerar a chave'). */
  acao: string;
  /** The action's button while the answer is on its way. */
  acaoEnviando?: string;
  /** The way back ('Voltar'). */
  voltar?: string;
  /** A red action: what it does cannot be undone. */
  perigo?: boolean;
  enviando: boolean;
  /** The action still lacks something the dialog asks for (a key not typed yet). */
  bloqueado?: boolean;
  /** Why the server refused, shown in the dialog, where the eye is. */
  erro?: string | null;
  /** What comes after the question: a warning, a field. */
  children?: ReactNode;
}

/**
 * The staff's "are you sure?" (close a call, end a notice, the key ceremony…): the app's Modal (focus kept
 * inside and given back, Esc), titled and described by its question, 'Voltar' beside the action, the action
 * saying it is on its way and the dialog staying open until the server answers, its refusal shown inside.
 */
export function ModalConfirmacao({
  aberto,
  aoFechar,
  aoConfirmar,
  titulo,
  texto,
  acao,
  acaoEnviando = 'Aguarde...',
  voltar = 'Voltar',
  perigo = false,
  enviando,
  bloqueado = false,
  erro,
  children,
}: ModalConfirmacaoProps) {
  const idTexto = useId();
  return (
    <Modal
      aberto={aberto}
      aoMudar={(abrir) => {
        if (!abrir && !enviando) aoFechar();
      }}
      titulo={titulo}
      descritoPor={idTexto}
      acoes={
        <>
          <button type="button" className="botao botao-secundario" disabled={enviando} onClick={aoFechar}>
            {voltar}
          </button>
          <button
            type="button"
            className={perigo ? 'botao botao-perigo' : 'botao botao-destaque'}
            disabled={enviando || bloqueado}
            onClick={aoConfirmar}
          >
            {enviando ? acaoEnviando : acao}
          </button>
        </>
      }
    >
      <div id={idTexto}>{texto}</div>
      {children}
      {erro ? <Alerta tipo="erro">{erro}</Alerta> : null}
    </Modal>
  );
}
