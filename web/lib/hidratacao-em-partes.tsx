import { type ReactElement, Suspense, useSyncExternalStore } from 'react';

/**
 * /inicio's hydration in parts (docs/decisions/0193-inicio-sem-tarefas-longas.md). The page arrives drawn by the
 * server (decision 0192) and the client takes over its nodes in one go: on a phone that was one task of
 * ≈ 200 ms, the last long task of the page's start. Preact keeps the server's nodes of a component that
 * suspends while hydrating and hydrates them when it resumes (preact/compat's Suspense); so each part below
 * suspends during the first hydration and resumes in a task of its own, one part per task.
 *
 * Each part leaves the user-timing mark 'portal-tpa:parte-hidratada' and the end 'portal-tpa:hidratacao-concluida'
 * (the browser tests count them; a profile shows them).
 *
 * A part wraps exactly one element: a part that suspends while hydrating keeps the first element it meets,
 * so a part that could render nothing, or two elements, would take its neighbour's.
 */

/** The releases of the parts the running hydration put aside, in order; null when none is running. */
let aLiberar: (() => void)[] | null = null;

/** Whether parts are still waiting for their task, and who wants to know when they are done. */
let emAndamento = false;
const aoConcluir = new Set<() => void>();

/**
 * Runs `hidratar` (a hydration that completes within the call, as Preact's does) with the parts put aside,
 * then lets them hydrate one per task, in the page's order.
 */
export function hidratarEmPartes(hidratar: () => void): void {
  const liberacoes: (() => void)[] = [];
  aLiberar = liberacoes;
  emAndamento = true;
  try {
    hidratar();
  } finally {
    aLiberar = null;
  }
  const proxima = () => {
    const liberar = liberacoes.shift();
    if (!liberar) {
      performance.mark('portal-tpa:hidratacao-concluida');
      emAndamento = false;
      for (const avisar of aoConcluir) avisar();
      return;
    }
    // The part hydrates in this task's microtasks (Preact renders there); the next part in the next task.
    liberar();
    performance.mark('portal-tpa:parte-hidratada');
    setTimeout(proxima, 0);
  };
  setTimeout(proxima, 0);
}

/**
 * False while /inicio's parts are still hydrating, then true (in the browser, always true anywhere else; on the
 * server, false): what the page adds after its first paint (the service messages' dialog) waits for it, out
 * of the parts' tasks.
 */
export function useHidratacaoConcluida(): boolean {
  return useSyncExternalStore(
    (avisar) => {
      aoConcluir.add(avisar);
      return () => aoConcluir.delete(avisar);
    },
    () => !emAndamento,
    // The server draws the page without what waits for the hydration.
    () => false,
  );
}

function Espera({ children }: { children: ReactElement }): ReactElement {
  const liberacoes = aLiberar;
  if (liberacoes) throw new Promise<void>((liberar) => liberacoes.push(liberar));
  return children;
}

/** A part of /inicio that hydrates in a task of its own; anywhere else (and on the server) just `children`. */
export function ParteHidratadaDepois({ children }: { children: ReactElement }): ReactElement {
  return (
    <Suspense fallback={null}>
      <Espera>{children}</Espera>
    </Suspense>
  );
}
