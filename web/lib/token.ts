import { CAMINHO_INICIO, COOKIE_INICIO } from '#common/inicio-no-html.ts';

/**
 * The session token. Kept in sessionStorage at the kiosk (gone when the browser closes) and in
 * localStorage on a worker's own phone, so a reload keeps the session. On the phone a copy also goes in
 * a cookie sent only with navigations to /inicio, so the server can answer the home with it
 * (docs/decisions/0192-inicio-no-html.md); at the kiosk never.
 */
const CHAVE = 'portal-tpa.token';
const CHAVE_QUIOSQUE = 'portal-tpa.quiosque';

function armazenamento(): Storage {
  return sessionStorage.getItem(CHAVE_QUIOSQUE) === '1' ? sessionStorage : localStorage;
}

export function lerToken(): string | undefined {
  return armazenamento().getItem(CHAVE) ?? undefined;
}

/** How long the cookie outlives a visit: the server decides whether the session it names still holds. */
const VALIDADE_COOKIE_S = 30 * 24 * 60 * 60;

function gravarCookieInicio(token: string | undefined): void {
  const seguro = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing from some phones' browsers; this write must land before the next navigation.
  document.cookie = `${COOKIE_INICIO}=${token ? encodeURIComponent(token) : ''}; Path=${CAMINHO_INICIO}; Max-Age=${
    token ? VALIDADE_COOKIE_S : 0
  }; SameSite=Strict${seguro}`;
}

export function definirToken(token: string): void {
  armazenamento().setItem(CHAVE, token);
  if (!ehQuiosque()) gravarCookieInicio(token);
}

/** Every `TPA-INICIO` the page can see (more than one when another site of the domain set its own). */
export function cookiesDoInicio(): string[] {
  return document.cookie
    .split('; ')
    .filter((par) => par.startsWith(`${COOKIE_INICIO}=`))
    .map((par) => {
      const valor = par.slice(COOKIE_INICIO.length + 1);
      try {
        return decodeURIComponent(valor);
      } catch {
        return valor;
      }
    });
}

/** A phone whose token predates the cookie (or lost it) gets it at startup (web/main.tsx). */
export function espelharTokenNoCookie(): void {
  const token = lerToken();
  if (token && !ehQuiosque()) gravarCookieInicio(token);
}

export function limparToken(): void {
  localStorage.removeItem(CHAVE);
  sessionStorage.removeItem(CHAVE);
  sessionStorage.removeItem(CHAVE_QUIOSQUE);
  gravarCookieInicio(undefined);
}

export function marcarQuiosque(quiosque: boolean): void {
  if (quiosque) {
    sessionStorage.setItem(CHAVE_QUIOSQUE, '1');
    gravarCookieInicio(undefined);
  } else sessionStorage.removeItem(CHAVE_QUIOSQUE);
}

export function ehQuiosque(): boolean {
  return sessionStorage.getItem(CHAVE_QUIOSQUE) === '1';
}
