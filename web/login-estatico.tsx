import { QueryClient } from '@tanstack/react-query';
import { renderizarCaminho } from './estatico.tsx';

/**
 * /login's markup as the app renders it before any answer arrived, written by the build into login.html
 * (vite.config.ts), so a phone paints the page from the HTML while the scripts download; the client then
 * hydrates it (docs/decisions/0135, 0191, 0194). Runs in Node at build time, with react-dom/server.
 */
export function htmlDoLogin(): string {
  return renderizarCaminho('/login', new QueryClient());
}
