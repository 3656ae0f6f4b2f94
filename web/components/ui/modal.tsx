import * as Dialog from '@radix-ui/react-dialog';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

interface ModalProps {
  aberto: boolean;
  aoMudar: (aberto: boolean) => void;
  titulo: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom; Dialog.Close works inside. */
  acoes?: ReactNode;
  /** Hidden description for screen readers when the body is not a plain text. */
  descricao?: string;
  className?: string;
}

/**
 * The dialog's body, the one part that scrolls (docs/decisions/0120-telas-conferidas.md). When it does
 * scroll it takes keyboard focus, so it can be scrolled without a pointer (axe: scrollable-region-focusable);
 * when it does not, the first button keeps the dialog's first focus.
 */
function CorpoModal({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [rola, setRola] = useState(false);
  useLayoutEffect(() => {
    const corpo = ref.current;
    if (!corpo) return;
    const medir = () => setRola(corpo.scrollHeight > corpo.clientHeight + 1);
    medir();
    const observador = new ResizeObserver(medir);
    observador.observe(corpo);
    for (const filho of Array.from(corpo.children)) observador.observe(filho);
    return () => observador.disconnect();
  }, []);
  return (
    <div ref={ref} className="modal-corpo" tabIndex={rola ? 0 : undefined}>
      {children}
    </div>
  );
}

/**
 * The accessible dialog of the app (Radix Dialog): focus trap, Esc, click outside. On a short screen only
 * the body scrolls, so the actions (Fechar, Baixar PDF) always show.
 */
export function Modal({ aberto, aoMudar, titulo, children, acoes, descricao, className }: ModalProps) {
  return (
    <Dialog.Root open={aberto} onOpenChange={aoMudar}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-fundo" />
        <Dialog.Content
          className={className ? `modal ${className}` : 'modal'}
          aria-describedby={descricao ? undefined : undefined}
        >
          <Dialog.Title className="modal-titulo">{titulo}</Dialog.Title>
          {descricao ? (
            <Dialog.Description className="visualmente-oculto">{descricao}</Dialog.Description>
          ) : null}
          {/* The body scrolls; title and actions stay on screen (docs/decisions/0120-telas-conferidas.md). */}
          <CorpoModal>{children}</CorpoModal>
          {acoes ? <div className="modal-acoes">{acoes}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const FecharModal = Dialog.Close;
