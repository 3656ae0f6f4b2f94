import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Issue 29's budgets for the JavaScript a page loads, brotli (docs/decisions/0133 and 0194; issue 14 had 100 KB
 * for /login, which React's own weight no longer fits): judged as 130,000 and 160,000 bytes, the sum of the
 * `.br` files the build writes beside every script the page loads (what a phone receives over HTTPS). Read by
 * `npm run bench:web` and by the browser tests that keep them (e2e/react.spec.ts).
 */
export const ORCAMENTO_JS_LOGIN_BYTES = 130_000;
export const ORCAMENTO_JS_INICIO_BYTES = 160_000;

/** Brotli bytes of a script the page loaded: the .br the build wrote beside it (or the file itself, < 1 KiB). */
export function bytesBr(webDir: string, url: string): number {
  const arquivo = path.join(webDir, new URL(url).pathname);
  if (existsSync(`${arquivo}.br`)) return statSync(`${arquivo}.br`).size;
  return existsSync(arquivo) ? statSync(arquivo).size : 0;
}
