import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Issue 14's budget for the JavaScript of /login, brotli (docs/decisions/0133 and 0135): judged as 100,000
 * bytes, the sum of the `.br` files the build writes beside every script the page loads (what a phone
 * receives over HTTPS). Read by `npm run bench:web` and by the browser test that keeps it
 * (e2e/sessao.spec.ts).
 */
export const ORCAMENTO_JS_LOGIN_BYTES = 100_000;

/** Brotli bytes of a script the page loaded: the .br the build wrote beside it (or the file itself, < 1 KiB). */
export function bytesBr(webDir: string, url: string): number {
  const arquivo = path.join(webDir, new URL(url).pathname);
  if (existsSync(`${arquivo}.br`)) return statSync(`${arquivo}.br`).size;
  return existsSync(arquivo) ? statSync(arquivo).size : 0;
}
