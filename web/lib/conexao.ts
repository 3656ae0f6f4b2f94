import { useSyncExternalStore } from 'react';
import { CABECALHO_DADOS_DE, CACHE_DADOS_PESSOAIS } from './dados-offline.ts';

/**
 * Whether the screen shows data read without a network (docs/decisions/0132): the service worker marks an
 * answer it took from its cache with the time the server wrote it; any answer from the network clears the
 * mark. The banner (components/layout/aviso-sem-conexao.tsx) reads it with the browser's online flag.
 */
let dadosDe: number | null = null;
let online = typeof window === 'undefined' ? true : navigator.onLine;
const ouvintes = new Set<() => void>();
let instantaneo: { dadosDe: number | null; online: boolean } = { dadosDe, online };

function avisar() {
  instantaneo = { dadosDe, online };
  for (const fn of ouvintes) fn();
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    online = true;
    avisar();
  });
  window.addEventListener('offline', () => {
    online = false;
    avisar();
  });
}

/** Called by the API client with every answer it gets. */
export function registrarOrigem(resposta: Response): void {
  const marca = resposta.headers.get(CABECALHO_DADOS_DE);
  const novo = marca === null ? null : Date.parse(marca) || Date.now();
  if (novo !== dadosDe) {
    dadosDe = novo;
    avisar();
  }
}

export function useConexao(): { dadosDe: number | null; online: boolean } {
  return useSyncExternalStore(
    (fn) => {
      ouvintes.add(fn);
      return () => ouvintes.delete(fn);
    },
    () => instantaneo,
    () => instantaneo,
  );
}

/** Logout: what the service worker kept of this worker goes with the session. */
export async function apagarDadosOffline(): Promise<void> {
  dadosDe = null;
  avisar();
  if (typeof caches === 'undefined') return;
  await caches.delete(CACHE_DADOS_PESSOAIS);
}

/**
 * The service worker (vite-plugin-pwa's generateSW output, /sw.js) is registered once a worker is logged in
 * on their own phone: the login page stays as light as it is measured (no precache download behind it), and
 * a kiosk never installs one. `aoAssumir` runs when a first service worker takes control of this page, so
 * the worker's data read before it existed is read again through it and kept for offline use.
 */
export function registrarServiceWorker(aoAssumir: () => void): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const { serviceWorker } = navigator;
  if (!serviceWorker.controller)
    serviceWorker.addEventListener('controllerchange', aoAssumir, { once: true });
  serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
    // Without a service worker the app still works online; nothing to tell the worker.
  });
}
