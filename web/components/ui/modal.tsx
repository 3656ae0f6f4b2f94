import {
  cloneElement,
  createContext,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

interface ModalProps {
  aberto: boolean;
  aoMudar: (aberto: boolean) => void;
  titulo: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom; FecharModal works inside. */
  acoes?: ReactNode;
  /** Hidden description for screen readers when the body is not a plain text. */
  descricao?: string;
  /** Or the id of the body's own text that describes the dialog (a confirmation's question). */
  descritoPor?: string;
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

/** Closes the dialog it is in (FecharModal). */
const FecharDialogo = createContext<() => void>(() => undefined);

/**
 * The accessible dialog of the app: the platform's own `<dialog>` opened with `showModal()`
 * (docs/decisions/0193-inicio-sem-tarefas-longas.md): the page behind it inert, focus inside it and back on
 * the control that opened it when it closes, Esc and a tap outside it ask `aoMudar(false)`. On a short
 * screen only the body scrolls, so the actions (Fechar, Baixar PDF) always show. Rendered only while open.
 */
export function Modal({ aberto, aoMudar, ...resto }: ModalProps) {
  return aberto ? <DialogoAberto aoFechar={() => aoMudar(false)} {...resto} /> : null;
}

function DialogoAberto({
  aoFechar,
  titulo,
  children,
  acoes,
  descricao,
  descritoPor,
  className,
}: Omit<ModalProps, 'aberto' | 'aoMudar'> & { aoFechar: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const idTitulo = useId();
  const idDescricao = useId();
  // The latest handler, for the dialog's own events (Esc, a tap outside) without reopening it.
  const fechar = useRef(aoFechar);
  fechar.current = aoFechar;
  // Whether the app closed it (unmounted), so the 'close' event of its own close() asks nothing.
  const fechadoPeloApp = useRef(false);
  // Whether the press began on the backdrop (a text selection dragged out of the box is not a tap outside).
  const pressaoFora = useRef(false);

  useLayoutEffect(() => {
    const dialogo = ref.current;
    if (!dialogo) return;
    // Reset for an effect run again on the same dialog (React's StrictMode in development).
    fechadoPeloApp.current = false;
    dialogo.showModal();
    return () => {
      // Closed before it leaves the page, so the browser gives focus back to what opened it.
      fechadoPeloApp.current = true;
      if (dialogo.open) dialogo.close();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the click is a tap outside; Esc is the keyboard's (onCancel)
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={idTitulo}
      aria-describedby={descricao ? idDescricao : descritoPor}
      // Esc (and a phone's back gesture, a close request) asks the app to close it, as 'Fechar' does; a dialog
      // that may not close yet (a vote being sent) stays open.
      onCancel={(e) => {
        e.preventDefault();
        fechar.current();
      }}
      // The browser may close it anyway (a second Esc without a touch between them): the app is asked, and if
      // it keeps the dialog, the dialog comes back once the app has answered.
      onClose={() => {
        if (fechadoPeloApp.current) return;
        fechar.current();
        setTimeout(() => {
          const dialogo = ref.current;
          if (!fechadoPeloApp.current && dialogo?.isConnected && !dialogo.open) dialogo.showModal();
        }, 0);
      }}
      onPointerDown={(e) => {
        pressaoFora.current = e.target === e.currentTarget;
      }}
      // The box fills the dialog, so a click on the dialog itself is a click on its backdrop.
      onClick={(e: MouseEvent<HTMLDialogElement>) => {
        if (e.target === e.currentTarget && pressaoFora.current) fechar.current();
      }}
    >
      <FecharDialogo.Provider value={() => fechar.current()}>
        <div className="modal-caixa">
          <h2 id={idTitulo} className="modal-titulo">
            {titulo}
          </h2>
          {descricao ? (
            <p id={idDescricao} className="visualmente-oculto">
              {descricao}
            </p>
          ) : null}
          {/* The body scrolls; title and actions stay on screen (docs/decisions/0120-telas-conferidas.md). */}
          <CorpoModal>{children}</CorpoModal>
          {acoes ? <div className="modal-acoes">{acoes}</div> : null}
        </div>
      </FecharDialogo.Provider>
    </dialog>
  );
}

/** Its one child (a button) closes the dialog it is in, after doing what it does itself. */
export function FecharModal({ children }: { children: ReactElement<{ onClick?: (e: MouseEvent) => void }> }) {
  const fechar = useContext(FecharDialogo);
  return cloneElement(children, {
    onClick: (e: MouseEvent) => {
      children.props.onClick?.(e);
      fechar();
    },
  });
}
