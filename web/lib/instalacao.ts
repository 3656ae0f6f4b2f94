import { useSyncExternalStore } from 'react';
import { ehQuiosque } from './token.ts';

/**
 * Installing the app on the phone's home screen (issue 29; the installable app is decision 0132). Chromium
 * offers it with the `beforeinstallprompt` event, which comes once, early, and only when the page listens:
 * this module listens from the start (web/main.tsx imports it) and keeps the event for the button. Safari on
 * the iPhone has no such event: there the steps are written instead.
 */

/** Chromium's event (not in TypeScript's DOM types). */
interface EventoInstalacao extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** What the screen can offer: the browser's own prompt, the iPhone's steps, or nothing (installed, kiosk…). */
export type Instalacao = { tipo: 'botao'; instalar: () => Promise<void> } | { tipo: 'iphone' } | null;

let evento: EventoInstalacao | null = null;
let instalado = false;
const ouvintes = new Set<() => void>();

function avisar() {
  atual = calcular();
  for (const fn of ouvintes) fn();
}

function jaInstalado(): boolean {
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return instalado || standalone || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

function ehIphone(): boolean {
  // iPadOS says Macintosh; a touch screen tells it from a Mac.
  return (
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1)
  );
}

async function instalar(): Promise<void> {
  const pedido = evento;
  if (!pedido) return;
  // The browser's prompt can be shown once per event.
  evento = null;
  await pedido.prompt();
  const { outcome } = await pedido.userChoice;
  if (outcome === 'accepted') instalado = true;
  avisar();
}

function calcular(): Instalacao {
  if (typeof window === 'undefined' || ehQuiosque() || jaInstalado()) return null;
  if (evento) return { tipo: 'botao', instalar };
  return ehIphone() ? { tipo: 'iphone' } : null;
}

let atual: Instalacao = null;

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    // The button asks when the worker wants it, not the browser's own banner at a random moment.
    e.preventDefault();
    evento = e as EventoInstalacao;
    avisar();
  });
  window.addEventListener('appinstalled', () => {
    instalado = true;
    evento = null;
    avisar();
  });
  atual = calcular();
}

/** What can be offered now; null on the server and while nothing can (the server's page never has it). */
export function useInstalacao(): Instalacao {
  return useSyncExternalStore(
    (fn) => {
      ouvintes.add(fn);
      return () => ouvintes.delete(fn);
    },
    () => atual,
    () => null,
  );
}
