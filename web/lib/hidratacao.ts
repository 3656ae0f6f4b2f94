import { useSyncExternalStore } from 'react';

const nenhumAviso = () => () => undefined;

/**
 * False on the server and while React hydrates the page it drew, true afterwards (and from the first render of a
 * page React builds from nothing): what only the browser adds, never in the server's HTML (the service
 * messages' dialog), renders once the hydration is done, so the hydration meets exactly the server's markup
 * (docs/decisions/0194-react-no-navegador.md).
 */
export function useDepoisDaHidratacao(): boolean {
  return useSyncExternalStore(
    nenhumAviso,
    () => true,
    () => false,
  );
}
