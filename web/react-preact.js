import compat from 'preact/compat';

export * from 'preact/compat';

/**
 * What `react` is in the browser build: preact/compat, plus the one hook react-router 8 asks for that
 * preact/compat 11 does not have (docs/decisions/0135-preact-no-navegador.md). vite.config.ts points
 * `react` here. JavaScript, not TypeScript: preact/compat's types are written as `export =`, which
 * TypeScript does not let a module re-export with `export *`; the app's types stay @types/react.
 *
 * react-router's RouterProvider calls `useOptimistic(state)` and calls its setter only when it is given
 * `useTransitions` (web/main.tsx does not), so the optimistic state is always the state itself: this hook
 * returns it unchanged, and a setter that does nothing.
 *
 * @template S
 * @param {S} estado
 * @returns {[S, (acao: unknown) => void]}
 */
export function useOptimistic(estado) {
  return [estado, semOtimismo];
}

function semOtimismo() {}

export default { ...compat, useOptimistic };
