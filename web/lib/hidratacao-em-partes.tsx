import { type ReactElement, Suspense, useRef, useSyncExternalStore } from 'react';

/**
 * /inicio's hydration in parts (docs/decisions/0193-inicio-sem-tarefas-longas.md). The page arrives drawn by
 * the server (decision 0192) and the client takes over its nodes in one go: on a phone that was one task of
 * ≈ 200 ms, the last long task of the page's start. Preact keeps the server's nodes of a component that
 * suspends while hydrating and hydrates them when it resumes (preact/compat's Suspense); so each part below
 * suspends the first time it renders while the parts are being hydrated, and resumes in a task of its own,
 * one part per task, in the order they were met. Parts nest: the parts inside a part are met when it resumes,
 * and wait for their own tasks.
 *
 * Each part leaves the user-timing mark 'portal-tpa:parte-hidratada' and the end 'portal-tpa:hidratacao-concluida'
 * (the browser tests count them; a profile shows them).
 *
 * A part wraps exactly one element: a part that suspends while hydrating keeps the first element it meets,
 * so a part that could render nothing, or two elements, would take its neighbour's. A part that mounts anew
 * while the parts are hydrating (the data changed under it) shows one task later; once shown, a part never
 * suspends again.
 */

/** The releases of the parts put aside, in order; null when no hydration in parts is running. */
let aLiberar: (() => void)[] | null = null;

/**
 * Whether this page started with a hydration in parts: only then is a part more than its children (a
 * Suspense costs /login's hydration, where nothing waits, its first use of compat's Suspense code).
 */
let comPartes = false;

/** The parts released, by their children (the element a resumed part renders again). */
const liberadas = new WeakSet<object>();

/** Who wants to know when the parts are done. */
const aoConcluir = new Set<() => void>();

/**
 * Runs `hidratar` (a hydration that completes within the call, as Preact's does) with the parts put aside,
 * then lets them hydrate one per task, in the page's order, until none waits.
 */
export function hidratarEmPartes(hidratar: () => void): void {
  const liberacoes: (() => void)[] = [];
  aLiberar = liberacoes;
  comPartes = true;
  // A touch or a key while parts wait: all of them hydrate now, in this event's microtasks, before the click
  // or the key that follows acts on the page (a navigation re-rendering a waiting part would hydrate another
  // page onto the home's nodes).
  const liberarTodas = () => {
    aLiberar = null;
    for (const liberar of liberacoes.splice(0)) liberar();
  };
  const gestos = ['pointerdown', 'keydown'] as const;
  for (const gesto of gestos) window.addEventListener(gesto, liberarTodas, { capture: true, once: true });
  const proxima = () => {
    const liberar = liberacoes.shift();
    if (!liberar) {
      for (const gesto of gestos) window.removeEventListener(gesto, liberarTodas, { capture: true });
      aLiberar = null;
      performance.mark('portal-tpa:hidratacao-concluida');
      for (const avisar of aoConcluir) avisar();
      return;
    }
    // The part hydrates in this task's microtasks (Preact renders there); the next part in the next task.
    liberar();
    performance.mark('portal-tpa:parte-hidratada');
    setTimeout(proxima, 0);
  };
  try {
    hidratar();
  } finally {
    setTimeout(proxima, 0);
  }
}

/**
 * False while /inicio's parts are still hydrating, then true (in the browser, always true anywhere else; on the
 * server, false): what the page adds after its first paint (the service messages' dialog, the live call)
 * waits for it, out of the parts' tasks.
 */
export function useHidratacaoConcluida(): boolean {
  return useSyncExternalStore(
    (avisar) => {
      aoConcluir.add(avisar);
      return () => aoConcluir.delete(avisar);
    },
    () => aLiberar === null,
    // The server draws the page without what waits for the hydration.
    () => false,
  );
}

function Espera({ children }: { children: ReactElement }): ReactElement {
  // Kept once the part has rendered (a component that suspends before its first render keeps no hooks).
  const mostrada = useRef(false);
  const liberacoes = aLiberar;
  if (!mostrada.current && liberacoes && !liberadas.has(children))
    throw new Promise<void>((liberar) =>
      liberacoes.push(() => {
        liberadas.add(children);
        liberar();
      }),
    );
  mostrada.current = true;
  return children;
}

/** Rendering on the server (the drawn /inicio, the built /login): no document. */
const NO_SERVIDOR = typeof document === 'undefined';

/**
 * A part of /inicio that hydrates in a task of its own; on a page that did not start so, and on the server,
 * just `children` (the choice is made once, before the first render, so a part keeps its shape).
 */
export function ParteHidratadaDepois({ children }: { children: ReactElement }): ReactElement {
  // The server writes the part's element alone: a Suspense there would write React's boundary comments around
  // it, which the hydration then removes from the frame's flex boxes, a second layout of the whole page.
  if (NO_SERVIDOR || !comPartes) return children;
  return (
    <Suspense fallback={null}>
      <Espera>{children}</Espera>
    </Suspense>
  );
}
