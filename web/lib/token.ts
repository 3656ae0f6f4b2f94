/**
 * The session token. Kept in sessionStorage at the kiosk (gone when the browser closes) and in
 * localStorage on a worker's own phone, so a reload keeps the session.
 */
const CHAVE = 'portal-tpa.token';
const CHAVE_QUIOSQUE = 'portal-tpa.quiosque';

function armazenamento(): Storage {
  return sessionStorage.getItem(CHAVE_QUIOSQUE) === '1' ? sessionStorage : localStorage;
}

export function lerToken(): string | undefined {
  return armazenamento().getItem(CHAVE) ?? undefined;
}

export function definirToken(token: string): void {
  armazenamento().setItem(CHAVE, token);
}

export function limparToken(): void {
  localStorage.removeItem(CHAVE);
  sessionStorage.removeItem(CHAVE);
  sessionStorage.removeItem(CHAVE_QUIOSQUE);
}

export function marcarQuiosque(quiosque: boolean): void {
  if (quiosque) sessionStorage.setItem(CHAVE_QUIOSQUE, '1');
  else sessionStorage.removeItem(CHAVE_QUIOSQUE);
}

export function ehQuiosque(): boolean {
  return sessionStorage.getItem(CHAVE_QUIOSQUE) === '1';
}
